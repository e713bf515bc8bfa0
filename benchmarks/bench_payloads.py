"""Benchmark (not a test): the event loop's CPU for building a table message and each seat's hand panel.

    .venv/bin/python -m benchmarks.bench_payloads [--games koikoi,sanma,hachihachi] [--seeds 2] [--repeat 3]
    .venv/bin/python -m benchmarks.bench_payloads --profile FILE   # cProfile by thread CPU time, written to FILE

Seeded bot games are replayed (every seat a person, the card faces uploaded as emoji, as on a running bot); after
the deal and after every action the presenter's ``TablePayloads`` builds the table payload and every seat's panel
payload, as a redraw does after a move, and each payload's signature (what tells an unchanged message). Pictures are
asked of a painter that draws nothing, so only the loop's share is timed. Prints, per game, the CPU µs (thread time)
per table payload, per panel payload and per signature: the median of ``--repeat`` runs.
"""

from __future__ import annotations

import concurrent.futures
import copy
import cProfile
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.command_line import Option, read
from bot.payload import payload_signature
from bot.presenter import TablePayloads
from bot.tables import PLAYING
from games import get_game
from games.simulate import bot_seats, play_game
from tests.bot.playing_tables import playing_table
from tests.golden.recorder import NAMES, uploaded_faces

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "koikoi": (2, {"players": 2, "months": 12}),
    "sanma": (3, {"east_only": True}),
    "hachihachi": (3, {"players": 3, "months": 6}),
    "blackflower": (4, {"rounds": 2}),
    "bcpoker": (3, {"players": 3, "lead_rounds": 1}),
}


class NoPainter:
    """A painter that draws nothing: every picture asked of it is done at once (no picture)."""

    def submit(self, draw: Callable[..., Any], *args: Any, urgent: bool = False) -> concurrent.futures.Future:
        done: concurrent.futures.Future = concurrent.futures.Future()
        done.set_result(None)
        return done

    def hurry(self, done: concurrent.futures.Future) -> None:
        return None

    def queued(self) -> int:
        return 0


def states(game_name: str, seed: str) -> list[Any]:
    """The game's state after the deal and after every action of a seeded bot game."""
    game = get_game(game_name)
    players, options = SETUPS[game_name]
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    seen: list[Any] = []
    play_game(
        game,
        game.Options(**options),
        bot_seats(players, balances),
        seed,
        check=lambda s, e: seen.append(copy.deepcopy(s)),
    )
    return seen


def replay(game_name: str, played: list[Any], timings: dict[str, list[float]]) -> None:
    """Every payload of ``played`` built once by a fresh ``TablePayloads``, its thread CPU time added to ``timings``."""
    game = get_game(game_name)
    players, options = SETUPS[game_name]
    payloads = TablePayloads(NoPainter())  # type: ignore[arg-type]  # a stand-in: only submit/hurry/queued are used
    clock = time.thread_time
    for version, state in enumerate(played, start=1):
        table = playing_table(game, state, NAMES[:players], version=version, options=options, deadline=1.9e9)
        table.status = PLAYING
        started = clock()
        built = payloads.table_payload(table)
        timings["table"].append(clock() - started)
        started = clock()
        payload_signature(built)
        timings["signature"].append(clock() - started)
        for seat in table.seats:
            assert seat.user_id is not None
            started = clock()
            panel = payloads.panel_payload(table, seat.user_id)
            timings["panel"].append(clock() - started)
            started = clock()
            payload_signature(panel)
            timings["signature"].append(clock() - started)


def measure(game_name: str, seeds: int, repeat: int, profiler: cProfile.Profile | None) -> dict[str, float]:
    played = [states(game_name, f"bench-payloads-{n}") for n in range(seeds)]
    runs: list[dict[str, float]] = []
    for _ in range(repeat):
        timings: dict[str, list[float]] = {"table": [], "panel": [], "signature": []}
        for states_of_one in played:
            if profiler is not None:
                profiler.enable()
            replay(game_name, states_of_one, timings)
            if profiler is not None:
                profiler.disable()
        runs.append({kind: sum(times) / len(times) * 1e6 for kind, times in timings.items()})
    return {kind: statistics.median(run[kind] for run in runs) for kind in runs[0]}


def main() -> None:
    args = read(
        __doc__,
        games=Option("koikoi,sanma,hachihachi", "the games replayed, by name, comma-separated"),
        seeds=2,
        repeat=3,
        profile=Option(None, "write a cProfile (timed by thread CPU time) of the replays to this file", kind=str),
    )
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    with uploaded_faces(True):
        for game_name in args.games.split(","):
            figures = measure(game_name, args.seeds, args.repeat, profiler)
            print(
                f"{game_name:12} CPU µs per table payload {figures['table']:7.1f}, "
                f"per panel payload {figures['panel']:7.1f}, per signature {figures['signature']:6.1f}"
            )
    if profiler is not None:
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
