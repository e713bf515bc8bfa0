"""Hachi-Hachi's presentation home: its embeds, panel, narration and summaries (``embeds``), its pictures
(``pictures``) and its words and rules summary (``words``)."""

from __future__ import annotations

from bot.render import Presentation
from bot.render.hachihachi import embeds, pictures, words

PRESENTATION = Presentation.from_modules(embeds, pictures, words)
