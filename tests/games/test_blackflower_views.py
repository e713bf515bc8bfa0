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


def test_a_seat_view_gives_the_best_arrangement_of_each_of_its_own_hands():
    """The piles of a hand's arrangement hold its cards, each pile one month's, and count up to its best total: a
    pile is worth its top card (a Bright 6 or 2) + 1 for each card beneath it."""
    from games.blackflower import GAME, Options
    from games.blackflower.simulate import play_game
    from games.hanafuda import BRIGHT, KIND, MONTH

    seen = 0

    def check(state, events):
        nonlocal seen
        for seat in range(len(state.seats)):
            view = GAME.view(state, seat)
            own = view.own_hands()
            assert len(view.arrangements) == len(own)
            for hand, piles in zip(own, view.arrangements):
                if None in hand.cards or hand.best is None:
                    assert piles is None
                    continue
                seen += 1
                assert sorted(c for p in piles for c in [p.top, *p.below]) == sorted(hand.cards)
                assert all(MONTH[c] == MONTH[p.top] for p in piles for c in p.below)
                assert all(
                    p.value in ((6, 2) if KIND[p.top] == BRIGHT else ({"C": 5, "R": 4, "A": 3}[KIND[p.top]],))
                    for p in piles
                )
                assert sum(p.value + len(p.below) for p in piles) == hand.best

    for n in range(3):
        play_game(Options(split_by_month=True, double_down=True), 5, f"arrangements-{n}", check=check)
    assert seen > 50


def test_snapshots_stored_before_the_engine_was_split_load_and_play_on():
    """``blackflower_snapshots.json``: states stored by the engine of one module (a split hand in play, the
    banker's turn, a bank offer, a betting): each loads, dumps back to the same text, and plays to the end."""
    from games.blackflower import GAME

    stored = json.loads((Path(__file__).parent / "blackflower_snapshots.json").read_text())
    assert len(stored) == 4
    for snapshot in stored:
        state = GAME.load(snapshot)
        assert state.model_dump_json() == snapshot
        steps = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, GAME.bot_choose(GAME.view(state, seat), GAME.legal_actions(state, seat), steps))
            steps += 1
        assert sum(line["amount"] for line in GAME.ledger_entries(state)) == 0
        assert sum(state.chips) == sum(state.start_chips)
