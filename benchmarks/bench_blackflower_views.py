"""Benchmark (not a test): the cost of building Black Flower's views, built on every redraw and bot turn.

    .venv/bin/python -m benchmarks.bench_blackflower_views [--players 10] [--games 3] [--seed 1]

Plays seeded bot games and, at every step, times ``public_view`` and every seat's ``view`` (CPU time: the
figures read from the state and the model built), then, for the same views, the model alone: built with
``model_construct`` as the engine does, and validated field by field from plain data (``model_validate`` of the
view's dump), which is what ``model_construct`` saves. The median, 99th percentile and maximum per view, in µs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks.command_line import read
from benchmarks.timings import spread
from games.blackflower import GAME, Options
from games.blackflower.simulate import play_game
from games.blackflower.views import PublicView, SeatView


def timed(call: Callable[[], Any], into: list[float]) -> Any:
    started = time.process_time_ns()
    out = call()
    into.append((time.process_time_ns() - started) / 1000)
    return out


def line(name: str, samples: list[float]) -> str:
    return "  " + spread(name, samples, "µs", what="views")


def main() -> None:
    args = read(__doc__, players=10, games=3, seed="1")
    public: list[float] = []
    seat: list[float] = []
    public_checked: list[float] = []
    seat_checked: list[float] = []
    public_built: list[float] = []
    seat_built: list[float] = []

    def check(state: Any, events: list[Any]) -> None:
        view = timed(partial(GAME.public_view, state), public)
        timed(partial(PublicView.model_construct, **dict(view)), public_built)
        timed(partial(PublicView.model_validate, view.model_dump()), public_checked)
        for s in range(len(state.seats)):
            own = timed(partial(GAME.view, state, s), seat)
            timed(partial(SeatView.model_construct, **dict(own)), seat_built)
            timed(partial(SeatView.model_validate, own.model_dump()), seat_checked)

    options = Options(split_by_month=True, split_by_kind=True, double_down=True)
    for number in range(args.games):
        play_game(options, args.players, f"{args.seed}:{number}", check=check)
    print(f"Black Flower views, {args.players} players, {args.games} games (CPU time)")
    print(line("public_view", public))
    print(line("  its model, constructed", public_built))
    print(line("  its model, validated", public_checked))
    print(line("view", seat))
    print(line("  its model, constructed", seat_built))
    print(line("  its model, validated", seat_checked))


if __name__ == "__main__":
    main()
