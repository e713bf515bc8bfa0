"""Benchmark (not a test): the cost of building Black Christmas Poker's views, per view.

    .venv/bin/python -m benchmarks.bench_bcpoker_views [--games 3] [--players 5] [--repeat 3]

A view is built on every redraw of the table and of each hand panel, and for every bot decision. Plays seeded
bot games, keeps the state after every action, then times ``public_view`` and ``view`` (each seat's) over all
of them, and prints the median, 99th percentile and maximum in microseconds.
"""

from __future__ import annotations

import time

from benchmarks.command_line import read
from benchmarks.timings import spread
from games import simulate as sim
from games.bcpoker import GAME
from games.bcpoker.options import Options


def states(players: int, games: int) -> list:
    """The state after the deal and after every action of ``games`` seeded bot games."""
    kept: list = []
    for number in range(games):
        sim.play_game(
            GAME,
            Options(players=players),
            sim.bot_seats(players),
            f"views-{number}",
            check=lambda state, events: kept.append(GAME.load(state.model_dump_json())),
        )
    return kept


def timed(build, arguments: list[tuple], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        for args in arguments:
            started = time.perf_counter()
            build(*args)
            times.append(time.perf_counter() - started)
    return times


def line(name: str, seconds: list[float]) -> str:
    return spread(name, [s * 1e6 for s in seconds], "µs", what="views")


def main() -> None:
    args = read(__doc__, games=3, players=5, repeat=3)
    kept = states(args.players, args.games)
    print(f"{len(kept)} positions of {args.games} games of {args.players} players")
    print(line("public_view", timed(GAME.public_view, [(s,) for s in kept], args.repeat)))
    seats = [(s, seat) for s in kept for seat in range(args.players)]
    print(line("view (a seat's)", timed(GAME.view, seats, args.repeat)))


if __name__ == "__main__":
    main()
