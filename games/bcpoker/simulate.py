"""Bot-vs-bot Black Christmas Poker games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

import time
from typing import Any, Callable

from games.base import SeatInfo
from games.bcpoker import engine
from games.bcpoker.options import Options
from games.bcpoker.policy import bot_choose
from games.hanafuda import sha256_hex


def play_game(options: Options, players: int, seed: str,
              check: Callable[[Any, list], None] | None = None, max_actions: int = 200_000) -> tuple[Any, int]:
    """Play one bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    seats = [SeatInfo(name=f"Bot {i + 1}", bot=True) for i in range(players)]
    state = engine.new_game(options, seats, seed)
    if check is not None:
        check(state, engine.opening_events(state))
    actions = 0
    while state.phase != "over":
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        action = bot_choose(engine.view(state, seat), legal, actions)
        events = engine.apply(state, seat, action)
        actions += 1
        if check is not None:
            check(state, events)
        if actions > max_actions:
            raise RuntimeError(f"game {seed} did not end after {max_actions} actions")
    return state, actions


def simulate(players: int = 3, games: int = 100, seed: str = "1", **options: Any) -> dict[str, Any]:
    opts = Options(**options)
    opts.check(players)
    t0 = time.perf_counter()
    total_actions = rounds = wins = errors = 0
    kinds: dict[str, int] = {}
    zero_sum = True
    first_error = None
    for g in range(games):
        try:
            state, n = play_game(opts, players, sha256_hex(f"{seed}:game:{g}"))
        except Exception as e:  # noqa: BLE001 - count and report, keep simulating
            errors += 1
            if first_error is None:
                first_error = f"game {g}: {type(e).__name__}: {e}"
            continue
        total_actions += n
        rounds += len(state.rounds)
        for r in state.rounds:
            wins += len(r["wins"])
            for w in r["wins"]:
                kinds[w["kind"]] = kinds.get(w["kind"], 0) + 1
            if sum(r["payments"]) != 0:
                zero_sum = False
        if sum(state.scores) != 0:
            zero_sum = False
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "games": games,
        "players": players,
        "actions": total_actions,
        "rounds": rounds,
        "wins": wins,
        "win_kinds": dict(sorted(kinds.items())),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "zero_sum": zero_sum,
        "errors": errors,
    }
    if first_error is not None:
        out["first_error"] = first_error
    return out
