"""Benchmark (not a test): the league queries over a large ledger.

    .venv/bin/python -m benchmarks.bench_ledger [--lines 100000] [--runs 5] [--limit 60]

Fills a temporary database with ``--lines`` ledger lines of one season, shaped like real play
(Koi-Koi and Sanma tables with one ``game`` line per seat, Black Flower tables with ``bet``/
``win``/``bank`` lines per round, Hachi-Hachi tables with ``game``/``loan``/``repay``/``debt``
lines; 60 people and a bot or two at most tables, every bot seat its own participant), then
prints the median time of each query behind ``/standings``, ``/history``, ``/balance`` and
``/debts`` (goal: under 50 ms each), and how long a table's move waits while ``/debts`` runs.
A query still running after ``--limit`` seconds is interrupted and reported as such.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.command_line import Option, read
from bot.store import Store

GUILD = 1
PEOPLE = 60
GOAL_MS = 50.0


def fill(path: Path, lines: int, seed: int = 1) -> None:
    """Write ``lines`` ledger lines (and their finished tables) straight into the database."""
    rng = random.Random(seed)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    db.execute("INSERT INTO seasons (id, guild_id, number, name, started_at) VALUES (1, ?, 1, 'Season 1', 0)", (GUILD,))
    ledger: list[tuple] = []
    table = 0
    while len(ledger) < lines:
        table += 1
        game = rng.choice(("koikoi", "sanma", "blackflower", "blackflower", "hachihachi"))
        seats = rng.randint(2, 5) if game != "sanma" else 3
        people = rng.sample(range(1, PEOPLE + 1), rng.randint(1, seats))
        who = [(f"user:{u}", u, f"player {u}") for u in people]
        who += [(f"bot:{table}:{s}", None, f"Bot {s}") for s in range(len(people), seats)]
        at = float(table)
        db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, status, turn_seconds, season_id,"
            " created_at, updated_at, finished_at) VALUES (?, ?, ?, ?, ?, '[]', 'finished', 60, 1, ?, ?, ?)",
            (table, GUILD, 100 + table % 7, game, people[0], at, at, at),
        )

        # called within this iteration only: the loop's names are this table's
        def add(seat: int, kind: str, amount: int, placing: int | None = None, rnd: int | None = None) -> None:
            participant, user_id, name = who[seat]  # noqa: B023
            memo = f"round {rnd}" if rnd else None
            row = (GUILD, 1, table, game, participant, user_id, name, seat, kind, amount, placing, memo, rnd, at)  # noqa: B023
            ledger.append(row)

        if game == "blackflower":
            for rnd in range(1, rng.randint(3, 12)):
                banker = rng.randrange(seats)
                net = 0
                for s in range(seats):
                    if s != banker:
                        stake = rng.choice((10, 20, 50))
                        back = rng.choice((0, 0, stake, 2 * stake))
                        add(s, "bet", -stake, rnd=rnd)
                        if back:
                            add(s, "win", back, rnd=rnd)
                        net += stake - back
                if net:
                    add(banker, "bank", net, rnd=rnd)
        else:
            scores = [rng.randint(-60, 60) for _ in range(seats)]
            order = sorted(range(seats), key=lambda s: -scores[s])
            for s in range(seats):
                add(s, "game", scores[s], placing=order.index(s) + 1)
                if game == "hachihachi" and rng.random() < 0.3:
                    add(s, "loan", 120)
                    add(s, "repay", -60)
                    add(s, "debt", -60)
    db.executemany(
        "INSERT INTO ledger (guild_id, season_id, table_id, game, participant, user_id, name, seat, kind, amount,"
        " placing, memo, round, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ledger[:lines],
    )
    db.execute("COMMIT")
    db.close()


async def interrupt(store: Store) -> None:
    for conn in (getattr(store, "_db", None), getattr(store, "_reader", None)):
        if conn is not None:
            await conn.interrupt()


async def timed(store: Store, call, runs: int, limit: float) -> float | None:
    """Median milliseconds of ``runs`` calls; None when one call runs past ``limit`` seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        task = asyncio.ensure_future(call())
        done, _ = await asyncio.wait({task}, timeout=limit)
        if not done:
            await interrupt(store)
            try:
                await task
            except sqlite3.OperationalError:
                pass
            return None
        task.result()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def move_wait(store: Store, limit: float) -> float | None:
    """Milliseconds a write (as a table's move does) waits while ``/debts`` is being answered;
    None when it still waits after ``limit`` seconds."""
    season = (await store.seasons.current(GUILD)).id
    reading = asyncio.ensure_future(store.ledger.debts(GUILD, season))
    await asyncio.sleep(0.005)
    start = time.perf_counter()
    writing = asyncio.ensure_future(store.tables.set_message(1, 42))
    done, _ = await asyncio.wait({writing}, timeout=limit)
    waited = (time.perf_counter() - start) * 1000 if done else None
    if not reading.done():
        await interrupt(store)
    await asyncio.gather(reading, writing, return_exceptions=True)
    return waited


async def run(lines: int, runs: int, limit: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        await (await Store.open(path)).close()  # the schema
        started = time.perf_counter()
        fill(path, lines)
        print(f"{lines} ledger lines written in {time.perf_counter() - started:.1f} s")
        store = await Store.open(path)
        try:
            season = (await store.seasons.current(GUILD)).id
            queries = {
                "standings (all games)": lambda: store.results.standings(GUILD, season),
                "standings blackflower": lambda: store.results.standings(GUILD, season, "blackflower"),
                "history (10 games)": lambda: store.results.history(GUILD, 7),
                "balance (one player, one game)": lambda: store.ledger.balance(GUILD, season, 7, "blackflower"),
                "balances (every person)": lambda: store.ledger.balances(GUILD, season),
                "debts": lambda: store.ledger.debts(GUILD, season),
            }
            queries["/balance accounts (one player)"] = lambda: store.ledger.totals(GUILD, season, user_id=7)
            queries["/debts accounts (everyone)"] = lambda: store.ledger.totals(GUILD, season)
            for name, call in queries.items():
                ms = await timed(store, call, runs, limit)
                shown = f"> {limit:.0f} s (interrupted)" if ms is None else f"{ms:9.1f} ms"
                verdict = "" if ms is None or ms < GOAL_MS else "  (over the 50 ms goal)"
                print(f"{name:40} {shown}{verdict}")
            ms = await move_wait(store, limit)
            shown = f"> {limit:.0f} s" if ms is None else f"{ms:9.1f} ms"
            print(f"{'a move waits during /debts':40} {shown}")
        finally:
            await store.close()


def main() -> None:
    args = read(__doc__, lines=100_000, runs=5, limit=Option(60.0, "seconds before a query is interrupted"))
    asyncio.run(run(args.lines, args.runs, args.limit))


if __name__ == "__main__":
    main()
