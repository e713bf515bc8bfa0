"""Black Flower's presentation home: its embeds (:mod:`.embeds`), narration (:mod:`.narration`), pictures
(:mod:`.pictures`) and words (:mod:`.words`), declared as one :class:`bot.render.Presentation`."""

from __future__ import annotations

from bot.render import Presentation
from bot.render.blackflower import pictures
from bot.render.blackflower.embeds import action_label, panel, table_embed
from bot.render.blackflower.narration import narrate, summary
from bot.render.blackflower.words import RULES

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
    panel_shows=pictures.panel_shows,
    panel_drawn_from=pictures.panel_drawn_from,
    result_picture=pictures.result_picture,
)
