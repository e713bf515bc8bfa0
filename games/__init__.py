"""Pure rules of Parlor's games: no Discord, no I/O, no asyncio (DESIGN §1)."""

from __future__ import annotations

import importlib

from games.base import Game

_MODULES = {
    "koikoi": "games.koikoi",
    "hachihachi": "games.hachihachi",
    "sanma": "games.sanma",
    "bcpoker": "games.bcpoker",
    "blackflower": "games.blackflower",
}


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str) -> Game:
    """The ``GAME`` object of a game module, e.g. ``get_game("koikoi")``."""
    try:
        module = importlib.import_module(_MODULES[name])
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_MODULES)}") from None
    return module.GAME
