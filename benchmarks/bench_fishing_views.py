"""Benchmark (not a test): what building a Koi-Koi or Hachi-Hachi view costs, per call.

    .venv/bin/python -m benchmarks.bench_fishing_views [--games 3] [--seed 1] [--clock cpu|wall]

The table builds the public view at every redraw and a seat's view at every panel and bot turn, on the event loop.
Plays seeded bot games of each (Koi-Koi 2 players, Hachi-Hachi 4) and prints, per game, the median, 99th
percentile and maximum of ``public_view`` and of ``view`` (the acting seat's) at every step, in microseconds.
"""

from __future__ import annotations

from benchmarks.command_line import CLOCKS, clock_option, read
from benchmarks.timings import spread
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


def main() -> None:
    args = read(__doc__, games=3, seed="1", clock=clock_option("cpu"))
    clock = CLOCKS[args.clock]
    for name, players in SETUPS.items():
        public, seat_views = measure(name, args.games, args.seed, clock)
        print(f"{name} ({players} players, {args.games} games, {args.clock} clock)")
        print("  " + spread("public_view", public, "µs"))
        print("  " + spread("view", seat_views, "µs"))


if __name__ == "__main__":
    main()
