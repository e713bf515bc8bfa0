"""Black Flower's presentation home: its embeds (:mod:`.embeds`), narration (:mod:`.narration`), pictures
(:mod:`.pictures`) and words (:mod:`.words`), declared as one :class:`bot.render.Presentation`."""

from __future__ import annotations

from bot.render import Presentation
from bot.render.blackflower import embeds, narration, pictures, words

PRESENTATION = Presentation.from_modules(embeds, narration, pictures, words)
