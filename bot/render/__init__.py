"""Per-game renderers: public table embeds, hand panels and narration for Discord.

A renderer module exposes:
- ``table_embed(public_view, seats, deadline) -> discord.Embed``
- ``panel(view, legal, seats, deadline) -> (discord.Embed, list[ButtonSpec])``
- ``narrate(event, names) -> str | None`` (public events only)
- ``summary(event, names) -> discord.Embed | None`` (round and game results)
- ``action_label(action) -> str``
"""

from __future__ import annotations

import importlib
from types import ModuleType

_RENDERERS = {
    "koikoi": "bot.render.koikoi",
    "sanma": "bot.render.sanma",
    "blackflower": "bot.render.blackflower",
    "bcpoker": "bot.render.bcpoker",
    "hachihachi": "bot.render.hachihachi",
}


def get_renderer(game: str) -> ModuleType:
    return importlib.import_module(_RENDERERS[game])
