"""Benchmark (not a test): the event loop's CPU for the table manager's own part of a move, Discord left out.

    .venv/bin/python -m benchmarks.bench_table_moves [--tables 50] [--moves 20] [--rounds 3]

``--tables`` 2-player Koi-Koi tables are opened and started on a table manager (``bot/tables/``) over SQLite, with the
base presenter, which shows nothing; then the players of every table take turns (one move a table at a time, all
tables at once, as busy tables do), each move a click through ``TableManager.act``: checked, applied, stored, its
timer kept, its bots' turn and its redraws scheduled. Printed: the loop's CPU per move (``time.thread_time``, so a
busy machine's waits for a core are left out; aiosqlite's own thread is not the loop's and is left out too), the
median of ``--rounds`` rounds, each on new tables.

To compare with another checkout, copy this file out and run it from there with that checkout's Python and
``PYTHONPATH`` set to it.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.command_line import read
from bot.store import Store
from bot.tables import Presenter, Table, TableManager

GUILD = 10


async def opened(manager: TableManager, tables: int) -> list[Table]:
    started = []
    for n in range(tables):
        host, guest = 2 * n + 1, 2 * n + 2
        table = await manager.open_table(
            game_name="koikoi",
            guild_id=GUILD + n,
            channel_id=1000 + n,
            host_id=host,
            host_name=f"host{n}",
            options={"months": 12},
            turn_seconds=600,
        )
        await manager.join(table.id, guest, f"guest{n}")
        started.append(await manager.start(table.id, host))
    await manager.idle()
    return started


async def move(manager: TableManager, table: Table) -> bool:
    """The first move of the seat to act, as its player's click; False once the game is over."""
    if table.status != "playing" or not table.to_act():
        return False
    seat = table.to_act()[0]
    user = table.seats[seat].user_id
    assert user is not None
    await manager.act(table.id, user, table.seat_version(seat), table.choices(seat)[0])
    return True


async def one_round(folder: Path, tables: int, moves: int) -> float:
    store = await Store.open(folder / "moves.sqlite3")
    seeds = (f"{n:032x}" for n in range(10_000))
    manager = TableManager(store, Presenter(), default_turn_seconds=600, new_seed=lambda: next(seeds))
    try:
        playing = await opened(manager, tables)
        made = 0
        started = time.thread_time()
        for _ in range(moves):
            made += sum(await asyncio.gather(*(move(manager, t) for t in playing)))
            await manager.idle()
        return (time.thread_time() - started) / made * 1e6
    finally:
        await manager.close()
        await store.close()


async def main(tables: int, moves: int, rounds: int) -> None:
    figures = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as folder:
            figures.append(await one_round(Path(folder), tables, moves))
    print(
        f"{tables} tables, {moves} moves each: the loop's CPU a move {statistics.median(figures):.0f} µs "
        f"(rounds {min(figures):.0f}–{max(figures):.0f})"
    )


if __name__ == "__main__":
    arguments = read(__doc__, tables=50, moves=20, rounds=3)
    asyncio.run(main(arguments.tables, arguments.moves, arguments.rounds))
