"""Black Christmas Poker's presentation home: how the game looks on Discord and in its pictures.

``embeds`` draws the table's embed and a seat's hand panel with its buttons, ``narration`` the public events and
the results, ``pictures`` the table, panel and result pictures, ``words`` the cards' names, what each phase asks
and the /rules summary. Only the public view reaches what everyone sees; a seat's own view reaches only its panel.
"""

from __future__ import annotations

from bot.render import Presentation, holds_hand
from bot.render.bcpoker import embeds, narration, pictures
from bot.render.bcpoker.words import RULES

PRESENTATION = Presentation(
    table_embed=embeds.table_embed,
    panel=embeds.panel,
    narrate=narration.narrate,
    summary=narration.summary,
    action_label=embeds.action_label,
    rules=RULES,
    faces=pictures.FACES,
    table_picture=pictures.table_picture,
    panel_picture=pictures.panel_picture,
    panel_shows=holds_hand,
    result_picture=pictures.result_picture,
)
