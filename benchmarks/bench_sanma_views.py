"""Benchmark (not a test): what a sanma view costs to build, and how much of it is validation.

    .venv/bin/python -m benchmarks.bench_sanma_views [--games 3] [--repeat 5]

Views are built on every redraw (the public view, each open hand panel) and every bot turn. The engine builds a
view as plain data and validates it into its model; this prints, per view, the median, 99th percentile and maximum
of the whole build, of the validation alone (``model_validate`` of the view's data), and of building the same nested
models without validation (``model_construct``, model by model). Microseconds of CPU, the best of a few runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from benchmarks.command_line import read
from benchmarks.timings import spread
from games import simulate as sim
from games.sanma import GAME, engine
from games.sanma.state import SanmaState
from games.sanma.views import Final, Meld, Offer, PublicView, RiverTile, SeatView, TableOptions


def states(games: int) -> list[SanmaState]:
    """A copy of the state after every action of ``games`` seeded bot games."""
    found: list[SanmaState] = []
    for n in range(games):
        sim.play_game(
            GAME,
            GAME.Options(),
            sim.bot_seats(3),
            f"views-bench-{n}",
            check=lambda state, events: found.append(state.model_copy(deep=True)),
        )
    return found


def timed(work: Callable[[Any], object], items: list[Any], repeat: int) -> list[float]:
    """Microseconds of CPU per call of ``work`` on each item, the best of ``repeat`` runs."""
    out = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            started = time.process_time_ns()
            work(item)
            best = min(best, time.process_time_ns() - started)
        out.append(best / 1000)
    return out


def constructed(data: dict[str, Any]) -> PublicView:
    """The public view built from its data without validation: each nested model constructed on its own."""
    nested = {
        "options": TableOptions.model_construct(**data["options"]),
        "window": None if data["window"] is None else Offer.model_construct(**data["window"]),
        "rivers": [[RiverTile.model_construct(**r) for r in river] for river in data["rivers"]],
        "melds": [[Meld.model_construct(**m) for m in melds] for melds in data["melds"]],
        "final": None if data["final"] is None else Final.model_construct(**data["final"]),
    }
    return PublicView.model_construct(**{**data, **nested})


def line(name: str, micros: list[float]) -> str:
    return spread(name, micros, "µs", what="views")


def main() -> None:
    args = read(__doc__, games=3, repeat=5)
    found = states(args.games)
    seats = [(state, seat) for state in found for seat in range(3)]
    public_dumps = [engine.public_view(state).model_dump() for state in found]
    seat_dumps = [engine.view(state, seat).model_dump() for state, seat in seats]
    print(f"{len(found)} states; microseconds of CPU per view")
    print(line("public view, built", timed(engine.public_view, found, args.repeat)))
    print(line("  of which validation", timed(PublicView.model_validate, public_dumps, args.repeat)))
    print(line("  constructed instead of validated", timed(constructed, public_dumps, args.repeat)))
    print(line("seat view, built", timed(lambda pair: engine.view(*pair), seats, args.repeat)))
    print(line("  of which validation", timed(SeatView.model_validate, seat_dumps, args.repeat)))


if __name__ == "__main__":
    main()
