"""Sanma's presentation home: how 3-player riichi mahjong looks on Discord and in its pictures.

``embeds`` holds the public table, the hand panel (tiles as discard buttons), the narration and the hands'
results; ``pictures`` the table, panel and result pictures; ``words`` the rules summary and the tiles' and
melds' names. Public embeds and pictures read the public view only (rivers, melds, kita, dora indicators,
points, honba, sticks, wall count, whose turn); a player's concealed tiles go only into their own ephemeral panel.
"""

from __future__ import annotations

from bot.render import Presentation, holds_hand
from bot.render.sanma import pictures
from bot.render.sanma.embeds import action_label, narrate, panel, summary, table_embed
from bot.render.sanma.words import RULES

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
