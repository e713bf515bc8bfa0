"""The views of Koi-Koi and Hachi-Hachi dump exactly as they did when they were plain dicts: the same keys in the
same order, the same values (the fixture was written by ``tests/games/fishing_views.py`` before views were models).
The table, the painter's cache and the stored snapshots of pictures all read these dumps."""

from __future__ import annotations

import json

import pytest

from tests.games.fishing_views import FIXTURE, GAMES, sampled


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name, players, options, seed", GAMES, ids=[g[3] for g in GAMES])
def test_views_dump_as_recorded(recorded, name, players, options, seed):
    today = sampled(name, players, options, seed)
    assert [s["step"] for s in today] == [s["step"] for s in recorded[seed]]
    for now, then in zip(today, recorded[seed]):
        for which in ("public", "seat"):
            # compared as JSON text: key order counts, as it does in every dump the bot stores or hashes
            assert json.dumps(now[which]) == json.dumps(then[which]), (seed, now["step"], which)
