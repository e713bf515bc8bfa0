"""Benchmark (not a test): where to draw pictures — on the event loop, in a pool of threads, or in a pool of
processes (bot/painter.py).

    .venv/bin/python -m benchmarks.bench_painter [--pictures 120] [--workers 2]

Draws seeded sanma hand panels (tests/faces/table_games.py) one after another, then in a pool of threads and
in a pool of processes, and prints per picture the wall time and the CPU time of this process (the one that
would run the event loop): in a pool of threads the GIL makes that CPU time the loop's to share.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import time

from benchmarks.command_line import read
from bot.render.pictures import panel_picture
from tests.faces.table_games import sampled_seat_views


def size(view: dict) -> int:
    return len(panel_picture("sanma", view) or b"")


def timed(name: str, draw, views: list[dict]) -> None:
    started, cpu = time.perf_counter(), time.process_time()
    draw(views)
    count = len(views)
    print(
        f"{name}: {(time.perf_counter() - started) * 1000 / count:.2f} ms a picture (wall), "
        f"{(time.process_time() - cpu) * 1000 / count:.2f} ms CPU of this process",
        flush=True,
    )


def main() -> None:
    args = read(__doc__, pictures=120, workers=2)
    views = [v for v, _ in sampled_seat_views("sanma", seed="bench-0", every=3, limit=300)]
    views = [v for v in views if panel_picture("sanma", v) is not None][: args.pictures]
    timed("on the loop", lambda vs: [size(v) for v in vs], views)
    pools = {
        "threads": concurrent.futures.ThreadPoolExecutor(args.workers),
        "processes": concurrent.futures.ProcessPoolExecutor(
            args.workers, mp_context=multiprocessing.get_context("spawn")
        ),
    }
    for name, pool in pools.items():
        with pool:
            list(pool.map(size, views[: args.workers * 2]))  # every worker started and warm
            timed(f"{args.workers} {name}", lambda vs: list(pool.map(size, vs)), views)  # noqa: B023  # timed now


if __name__ == "__main__":
    main()
