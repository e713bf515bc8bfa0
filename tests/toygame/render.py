"""The toy game's presentation home (``bot.render.Presentation``), declared from its modules as every game's is:
its embeds and narration (:mod:`.embeds`) and its table picture (:mod:`.picture`)."""

from __future__ import annotations

from bot.render import Presentation
from tests.toygame import embeds, picture

PRESENTATION = Presentation.from_modules(embeds, picture)
