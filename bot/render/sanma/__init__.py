"""Sanma's presentation home: how 3-player riichi mahjong looks on Discord and in its pictures.

``embeds`` holds the public table, the hand panel (tiles as discard buttons), the narration and the hands'
results; ``pictures`` the table, panel and result pictures; ``words`` the rules summary and the tiles' and
melds' names. Public embeds and pictures read the public view only (rivers, melds, kita, dora indicators,
points, honba, sticks, wall count, whose turn); a player's concealed tiles go only into their own ephemeral panel.
"""

from __future__ import annotations

from bot.render import Presentation
from bot.render.sanma import embeds, pictures, words

PRESENTATION = Presentation.from_modules(embeds, pictures, words)
