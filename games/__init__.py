"""Pure rules of Parlor's games: no Discord, no I/O, no asyncio (docs/design.md §1).

The registry: a game is known to Parlor by one line here, its name and the package whose ``GAME``
declares it (:class:`games.base.GameBase`). Its presentation home is found by name (``bot.render.<name>``), or
named where it lives elsewhere (a test's toy game), as a module's name: ``games`` never imports ``bot``.
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


_HOMES: dict[str, str] = {}  # game name -> its presentation home, for a home outside bot.render


def register(name: str, package: str, home: str | None = None) -> None:
    """Make a game known at run time, e.g. a test's toy game from a package outside ``games``, with its
    presentation ``home`` (a module's name) when that is not ``bot.render.<name>``. Known to this process only: a
    process started afresh (a picture worker) knows the games listed above."""
    _PACKAGES[name] = package
    if home is not None:
        _HOMES[name] = home


def home(name: str) -> str | None:
    """The presentation home ``name`` was registered with, or None: its home is ``bot.render.<name>``."""
    return _HOMES.get(name)


def game_names() -> list[str]:
    return list(_PACKAGES)


def get_game(name: str) -> GameBase:
    """The ``GAME`` declaration of a game package, e.g. ``get_game("koikoi")``."""
    try:
        package = importlib.import_module(_PACKAGES[name])
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_PACKAGES)}") from None
    return package.GAME
