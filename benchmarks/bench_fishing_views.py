"""Benchmark (not a test): what building a Koi-Koi or Hachi-Hachi view costs, per call.

    .venv/bin/python -m benchmarks.bench_fishing_views [--games 3] [--seed 1] [--clock cpu|wall]

The table builds the public view at every redraw and a seat's view at every panel and bot turn, on the event loop.
Plays seeded bot games of each (Koi-Koi 2 players, Hachi-Hachi 4) and prints, per game, the median, 99th
percentile and maximum of ``public_view`` and of ``view`` (the acting seat's) at every step, in microseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games import get_game
from games.simulate import bot_seats

SETUPS = {"koikoi": 2, "hachihachi": 4}


def timed(clock, build, *args) -> float:
    start = clock()
    build(*args)
    return (clock() - start) * 1e6


def measure(name: str, games: int, seed: str, clock) -> tuple[list[float], list[float]]:
    game = get_game(name)
    players = SETUPS[name]
    public: list[float] = []
    seat_views: list[float] = []
    for number in range(games):
        state = game.new_game(game.Options(players=players), bot_seats(players), f"{seed}:{number}")
        step = 0
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            public.append(timed(clock, game.public_view, state))
            seat_views.append(timed(clock, game.view, state, seat))
            view = game.view(state, seat)
            game.apply(state, seat, game.bot_choose(view, game.legal_actions(state, seat), step))
            step += 1
    return public, seat_views


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{label:12} {len(times):6} calls · median {statistics.median(ordered):7.1f} µs · "
        f"p99 {p99:7.1f} µs · max {ordered[-1]:8.1f} µs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    for name, players in SETUPS.items():
        public, seat_views = measure(name, args.games, args.seed, clock)
        print(f"{name} ({players} players, {args.games} games, {args.clock} clock)")
        print("  " + summary("public_view", public))
        print("  " + summary("view", seat_views))


if __name__ == "__main__":
    main()
