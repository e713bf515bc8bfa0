"""Bot-vs-bot play through the game interface, for every game's CLI and property tests (pure)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any

from games.base import Event, GameBase, SeatInfo

Check = Callable[[Any, list[Event]], None]
Chooser = Callable[[Any, list[str], int], str]  # (the seat's view, its legal actions, a seed) -> action


def bot_seats(players: int, balances: list[int] | None = None) -> list[SeatInfo]:
    return [
        SeatInfo(name=f"Bot {i + 1}", bot=True, balance=None if balances is None else balances[i])
        for i in range(players)
    ]


def play_game(
    game: GameBase,
    options: Any,
    seats: list[SeatInfo],
    seed: str,
    check: Check | None = None,
    choose: Chooser | None = None,
    max_actions: int = 200_000,
) -> tuple[Any, int]:
    """One game with every seat played by ``choose`` (default: the game's bot policy, which sees
    only its own view). ``check(state, events)`` runs after the deal and after every action.
    Returns the final state and the number of actions."""
    choose = choose or game.bot_choose
    state = game.new_game(options, seats, seed)
    if check is not None:
        check(state, game.opening_events(state))
    actions = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = choose(game.view(state, seat), game.legal_actions(state, seat), actions)
        events = game.apply(state, seat, action)
        actions += 1
        if check is not None:
            check(state, events)
        if actions > max_actions:
            raise RuntimeError(f"the game with seed {seed} did not end after {max_actions} actions")
    return state, actions


def run_games(
    play_one: Callable[[str], tuple[Any, int]], games: int, seed: str, tally: Callable[[Any], None] = lambda state: None
) -> dict[str, Any]:
    """Play ``games`` games with seeds derived from ``seed``; ``tally(state)`` collects a game's
    figures. A game that raises is counted in ``errors`` (the first one is described)."""
    started = time.perf_counter()
    actions = errors = 0
    first_error = None
    for number in range(games):
        try:
            state, count = play_one(hashlib.sha256(f"{seed}:game:{number}".encode()).hexdigest())
        except Exception as error:  # noqa: BLE001 - count and report, keep simulating
            errors += 1
            first_error = first_error or f"game {number}: {type(error).__name__}: {error}"
            continue
        actions += count
        tally(state)
    seconds = time.perf_counter() - started
    report: dict[str, Any] = {
        "games": games,
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "errors": errors,
    }
    if first_error is not None:
        report["first_error"] = first_error
    return report
