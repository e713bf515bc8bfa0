"""Koi-Koi's presentation home: its embeds, panel and narration (``embeds``), its pictures (``pictures``) and its
words and rules summary (``words``)."""

from __future__ import annotations

from bot.render import Presentation, holds_hand
from bot.render.koikoi import pictures
from bot.render.koikoi.embeds import action_label, narrate, panel, summary, table_embed
from bot.render.koikoi.words import RULES

PRESENTATION = Presentation(
    table_embed=table_embed,
    panel=panel,
    narrate=narrate,
    summary=summary,
    action_label=action_label,
    rules=RULES,
    faces=pictures.FACES,
    table_picture=pictures.table_picture,
    panel_picture=pictures.panel_picture,
    panel_shows=holds_hand,
    result_picture=pictures.result_picture,
)
