"""Helpers for the Black Flower tests: stacked decks and scripted rounds."""

from __future__ import annotations

from games.base import SeatInfo
from games.blackflower import GAME, Options
from games.blackflower.policy import bot_choose
from games.blackflower.state import Phase
from games.hanafuda import DECK


def stacked_deck(players: list[list[str]], banker: list[str], extra: list[str] = ()) -> list[str]:
    """A 48-card deck dealing ``players`` (their two cards, in deal order) and ``banker``
    (``[face-down, face-up]``), then ``extra`` in the order they are drawn."""
    top = [p[0] for p in players] + [banker[0]] + [p[1] for p in players] + [banker[1]] + list(extra)
    assert len(set(top)) == len(top), top
    return top + [c for c in DECK if c not in top]


def start(
    players: list[list[str]],
    banker: list[str],
    extra: list[str] = (),
    *,
    bets=None,
    options=None,
    balances=None,
    bots=None,
):
    """A game with seat 0 as banker and one seat per dealt player; returns the state after betting.

    Deal order runs from the banker's right (seat n−1, n−2, …), so ``players[0]`` sits at seat n−1.
    """
    n = len(players) + 1
    opts = options or Options(rounds=1)
    seats = [
        SeatInfo(name=f"P{i}", bot=bool(bots and bots[i]), balance=None if balances is None else balances[i])
        for i in range(n)
    ]
    state = GAME.new_game(opts, seats, "test-seed", decks=[stacked_deck(players, banker, extra)], first_banker=0)
    bets = bets or [20] * len(players)
    for k, amount in enumerate(bets):
        GAME.apply(state, n - 1 - k, f"bet:{amount}")
    return state


def seat_of(state, k: int) -> int:
    """The seat of the k-th dealt player."""
    return len(state.seats) - 1 - k


def first_hand(state):
    """The first dealt player's (first) hand, as the state holds it now."""
    return state.hands[seat_of(state, 0)][0]


def act(state, *actions: str):
    """Apply actions for whoever is to act now; returns all events."""
    events = []
    for a in actions:
        seat = GAME.to_act(state)[0]
        events += GAME.apply(state, seat, a)
    return events


def bank_plays(state):
    """Let the banker play the AI policy of §8 until the round ends."""
    events = []
    while state.phase in (Phase.BANKER, Phase.BANKER_NIKO):
        seat = state.banker
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        view.bots = [True] * len(view.bots)  # play as the AI banker
        events += GAME.apply(state, seat, bot_choose(view, legal, 0))
    return events


def nets(state) -> list[int]:
    return [c - s for c, s in zip(state.chips, state.start_chips)]
