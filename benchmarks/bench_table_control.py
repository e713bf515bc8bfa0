"""Benchmark (not a test): an officer's void and correction on a server with many finished games.

    .venv/bin/python -m benchmarks.bench_table_control [--games 20000] [--players 200] [--runs 5] [--oldest]

Fills a SQLite database with ``--games`` finished games (``benchmarks/bench_standings.py``'s fill), then
voids and corrects the latest Sanma tables (``bot/league/control.py``): each is one transaction that writes the
lines and rebuilds the game's ratings from that table on. Prints the median time of each; the longest the
event loop went without running (a ticker task every millisecond), beside the longest over as long a time
with nothing to do (on a busy machine the operating system alone holds a process up for a while); and the CPU
time the event loop's thread spent meanwhile. The ratings are rewritten by a worker process
(``bot/league/rating_rebuild.py``): nothing of it runs on the event loop, nor in a thread of the bot's
process competing with the loop for the interpreter.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bench_standings import GUILD, fill
from benchmarks.command_line import Option, read
from bot.league import control
from bot.store import Store

OFFICER = (1, "bench officer")


async def ticker(gaps: list[float], stop: asyncio.Event) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now


async def timed(action, gaps: list[float]) -> tuple[float, float]:
    """(seconds the action took, the longest event-loop gap meanwhile)."""
    gaps.clear()
    started = time.perf_counter()
    await action
    return time.perf_counter() - started, max(gaps, default=0.0)


async def idle(gaps: list[float], seconds: float) -> float:
    """The longest event-loop gap over ``seconds`` with nothing to do (the machine's own noise)."""
    gaps.clear()
    await asyncio.sleep(seconds)
    return max(gaps, default=0.0)


async def main(games: int, players: int, runs: int, oldest: bool = False) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "parlor.sqlite3"
        store = await Store.open(path)
        await store.close()
        fill(path, games, players)
        store = await Store.open(path)
        async with (
            store.read() as db,
            db.execute(
                "SELECT t.id, MIN(r.user_id) FROM tables t JOIN results r ON r.table_id = t.id WHERE t.game = 'sanma'"
                " AND r.user_id IS NOT NULL GROUP BY t.id ORDER BY t.id " + ("" if oldest else "DESC") + " LIMIT ?",
                (2 * runs,),
            ) as cur,
        ):
            picked = [(int(r[0]), int(r[1])) for r in await cur.fetchall()]
        async with store.read() as db, db.execute("SELECT COUNT(*) FROM tables WHERE game = 'sanma'") as cur:
            sanma = (await cur.fetchone())[0]
        gaps: list[float] = []
        stop = asyncio.Event()
        tick = asyncio.create_task(ticker(gaps, stop))
        voids, corrections, stalls, quiet = [], [], [], []
        for table_id, _user_id in picked[:runs]:
            table = await control.finished_table(store, GUILD, table_id)
            took, stall = await timed(control.void_finished(store, table, OFFICER, "benchmark"), gaps)
            voids.append(took)
            stalls.append(stall)
            quiet.append(await idle(gaps, took))
        for table_id, user_id in picked[runs:]:
            table = await control.finished_table(store, GUILD, table_id)
            took, stall = await timed(control.correct(store, table, user_id, 1.0, OFFICER, "benchmark"), gaps)
            corrections.append(took)
            stalls.append(stall)
            quiet.append(await idle(gaps, took))
        stop.set()
        await tick
        await store.close()
    print(f"{games} finished games ({sanma} of Sanma), {players} players")
    print(f"void:    median {statistics.median(voids) * 1000:.0f} ms over {len(voids)}")
    if corrections:
        print(f"correct: median {statistics.median(corrections) * 1000:.0f} ms over {len(corrections)}")
    print(
        f"longest event-loop stall meanwhile: {max(stalls) * 1000:.1f} ms (median of each action's longest "
        f"{statistics.median(stalls) * 1000:.1f} ms); doing nothing as long: {max(quiet) * 1000:.1f} ms "
        f"(median {statistics.median(quiet) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    args = read(
        __doc__,
        games=20_000,
        players=200,
        runs=5,
        oldest=Option(False, "the oldest tables: every later rating is rewritten"),
    )
    asyncio.run(main(args.games, args.players, args.runs, args.oldest))
