"""Benchmark (not a test): what a picture costs the bot's process and its picture workers (bot/picture_workers.py),
per picture kind, and where a worker's CPU goes; and where to draw pictures at all (``--pools``).

    .venv/bin/python -m benchmarks.bench_painter [--pictures 600] [--tables 200] [--workers 2] [--apart 3] [--games koikoi,sanma] [--pools]

Per kind (each game's table and panel pictures, from seeded bot games: tests/faces/table_games.py), the pictures are
asked for as the presenter asks for them (``TablePayloads._drawn_picture``: the view's cache key, the job handed to a
worker, the PNG awaited on uvloop's event loop, which reads it from the worker's pipe, as the bot does), one at a time, ``--apart`` ms after the last one
came back, as ``--tables`` tables ask for them in turn: each table follows seeded games' states from a point of its
own, one state further each turn, with names of its own (as a busy bot draws them: many tables' pictures between
two of one table's). Printed per picture: the CPU of this process's event loop (the key, handing the view out, the PNG
awaited) and of its other threads (none of the pool's: the loop reads the PNG back and settles the futures; a checkout with a reading thread
counts it here), and of the
workers (their process CPU, timed inside each worker), split into laying the picture out (every size tried),
painting the strokes kept, encoding the PNG and the rest (receiving the job, rebuilding the view, sending the PNG
back, waking up). Run it from another checkout's folder
(``cd /work/main && PYTHONPATH=. python /path/to/benchmarks/bench_painter.py``) to compare.

``--pools`` also draws Koi-Koi pictures on the event loop, in a pool of threads, in a
:class:`concurrent.futures.ProcessPoolExecutor` and in the picture workers, and prints the same CPU split.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import uvloop

import bot.render.pictures as pictures
from benchmarks.bench_table_pictures import renamed
from benchmarks.command_line import Option, read
from benchmarks.proc_cpu import tree_cpu
from bot.painter import Painter, warm
from bot.picture_workers import PictureWorkers
from bot.presenter import Picture, TablePayloads
from bot.render import presentation
from bot.render.pictures import has_panel_picture, panel_drawn_from, panel_picture, table_picture
from faces.table import Board
from tests.faces.table_games import SETUPS, sampled_seat_views, sampled_views

Job = tuple[Callable[..., Any], str, Any]

# --- inside a worker: where its CPU goes, timed around the drawing functions ---------------------------------------

_split = {"draw": 0.0, "encode": 0.0, "paint": 0.0}  # a picture's drawing function (all of it), its PNG (painting
# and encoding), its painting (the strokes pasted, where the code painting apart exists: faces/strokes.py)
_since = [0.0]  # the worker's process CPU when last asked


def _timed(function: Callable[..., Any], part: str) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            _split[part] += time.thread_time() - started

    return timed


def timed_worker() -> None:
    """A worker's start (its initializer): warmed as the bot's, then its drawing functions timed. A job names them
    by module and name, so the worker runs the timed ones. Run against another checkout, what it lacks is not
    timed (its painting is then part of drawing)."""
    import faces.table

    warm()
    pictures.table_picture = _timed(pictures.table_picture, "draw")
    pictures.panel_picture = _timed(pictures.panel_picture, "draw")
    Board.png = _timed(Board.png, "encode")  # type: ignore[method-assign]  # same signature
    if hasattr(faces.table, "painted"):
        faces.table.painted = _timed(faces.table.painted, "paint")
    _since[0] = time.process_time()


def split_so_far() -> dict[str, float]:
    """(A job:) this worker's CPU seconds since the last call, in all (``worker``: its process's, the jobs' handling
    and its waking up included) and drawing, encoding and painting."""
    now = time.process_time()
    taken = dict(_split, worker=now - _since[0])
    _split.update(draw=0.0, encode=0.0, paint=0.0)
    _since[0] = now
    return taken


# --- the bot's side ----------------------------------------------------------------------------------------------


def kinds(count: int, tables: int) -> dict[str, list[Job]]:
    """Each game's table and panel pictures, ``count`` of each, as ``tables`` tables ask for them in turn: each
    table follows the states of seeded games from a point of its own, one state further each turn, with names of
    its own (a busy bot draws many tables' pictures between two of one table's)."""
    found: dict[str, list[Job]] = {}
    for game in SETUPS:
        looks = presentation(game)
        if looks.table_picture is not None:
            views = [v for g in range(3) for v, _ in sampled_views(game, seed=f"bench-{g}", every=1, limit=200)]
            found[f"{game} table"] = [(table_picture, game, v) for v in views]
        views = [v for g in range(3) for v, _ in sampled_seat_views(game, seed=f"bench-{g}", every=1, limit=300)]
        found[f"{game} panel"] = [(panel_picture, game, v) for v in views if has_panel_picture(game, v)]
    return {
        kind: [followed(jobs, n % tables, n // tables, tables) for n in range(count)] for kind, jobs in found.items()
    }


def followed(jobs: list[Job], table: int, turn: int, tables: int) -> Job:
    """The picture ``table`` asks for on its ``turn``-th turn."""
    draw, game, view = jobs[(table * len(jobs) // tables + turn) % len(jobs)]
    return draw, game, renamed(view, f"t{table}")


def asked(payloads: TablePayloads, n: int, job: Job) -> Picture:
    """One picture asked for as the presenter asks (its own slot: never the one drawn before)."""
    draw, game, view = job
    table = SimpleNamespace(game=SimpleNamespace(name=game))
    part = panel_drawn_from(game, view) if draw is panel_picture else None
    return payloads._drawn_picture(table, n, view, draw, part, urgent=True)  # type: ignore[arg-type]


async def split(kind: str, jobs: list[Job], pool: PictureWorkers, apart: float) -> None:
    """The pictures of ``jobs`` asked for and awaited on this event loop, as an answer awaits its panel's."""
    payloads = TablePayloads(Painter(pool, slots=len(pool.processes)))
    for n, job in enumerate(jobs[:4]):  # every worker has drawn this kind once
        await asked(payloads, -n - 1, job).png(urgent=True)
    [await pool.submit(split_so_far) for _ in pool.processes]
    loop, cpu = time.thread_time(), time.process_time()
    sizes = []
    for n, job in enumerate(jobs):
        sizes.append(len(await asked(payloads, n, job).png(urgent=True) or b""))
        await asyncio.sleep(apart)
    loop, own = time.thread_time() - loop, time.process_time() - cpu
    inside = [await pool.submit(split_so_far) for _ in pool.processes]  # the idle workers, one after the other
    count = len(jobs)
    worker, drawn, encode, paint = (
        sum(part[name] for part in inside) * 1000 / count for name in ("worker", "draw", "encode", "paint")
    )
    print(
        f"{kind:<18} {count:>5} {loop * 1000 / count:8.3f} {(own - loop) * 1000 / count:8.3f} {worker:8.3f} "
        f"{drawn - encode:8.3f} {paint:8.3f} {encode - paint:8.3f} {worker - drawn:8.3f} "
        f"{statistics.mean(sizes) / 1024:6.1f} {max(sizes) / 1024:6.1f}",
        flush=True,
    )


async def per_kind(count: int, tables: int, workers: int, apart: float, games: str) -> None:
    print(
        "CPU ms per picture: this process's event loop (the key, the job handed out, the PNG awaited) and its other "
        "threads (a pool's reading thread, where there is one), the workers (layout + paint + encode + the rest: receiving, "
        "rebuilding the view, sending back, waking up; a checkout that paints while laying out counts its "
        "painting in layout); KB"
    )
    print(
        f"{'kind':<18} {'count':>5} {'loop':>8} {'reading':>8} {'workers':>8} {'layout':>8} {'paint':>8} "
        f"{'encode':>8} {'rest':>8} {'mean':>6} {'max':>6}"
    )
    pool = PictureWorkers(workers, initializer=timed_worker)
    try:
        for kind, jobs in kinds(count, tables).items():
            if not games or kind.split()[0] in games.split(","):
                await split(kind, jobs, pool, apart)
    finally:
        pool.shutdown()


# --- --pools: where to draw ---------------------------------------------------------------------------------------


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


def pools(jobs: list[Job], workers: int, apart: float) -> None:
    for job in jobs:  # the faces at every size loaded and scaled once, as in a bot that has run a while
        drawn(job)
    timed("on the loop", drawn, jobs, apart)
    started: dict[str, Callable[[], concurrent.futures.Executor]] = {
        "threads": lambda: concurrent.futures.ThreadPoolExecutor(workers),
        "ProcessPoolExecutor": lambda: concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn")
        ),
    }
    for name, start in started.items():
        pool = start()
        list(pool.map(drawn, jobs))  # every worker started and warm
        timed(f"{workers} {name}", lambda job: pool.submit(job[0], *job[1:]).result(), jobs, apart)  # noqa: B023
        pool.shutdown()
    loop = asyncio.new_event_loop()  # the picture workers are read by an event loop: this one, run for each
    lean = PictureWorkers(workers)
    try:
        loop.run_until_complete(_all_drawn(lean, jobs))
        timed(f"{workers} picture workers", lambda job: loop.run_until_complete(_submitted(lean, *job)), jobs, apart)
    finally:
        lean.shutdown(wait=False)
        loop.close()


async def _submitted(pool: PictureWorkers, draw: Callable[..., Any], *args: Any) -> Any:
    return await pool.submit(draw, *args)


async def _all_drawn(pool: PictureWorkers, jobs: list[Job]) -> None:
    """Every job drawn at once: every worker started and warm."""
    await asyncio.gather(*(pool.submit(drawn, job) for job in jobs))


def first_pictures(jobs: list[Job]) -> None:
    """A new process's painter, warmed as the bot warms it at start-up: its first pictures against the next ones,
    players' names it never drew included."""
    painter = Painter(slots=1)
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(_warmed(painter))
        named = [
            (draw, game, view.model_copy(update={"seats": ["Zoë Quix", "Bob (away)"]})) for draw, game, view in jobs
        ]
        times = []
        for draw, game, view in named[:40]:
            asked = time.perf_counter()
            loop.run_until_complete(_painted(painter, draw, game, view))
            times.append((time.perf_counter() - asked) * 1000)
        print(
            f"a warmed worker's first pictures {times[0]:.1f} and {times[1]:.1f} ms (wall), the next ones "
            f"{statistics.median(times[2:]):.1f} ms (median)",
            flush=True,
        )
    finally:
        painter.close()
        loop.close()


async def _warmed(painter: Painter) -> Any:
    return await painter.warm_up()


async def _painted(painter: Painter, draw: Callable[..., Any], *args: Any) -> Any:
    return await painter.submit(draw, *args)


def main() -> None:
    args = read(
        __doc__,
        pictures=600,
        tables=200,
        workers=2,
        apart=Option(3.0, "ms between a picture back and the next asked"),
        games=Option("", "only these games' pictures (names, comma-separated)"),
        pools=Option(False, "also compare the event loop, threads and process pools on Koi-Koi pictures"),
    )
    uvloop.run(
        per_kind(args.pictures, args.tables, args.workers, args.apart / 1000, args.games)
    )  # the bot's event loop
    if args.pools:
        found = kinds(args.pictures, args.tables)
        koikoi = [job for pair in zip(found["koikoi table"], found["koikoi panel"], strict=False) for job in pair]
        pools(koikoi, args.workers, args.apart / 1000)
        first_pictures(koikoi)


if __name__ == "__main__":
    main()
