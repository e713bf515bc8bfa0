"""Koi-Koi's presentation home: its embeds, panel and narration (``embeds``), its pictures (``pictures``) and its
words and rules summary (``words``)."""

from __future__ import annotations

from bot.render import Presentation
from bot.render.koikoi import embeds, pictures, words

PRESENTATION = Presentation.from_modules(embeds, pictures, words)
