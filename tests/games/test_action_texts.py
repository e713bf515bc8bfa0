"""Worked examples of the typed actions whose text carries more than a word (Sanma's and Black Christmas
Poker's): each action text reads as its typed action, and the typed action writes the same text back (the texts
are button ids and stored action logs)."""

from __future__ import annotations

import pytest

from games.bcpoker import actions as bcpoker
from games.sanma import actions as sanma

ROUND_TRIPS = [
    (bcpoker, "discard:R3", bcpoker.Discard("R3")),
    (bcpoker, "discard:KX7:r", bcpoker.Discard("KX", 7, riichi=True)),
    (bcpoker, "chain:K5", bcpoker.Discard("K5", chain=True)),
    (bcpoker, "chain:KX1:r", bcpoker.Discard("KX", 1, riichi=True, chain=True)),
    (bcpoker, "under:G2", bcpoker.Under("G2")),
    (bcpoker, "giveup", bcpoker.Word.GIVEUP),
    (bcpoker, "pass", bcpoker.Word.PASS),
    (sanma, "d:5p", sanma.Discard("5p")),
    (sanma, "r:0s", sanma.Discard("0s", riichi=True)),
    (sanma, "ankan:1z", sanma.OwnKan("1z")),
    (sanma, "kakan:9m", sanma.OwnKan("9m", added=True)),
    (sanma, "pon", sanma.Pon()),
    (sanma, "pon:0", sanma.Pon(red=True)),
    (sanma, "kan", sanma.Word.KAN),
    (sanma, "tsumo", sanma.Word.TSUMO),
    (sanma, "kyuushu", sanma.Word.KYUUSHU),
]


@pytest.mark.parametrize(
    "actions, action, typed", ROUND_TRIPS, ids=[f"{m.__name__.split('.')[1]}-{a}" for m, a, _ in ROUND_TRIPS]
)
def test_parse_and_format(actions, action, typed):
    assert actions.parse(action) == typed and str(typed) == action
