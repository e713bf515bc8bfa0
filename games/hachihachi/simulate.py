"""Bot-vs-bot Hachi-Hachi games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

import time
from typing import Any, Callable

from games.base import SeatInfo
from games.hachihachi import engine
from games.hachihachi.options import Options
from games.hachihachi.policy import bot_choose
from games.hanafuda import sha256_hex


def play_game(options: Options, seed: str, check: Callable[[Any, list], None] | None = None,
              chooser: Callable[[dict, list[str], int], str] | None = None) -> tuple[engine.HHState, int]:
    """One bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    choose = chooser or bot_choose
    seats = [SeatInfo(name=f"Bot {i + 1}", bot=True) for i in range(options.players)]
    state = engine.new_game(options, seats, seed)
    if check is not None:
        check(state, list(state.opening_events))
    actions = 0
    while state.phase != "over":
        seat = state.acting[0]
        legal = engine.legal_actions(state, seat)
        action = choose(engine.view(state, seat), legal, actions)
        events = engine.apply(state, seat, action)
        actions += 1
        if check is not None:
            check(state, events)
    return state, actions


def simulate(players: int = 4, games: int = 100, seed: str = "1", months: int = 12,
             payment: str = "each-opponent-full", campaign: bool = False) -> dict[str, Any]:
    options = Options(players=players, months=months, payment=payment, campaign=campaign)
    t0 = time.perf_counter()
    total_actions = 0
    errors = 0
    first_error = None
    conserved = True
    loans = 0
    endings: dict[str, int] = {}
    for g in range(games):
        def check(state, events):
            nonlocal conserved
            try:
                engine.check_invariant(state)
            except AssertionError:
                conserved = False
        try:
            state, n = play_game(options, sha256_hex(f"{seed}:game:{g}"), check)
        except Exception as e:  # noqa: BLE001 - count and report, keep simulating
            errors += 1
            if first_error is None:
                first_error = f"game {g}: {type(e).__name__}: {e}"
            continue
        total_actions += n
        for gl in state.game_log:
            loans += sum(gl["loans"])
        for m in state.month_log:
            endings[m["kind"]] = endings.get(m["kind"], 0) + 1
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "games": games,
        "players": players,
        "actions": total_actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "conserved": conserved,
        "errors": errors,
        "loans": loans,
        "endings": endings,
    }
    if first_error is not None:
        out["first_error"] = first_error
    return out
