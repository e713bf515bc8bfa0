"""Seeded bot games of Black Flower in many variants, with invariants checked after every action."""

import pytest

from games.base import GameError
from games.blackflower import GAME, Options, engine
from games.blackflower.simulate import play_game
from games.hanafuda import DECK
from tests.games._events_helpers import refusals
from tests.games.test_contract import strings


class Checker:
    def __init__(self):
        self.kinds = set()

    def __call__(self, state, events):
        # 1. the 48 cards of a dealt round are all accounted for, each once
        if state.banker_hand is not None:
            assert sorted(engine.all_cards(state)) == sorted(DECK)
        # 2. chips: what players hold + what is at stake = what they started with
        at_stake = sum(h.stake for hs in state.hands for h in hs if h.result is None)
        if state.phase == "betting":
            at_stake = sum(state.bets)
        assert sum(state.chips) + at_stake == sum(state.start_chips)
        for s in range(len(state.seats)):
            staked = state.bets[s] if state.phase == "betting" else sum(h.stake for h in state.hands[s])
            if s != state.banker and staked:
                assert state.chips[s] >= 0, "a player's stakes never exceed the balance"
        for e in events:
            if e.type == "bet":  # only a seat that covers the minimum bet is asked to bet
                assert e.chips >= 0
        # 3. the banker's face-down card is in no view, not even the banker's (the public view and
        # public events: tests/games/test_contract.py)
        hidden = set(c for cs in GAME.hidden_cards(state).values() for c in cs)
        if hidden:
            for seat in range(len(state.seats)):
                assert not hidden & set(strings(GAME.view(state, seat)))
        for e in events:
            assert e.seat is None
            self.kinds.add(e.type)


VARIANTS = [
    (2, Options()),
    (4, Options()),
    (5, Options(banker="winner", split_by_month=True, double_down=True)),
    (10, Options(split_by_month=True, split_by_kind=True, double_down=True)),
    (3, Options(banker="fixed", banker_advantage=True, no_pair_advantage=True, rounds=6)),
    (6, Options(min_bet=50, max_bet=400, double_down=True, split_by_kind=True)),
]


@pytest.mark.parametrize("players,options", VARIANTS)
def test_bot_games_keep_every_invariant(players, options):
    checker = Checker()
    for g in range(max(6, 60 // players)):
        state, _ = play_game(options, players, f"prop:{players}:{g}", check=checker)
        assert state.phase == "over"
        res = GAME.result(state)
        assert sum(res.scores) == 0
        lines = GAME.ledger_entries(state)
        assert sum(line["amount"] for line in lines) == 0
        for s in range(players):  # each seat's ledger lines add up to its net result
            assert sum(line["amount"] for line in lines if line["seat"] == s) == res.scores[s]
        assert {line["kind"] for line in lines} <= {"bet", "win", "bank"}
        rounds = options.rounds_for(players)
        assert len(state.history) == rounds or state.end_reason != "all rounds played"
    assert {"deal", "settle", "round_end", "banker_reveal", "game_end"} <= checker.kinds
    if options.double_down:
        assert "double" in checker.kinds
    if options.may_split:
        assert "split" in checker.kinds


def test_poor_tables_end_and_bankers_go_into_debt():
    opts = Options(rounds=40, min_bet=10, max_bet=100, banker="fixed")
    debt = 0
    for g in range(20):
        state, _ = play_game(opts, 3, f"poor:{g}", check=Checker(), balances=[30, 40, 25])
        debt = min(debt, state.chips[state.banker])
        assert all(state.chips[s] >= 0 for s in range(3) if s != state.banker)
    assert debt < 0  # a banker who runs short goes into debt (§3)


def test_illegal_actions_change_nothing():
    state, _ = play_game(Options(), 3, "x")  # finished
    with pytest.raises(GameError):
        GAME.apply(state, 0, "hit")
    from games.base import SeatInfo

    state = GAME.new_game(Options(), [SeatInfo(name=n) for n in "ABC"], "ill")
    player = (state.banker + 1) % 3
    moves = [(state.banker, "bet:10"), (player, "bet:5"), (player, "bet:101"), (player, "hit"), (player, "bet:x")]
    assert all(sentence.endswith(".") for sentence in refusals(GAME, state, [*moves, (7, "sit")]))
