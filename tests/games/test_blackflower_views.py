"""Black Flower's views are typed models whose dumps are the views as they were when they were plain dicts: the
same keys in the same order, the same values, and the bots choosing the same actions from them
(``blackflower_views.json``, recorded from the dict views; ``tests/games/blackflower_views.py`` plays the games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.blackflower_views import FIXTURE, GAMES, recorded

KEPT = json.loads((Path(__file__).parent / FIXTURE).read_text())


def ordered(value: object) -> str:
    """The JSON text of a value: equal only when keys, their order and values are."""
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("seed, bots, options", GAMES, ids=[seed for seed, _, _ in GAMES])
def test_views_dump_as_the_recorded_dict_views_and_bots_choose_the_same(seed, bots, options):
    now = recorded(seed, bots, options)
    assert len(now) == len(KEPT[seed])
    for step, kept in zip(now, KEPT[seed]):
        assert ordered(step) == ordered(kept), f"{seed}: after action {kept['after']}"
