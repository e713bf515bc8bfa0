"""Bot-vs-bot sanma games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

import time
from typing import Any, Callable

from games.base import SeatInfo
from games.hanafuda import sha256_hex
from games.sanma import engine
from games.sanma.options import Options
from games.sanma.policy import bot_choose


def play_game(options: Options, seed: str, check: Callable[[Any, list], None] | None = None,
              max_actions: int = 20000) -> tuple[Any, int]:
    seats = [SeatInfo(name=f"Bot {i + 1}", bot=True) for i in range(3)]
    state = engine.new_game(options, seats, seed)
    if check is not None:
        check(state, list(state.opening_events))
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
            raise RuntimeError("game did not end")
    return state, actions


def conserved(state) -> bool:
    return sum(state.scores) + 1000 * state.sticks == 3 * state.options.start_points


def simulate(games: int = 100, seed: str = "1", east_only: bool = False) -> dict[str, Any]:
    options = Options(east_only=east_only)
    t0 = time.perf_counter()
    total_actions = hands = errors = 0
    ok = True
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
        hands += len(state.hands_log)
        ok = ok and conserved(state)
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {"games": games, "hands": hands, "actions": total_actions, "seconds": round(seconds, 3),
                           "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
                           "conserved": ok, "errors": errors}
    if first_error:
        out["first_error"] = first_error
    return out
