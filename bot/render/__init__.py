"""Per-game renderers: public table embeds, hand panels and narration for Discord.

The renderer of the game ``<name>`` is the module ``bot.render.<name>``; a game outside the
package (a test's toy game) supplies its own with :func:`use_renderer`. A renderer module exposes:
- ``table_embed(public_view, seats, deadline) -> discord.Embed``
- ``panel(view, legal, seats, deadline) -> (discord.Embed, list[ButtonSpec])``
- ``narrate(event, names) -> str | None`` (public events only)
- ``summary(event, names) -> discord.Embed | None`` (round and game results)
- ``action_label(action) -> str``
"""

from __future__ import annotations

import importlib
from types import ModuleType

_ELSEWHERE: dict[str, str] = {}  # game name -> renderer module, for games rendered outside bot.render


def use_renderer(game: str, module: str) -> None:
    """Render ``game`` with ``module`` (a game registered at run time, e.g. a test's toy game)."""
    _ELSEWHERE[game] = module


def get_renderer(game: str) -> ModuleType:
    return importlib.import_module(_ELSEWHERE.get(game, f"{__name__}.{game}"))
