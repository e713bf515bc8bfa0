"""Seeded bot-vs-bot Koi-Koi games in every variant, with invariants checked after every action."""

import pytest

from games.hanafuda import DECK
from games.koikoi import GAME, Options
from games.koikoi.simulate import play_game
from tests.games.test_contract import strings


class Checker:
    def __init__(self):
        self.rounds = 0

    def __call__(self, state, events):
        n = state.options.players
        # 1. every card exactly once
        cards = [c for h in state.hands for c in h] + state.field + state.pile
        cards += [c for s in state.sides for c in s.captures]
        if state.pending:
            cards.append(state.pending)
        assert sorted(cards) == sorted(DECK), "cards not conserved"
        # 2. zero-sum rounds and game
        for e in events:
            if e.type == "round_end":
                self.rounds += 1
                assert sum(e.payments) == 0
                assert sum(t["amount"] for t in e.transfers) == sum(p for p in e.payments if p > 0)
            assert e.seat is None
        assert sum(state.scores) == 0
        if n == 4:
            for side in state.sides:  # partners always have equal scores
                a, b = side.seats
                assert state.scores[a] == state.scores[b]
            assert [sorted([state.order[0], state.order[2]]), sorted([state.order[1], state.order[3]])] == [
                s.seats for s in state.sides
            ]
        # 3. no view shows another seat's hand (public view and events: tests/games/test_contract.py)
        hidden = GAME.hidden_cards(state)
        for seat in range(n):
            v = GAME.view(state, seat)
            assert v.hand == hidden[seat]
            rest = v.model_dump(exclude={"hand"})
            seen = set(strings(rest))
            for other in range(n):
                if other != seat:
                    assert not (seen & set(hidden[other])), "a view leaks another seat's hand"
        # 4. one seat acts at a time (snapshots, refusals: tests/games/test_contract.py)
        acting = GAME.to_act(state)
        if state.phase == "over":
            assert acting == []
        else:
            assert len(acting) == 1 and GAME.legal_actions(state, acting[0])
            for seat in range(n):
                if seat not in acting:
                    assert GAME.legal_actions(state, seat) == []


VARIANTS = [
    ("2p", dict(players=2), 300, 2),
    ("2p_toppa", dict(players=2, toppa=True), 250, 2),
    ("3p", dict(players=3), 250, 2),
    ("4p", dict(players=4), 250, 2),
]


@pytest.mark.parametrize("name, opts, games, months", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_bot_games_invariants(name, opts, games, months):
    options = Options(months=months, **opts)
    total_rounds = 0
    for g in range(games):
        checker = Checker()
        state, actions = play_game(options, f"{name}-{g:04x}", checker)
        assert GAME.is_over(state)
        res = GAME.result(state)
        assert sum(res.scores) == 0 and len(res.placings) == options.players
        assert state.months_done == months
        total_rounds += checker.rounds
    assert total_rounds == games * months


@pytest.mark.parametrize("opts", [dict(players=2), dict(players=2, toppa=True), dict(players=3), dict(players=4)])
def test_full_length_games(opts):
    options = Options(**opts)
    for g in range(4):
        state, _ = play_game(options, f"full-{g}", Checker())
        assert state.months_done == 12 and sum(state.scores) == 0
