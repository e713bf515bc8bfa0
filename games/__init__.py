"""Pure rules of Parlor's games: no Discord, no I/O, no asyncio (docs/design.md §1).

The registry: a game is known to Parlor by one line here, its name and the package whose ``GAME``
declares it (:class:`games.base.GameBase`). Its renderer is found by name (``bot.render.<name>``).
"""

from __future__ import annotations

import importlib

from games.base import GameBase

_PACKAGES = {
    "koikoi": "games.koikoi",
    "hachihachi": "games.hachihachi",
    "sanma": "games.sanma",
    "bcpoker": "games.bcpoker",
    "blackflower": "games.blackflower",
}


def register(name: str, package: str) -> None:
    """Make a game known at run time, e.g. a test's toy game from a package outside ``games``."""
    _PACKAGES[name] = package


def game_names() -> list[str]:
    return list(_PACKAGES)


def get_game(name: str) -> GameBase:
    """The ``GAME`` declaration of a game package, e.g. ``get_game("koikoi")``."""
    try:
        package = importlib.import_module(_PACKAGES[name])
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_PACKAGES)}") from None
    return package.GAME
