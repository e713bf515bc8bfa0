"""Bot-vs-bot Black Flower games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

import time
from typing import Any, Callable

from games.base import SeatInfo
from games.blackflower import engine
from games.blackflower.options import Options
from games.blackflower.policy import bot_choose
from games.hanafuda import sha256_hex


def play_game(options: Options, players: int, seed: str, check: Callable[[Any, list], None] | None = None,
              balances: list[int] | None = None) -> tuple[Any, int]:
    """Play one bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    seats = [SeatInfo(name=f"Bot {i + 1}", bot=True, balance=None if balances is None else balances[i])
             for i in range(players)]
    state = engine.new_game(options, seats, seed)
    if check is not None:
        check(state, list(state.opening_events))
    actions = 0
    while state.phase != engine.OVER:
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        action = bot_choose(engine.view(state, seat), legal, actions)
        events = engine.apply(state, seat, action)
        actions += 1
        if check is not None:
            check(state, events)
    return state, actions


def simulate(players: int = 4, games: int = 100, seed: str = "1", options: Options | None = None) -> dict[str, Any]:
    options = options or Options()
    t0 = time.perf_counter()
    total_actions = errors = rounds = hands = 0
    zero_sum = True
    first_error = None
    bank = 0
    staked = 0
    results = {"win": 0, "loss": 0, "push": 0}
    for g in range(games):
        try:
            state, n = play_game(options, players, sha256_hex(f"{seed}:game:{g}"))
        except Exception as e:  # noqa: BLE001 - count and report, keep simulating
            errors += 1
            if first_error is None:
                first_error = f"game {g}: {type(e).__name__}: {e}"
            continue
        total_actions += n
        if sum(state.chips) != sum(state.start_chips) or sum(l["amount"] for l in engine.ledger_entries(state)) != 0:
            zero_sum = False
        for r in state.history:
            rounds += 1
            bank += r["nets"][r["banker"]]
            for h in r["hands"]:
                hands += 1
                staked += h["stake"]
                results[h["result"]] += 1
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "games": games, "players": players, "rounds": rounds, "hands": hands, "actions": total_actions,
        "seconds": round(seconds, 3), "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "zero_sum": zero_sum, "errors": errors, "results": results,
        "bank_edge_per_unit": round(bank / staked, 4) if staked else None,
    }
    if first_error is not None:
        out["first_error"] = first_error
    return out
