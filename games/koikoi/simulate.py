"""Bot-vs-bot Koi-Koi games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

import time
from typing import Any, Callable

from games.base import SeatInfo
from games.hanafuda import sha256_hex
from games.koikoi import engine
from games.koikoi.options import Options
from games.koikoi.policy import bot_choose


def play_game(options: Options, seed: str, check: Callable[[Any, list], None] | None = None) -> tuple[Any, int]:
    """Play one bot-vs-bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    seats = [SeatInfo(name=f"Bot {i + 1}", bot=True) for i in range(options.players)]
    state = engine.new_game(options, seats, seed)
    if check is not None:
        check(state, list(state.opening_events))
    actions = 0
    while state.phase != "over":
        seat = state.turn
        legal = engine.legal_actions(state, seat)
        action = bot_choose(engine.view(state, seat), legal, actions)
        events = engine.apply(state, seat, action)
        actions += 1
        if check is not None:
            check(state, events)
    return state, actions


def simulate(players: int = 2, toppa: bool = False, months: int = 12, games: int = 100, seed: str = "1") -> dict[str, Any]:
    options = Options(players=players, toppa=toppa, months=months)
    options.check(players)
    t0 = time.perf_counter()
    total_actions = 0
    errors = 0
    zero_sum = True
    first_error = None
    for g in range(games):
        try:
            state, n = play_game(options, sha256_hex(f"{seed}:game:{g}"))
        except Exception as e:  # noqa: BLE001 - count and report, keep simulating
            errors += 1
            if first_error is None:
                first_error = f"game {g}: {type(e).__name__}: {e}"
            continue
        total_actions += n
        if sum(state.scores) != 0 or any(sum(r["payments"]) != 0 for r in state.rounds):
            zero_sum = False
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "games": games,
        "actions": total_actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "zero_sum": zero_sum,
        "errors": errors,
    }
    if first_error is not None:
        out["first_error"] = first_error
    return out
