"""Benchmark (not a test): where to draw pictures, and what handing them over costs — on the event loop, in a pool of
threads, in a :class:`concurrent.futures.ProcessPoolExecutor`, or in the bot's picture workers
(bot/picture_workers.py).

    .venv/bin/python -m benchmarks.bench_painter [--pictures 200] [--workers 2] [--apart 3]

Draws seeded Koi-Koi table and hand panel pictures (tests/faces/table_games.py) one at a time, ``--apart`` ms after
the last one came back (as a busy bot asks for them: a picture, then other work), and prints per picture the wall
time from asking to having it, the CPU time of this process (the one that would run the event loop: in a pool of
threads the GIL makes the drawing its own, in a pool of processes it is handing the view out and the PNG back) and
the CPU time of the worker processes (the drawing and their side of the handing over), read from /proc.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.command_line import Option, read
from benchmarks.proc_cpu import tree_cpu
from bot.painter import Painter
from bot.picture_workers import PictureWorkers
from bot.render.pictures import has_panel_picture, panel_picture, table_picture
from tests.faces.table_games import sampled_seat_views, sampled_views

Job = tuple[Callable[..., Any], str, Any]


def koikoi_pictures(count: int) -> list[Job]:
    tables = [(table_picture, "koikoi", v) for v, _ in sampled_views("koikoi", seed="bench-0", every=1, limit=count)]
    views = [v for v, _ in sampled_seat_views("koikoi", seed="bench-0", every=1, limit=2 * count)]
    panels = [(panel_picture, "koikoi", v) for v in views if has_panel_picture("koikoi", v)]
    mixed = [job for pair in zip(tables, panels, strict=False) for job in pair]
    return (mixed * (count // max(len(mixed), 1) + 1))[:count]


def drawn(job: Job) -> object:
    return job[0](*job[1:])


def timed(name: str, draw: Callable[[Job], object], jobs: list[Job], apart: float) -> None:
    started, cpu, (_, workers) = time.perf_counter(), time.process_time(), tree_cpu(os.getpid())
    waited = 0.0
    for job in jobs:
        asked = time.perf_counter()
        draw(job)
        waited += time.perf_counter() - asked
        time.sleep(apart)
    idle = apart * len(jobs)
    count = len(jobs)
    own, (_, workers_after) = time.process_time() - cpu, tree_cpu(os.getpid())
    print(
        f"{name:<24} {waited * 1000 / count:6.2f} ms a picture (wall), CPU {own * 1000 / count:5.2f} ms of this "
        f"process, {(workers_after - workers) * 1000 / count:5.2f} ms of the workers "
        f"({(time.perf_counter() - started - idle) * 1000 / count:.2f} ms busy a picture)",
        flush=True,
    )


def first_pictures(jobs: list[Job]) -> None:
    """A new process's painter, warmed as the bot warms it at start-up: its first pictures against the next ones,
    players' names it never drew included."""
    painter = Painter(slots=1)
    try:
        painter.warm_up().result(timeout=120)
        named = [
            (draw, game, view.model_copy(update={"seats": ["Zoë Quix", "Bob (away)"]})) for draw, game, view in jobs
        ]
        times = []
        for draw, game, view in named[:40]:
            asked = time.perf_counter()
            painter.submit(draw, game, view).result()
            times.append((time.perf_counter() - asked) * 1000)
        print(
            f"a warmed worker's first pictures {times[0]:.1f} and {times[1]:.1f} ms (wall), the next ones "
            f"{statistics.median(times[2:]):.1f} ms (median)",
            flush=True,
        )
    finally:
        painter.close()


def main() -> None:
    args = read(__doc__, pictures=200, workers=2, apart=Option(3.0, "ms between a picture back and the next asked"))
    jobs = koikoi_pictures(args.pictures)
    apart = args.apart / 1000
    for job in jobs:  # the faces at every size loaded and scaled once, as in a bot that has run a while
        drawn(job)
    timed("on the loop", drawn, jobs, apart)
    pools: dict[str, Callable[[], concurrent.futures.Executor]] = {
        "threads": lambda: concurrent.futures.ThreadPoolExecutor(args.workers),
        "ProcessPoolExecutor": lambda: concurrent.futures.ProcessPoolExecutor(
            args.workers, mp_context=multiprocessing.get_context("spawn")
        ),
        "picture workers": lambda: PictureWorkers(args.workers),
    }
    for name, start in pools.items():
        pool = start()
        list(pool.map(drawn, jobs))  # every worker started and warm
        timed(f"{args.workers} {name}", lambda job: pool.submit(*job).result(), jobs, apart)  # noqa: B023
        pool.shutdown()
    first_pictures(jobs)


if __name__ == "__main__":
    main()
