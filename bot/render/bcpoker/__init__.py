"""Black Christmas Poker's presentation home: how the game looks on Discord and in its pictures.

``embeds`` draws the table's embed and a seat's hand panel with its buttons, ``narration`` the public events and
the results, ``pictures`` the table, panel and result pictures, ``words`` the cards' names, what each phase asks
and the /rules summary. Only the public view reaches what everyone sees; a seat's own view reaches only its panel.
"""

from __future__ import annotations

from bot.render import Presentation
from bot.render.bcpoker import embeds, narration, pictures, words

PRESENTATION = Presentation.from_modules(embeds, narration, pictures, words)
