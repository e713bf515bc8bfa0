"""A picture is the same whatever its worker drew before: consecutive states of seeded games of every game, drawn one
after the other (the caches warm with the table's earlier pictures, as a worker's are), give the same PNG files as
each drawn with every cache of the pictures' code emptied first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import faces.lettering
import faces.table
from bot.render import presentation
from bot.render.pictures import panel_picture, table_picture
from tests.faces.table_games import SETUPS, sampled_seat_views, sampled_views

COLD_EVERY = 6  # emptying every cache costs tens of ms a picture (every face scaled again): some pictures only


def empty_every_cache() -> int:
    """Every cache of faces/table.py and faces/lettering.py emptied; how many."""
    caches = [
        value
        for module in (faces.table, faces.lettering)
        for value in vars(module).values()
        if callable(getattr(value, "cache_clear", None))
    ]
    for cache in caches:
        cache.cache_clear()
    return len(caches)


def consecutive(game: str) -> list[tuple[Callable[[str, Any], bytes | None], Any]]:
    """The game's panels and table pictures over consecutive states of a seeded game."""
    jobs: list[tuple[Callable[[str, Any], bytes | None], Any]] = [
        (panel_picture, v) for v, _ in sampled_seat_views(game, seed="warm", every=1, limit=36)
    ]
    if presentation(game).table_picture is not None:
        jobs += [(table_picture, v) for v, _ in sampled_views(game, seed="warm", every=1, limit=36)]
    return jobs


@pytest.mark.parametrize("game", list(SETUPS))
def test_pictures_drawn_after_others_are_those_drawn_from_nothing(game):
    jobs = consecutive(game)
    warm = [draw(game, view) for draw, view in jobs]
    assert sum(png is not None for png in warm) > len(jobs) // 2
    for n in range(0, len(jobs), COLD_EVERY):
        assert empty_every_cache() >= 10
        draw, view = jobs[n]
        assert draw(game, view) == warm[n], (game, n, draw.__name__)
