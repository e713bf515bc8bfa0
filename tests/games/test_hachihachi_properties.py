"""Hachi-Hachi property tests: seeded bot games with 3, 4, 5, 6 and 7 players."""

from __future__ import annotations

import json
import re

import pytest

from games.hachihachi import GAME, engine
from games.hachihachi.options import Options
from games.hachihachi.simulate import play_game
from games.hachihachi.state import BLANK, check_invariant
from games.hanafuda import DECK
from games.shuffle import sha256_hex
from tests.games._events_helpers import refusals

IN_PLAY = ("bidding", "declare", "play", "take", "decide")
CODE = re.compile(r'"([0-9]{1,2}[LARC][0-9]?)"')


def concealed(state) -> set[str]:
    cards = {c for h in engine.hidden_cards(state).values() for c in h}
    return cards | set(state.stock) | set(state.undealt)


class Checker:
    def __init__(self):
        self.before: set[str] = set()
        self.revealed: set[str] = set()  # cards the rules show (a Chassé's earning cards, §9)
        self.steps = 0

    def __call__(self, state, events):
        self.steps += 1
        check_invariant(state)
        n = len(state.seats)
        if state.phase in IN_PLAY and state.month_seed:
            cards = [c for h in state.hands for c in h] + state.table + state.stock + state.undealt
            cards += [c for cap in state.captures for c in cap] + ([state.pending] if state.pending else [])
            assert sorted(cards) == sorted(DECK), "48 cards must be accounted for"
            assert BLANK not in cards
        for e in events:
            if e.type == "round_start":
                self.revealed = set()
            if e.type == "compensation":
                self.revealed |= {c for ch in e.chassed for c in ch["cards"]}
        hidden = concealed(state) - self.revealed
        still = self.before & hidden
        for e in events:
            if e.seat is None:
                shown = set(CODE.findall(json.dumps(e.fields())))
                assert not shown & still, (e.type, shown & still)
        public = set(CODE.findall(engine.public_view(state).model_dump_json()))
        assert not public & hidden, public & hidden
        for s in state.acting:
            mine = set(state.hands[s])
            seen = set(CODE.findall(engine.view(state, s).model_dump_json()))
            assert not (seen & hidden) - mine, (seen & hidden) - mine
        assert len(state.track) == state.options.months and state.pot >= 0
        del n
        self.before = hidden


@pytest.mark.parametrize("players,games,months", [(3, 20, 12), (4, 20, 12), (5, 12, 12), (6, 6, 10), (7, 12, 6)])
def test_seeded_bot_games(players, games, months):
    for g in range(games):
        checker = Checker()
        options = Options(players=players, months=months, payment="split" if g % 2 else "each-opponent-full")
        state, actions = play_game(options, sha256_hex(f"prop:{players}:{g}"), checker)
        assert GAME.is_over(state) and actions > 0
        res = GAME.result(state)
        assert res.scores == [state.cash[s] - state.debt[s] for s in range(players)]
        # scores sum to 0 (+ the stones the bank paid) in a full year
        bank_stones = sum(
            1 for m in state.month_log for t in m["month_end"] if t["why"] == "stone" and t["from"] == "bank"
        )
        shiso_early = any(m["kind"] == "shiso" and m["month"] <= 6 for m in state.month_log)
        if not shiso_early and state.options.shiso_ends_game:
            assert sum(res.scores) == bank_stones
        lines = GAME.ledger_entries(state)
        for s in range(players):
            mine = [line for line in lines if line["seat"] == s]
            assert sum(line["amount"] for line in mine) == res.scores[s]


def test_campaign_and_options_run():
    options = Options(players=4, months=6, campaign=True, shiso_ends_game=False)
    checker = Checker()
    state, _ = play_game(options, "campaign", checker)
    assert len(state.game_log) == 4 and state.phase == "over"
    assert state.totals == [sum(g["scores"][s] for g in state.game_log) for s in range(4)]
    assert [g["game"] for g in state.game_log] == [1, 2, 3, 4]


def test_illegal_actions_change_nothing():
    state = GAME.new_game(Options(players=4), [f"P{i}" for i in range(4)], "illegal")
    moves = [(1, "mizuten"), (0, "stay"), (0, "play:1L"), (0, "repay:60"), (0, "declare:karasu")]
    assert all(sentence.endswith(".") for sentence in refusals(GAME, state, moves))
