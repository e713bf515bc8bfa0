"""Seeded bot games of the five games show exactly what they showed when tests/golden/digests.json was recorded:
bot choices, views, events, narration, embeds, panels and buttons, the pictures' pixels and the stored log.

A deliberate change is recorded again with ``python -m tests.golden.recorder --write`` and named in its commit.
"""

from __future__ import annotations

import json

import pytest

from games import game_names, get_game
from tests.golden.recorder import DIGESTS, RUNS, Run, digests, first_difference, record

EXPECTED = json.loads(DIGESTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("run", [run for runs in RUNS.values() for run in runs], ids=lambda run: run.seed)
def test_game_shows_what_it_showed(run: Run) -> None:
    expected = EXPECTED.get(run.game, {}).get(run.seed)
    assert expected is not None, f"{run.seed} was never recorded: python -m tests.golden.recorder --write"
    difference = first_difference(run.game, run.seed, expected, digests(record(run)))
    assert difference is None, difference


def test_every_game_is_recorded() -> None:
    """Each of Parlor's own games (a test's toy game registered at run time apart) has recorded runs."""
    own = {name for name in game_names() if get_game(name).new_game.__module__.startswith("games.")}
    assert own == set(RUNS) == set(EXPECTED)
