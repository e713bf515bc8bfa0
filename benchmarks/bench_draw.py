"""Benchmark (not a test): how long a league night's draw takes, and how long the event loop stalls meanwhile.

    .venv/bin/python -m benchmarks.bench_draw [--players 10 20 40 100] [--runs 3]

For each night size: a sanma night (tables of 3, bots allowed) with one earlier round's meetings and random
season points, drawn by each method as ``bot/league/nights.py`` draws (a big swiss draw in a process of its
own; ``--thread``: in a thread instead, to compare).
Prints the draw's median milliseconds and the longest gap between ticks of a 1 ms timer on the event loop
while it ran (what every other table and interaction waits at worst).
"""

from __future__ import annotations

import asyncio
import functools
import random
import statistics
import time

from benchmarks.command_line import Option, read
from bot.league import nights, pairing


def night(players: int, seed: int) -> dict:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    rng.shuffle(ids)
    met = {
        frozenset(pair): 1
        for start in range(0, players - 2, 3)
        for pair in ((ids[start], ids[start + 1]), (ids[start], ids[start + 2]), (ids[start + 1], ids[start + 2]))
    }
    return {
        "players": sorted(ids),
        "met": met,
        "points": {p: float(rng.randint(-50, 50)) for p in ids},
        "ratings": {p: rng.uniform(0, 30) for p in ids},
    }


async def timed(method: pairing.Method, data: dict, thread: bool) -> tuple[float, float]:
    ticks: list[float] = []
    running = True

    async def ticker() -> None:
        while running:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.001)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    start = time.perf_counter()
    work = functools.partial(
        pairing.draw,
        data["players"],
        method=method,
        size=3,
        minimum=3,
        seed="bench",
        allow_bots=True,
        ratings=data["ratings"],
        points=data["points"],
        met=data["met"],
    )
    if thread:
        await asyncio.to_thread(work)
    elif method == "swiss" and len(data["players"]) > nights.INLINE_SWISS:
        await asyncio.get_running_loop().run_in_executor(nights._drawing_process(), work)
    else:
        work()
    took = time.perf_counter() - start
    running = False
    await task
    during = [t for t in ticks if t >= start]
    gaps = [b - a for a, b in zip(during, during[1:])] or [took]
    return took * 1000, max(gaps) * 1000


async def run(sizes: list[int], runs: int, thread: bool) -> None:
    if not thread:
        await asyncio.get_running_loop().run_in_executor(nights._drawing_process(), int)  # started once, not timed
    print(f"{'players':>7} {'method':>7} {'draw ms':>9} {'loop stall ms':>14}")
    for size in sizes:
        for method in pairing.METHODS:
            results = [await timed(method, night(size, n), thread) for n in range(runs)]
            print(
                f"{size:>7} {method:>7} {statistics.median(r[0] for r in results):>9.1f} "
                f"{max(r[1] for r in results):>14.1f}"
            )


def main(argv: list[str] | None = None) -> None:
    args = read(
        __doc__,
        argv,
        players=[10, 20, 40, 100],
        runs=3,
        thread=Option(False, "draw in a thread instead (the GIL is shared)"),
    )
    asyncio.run(run(args.players, args.runs, args.thread))


if __name__ == "__main__":
    main()
