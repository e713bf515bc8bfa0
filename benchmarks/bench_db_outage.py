"""Benchmark (not a test): how long tables wait after a database outage ends.

    .venv/bin/python -m benchmarks.bench_db_outage [--backend postgres|sqlite] [--tables 20] [--down 5]

``--tables`` Koi-Koi tables of a player and a bot, the player resigned, so bots play both seats (a move
every 50 ms, as the test processes do) with Parlor's default retry pauses (``bot.retry.Backoff``). Then
the database goes away for ``--down`` seconds: PostgreSQL is stopped (``pg_ctl stop -m fast``) and
started again, or the SQLite disk is full (``tests/bot/outages.py``). Prints, for the tables that were
playing, the seconds from the database being back to each table's next move: median and worst (the
goal: a few seconds, never the turn time).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.command_line import Option, read
from bot.store import Store
from bot.tables import PLAYING, Presenter, TableManager
from tests.bot.outages import FullDisk, Outage, StoppedServer

GUILD = 10


async def run(backend: str, tables: int, down: float) -> None:
    outage: Outage = (
        FullDisk(Path(tempfile.mkdtemp(prefix="parlor-outage-")))
        if backend == "sqlite"
        else await asyncio.to_thread(StoppedServer)
    )
    store = outage.watch(await Store.open(outage.url))
    manager = TableManager(store, Presenter(), default_turn_seconds=3600, bot_delay=0.05)
    try:
        opened = []
        for n in range(tables):
            table = await manager.open_table(
                game_name="koikoi",
                guild_id=GUILD,
                channel_id=100 + n,
                host_id=n + 1,
                host_name=f"player {n}",
                options={"months": 12},
                turn_seconds=3600,
            )
            await manager.add_bot(table.id, n + 1)
            await manager.start(table.id, n + 1)
            await manager.resign(table.id, n + 1)
            opened.append(table)
        await asyncio.sleep(1.0)
        await outage.begin()
        await asyncio.sleep(down)
        await outage.end()
        back = time.monotonic()
        counts = {t.id: t.version for t in opened if t.status == PLAYING}
        waits: dict[int, float] = {}
        while len(waits) < len(counts) and time.monotonic() - back < 120:
            for table in opened:
                if table.id in counts and table.id not in waits and table.version != counts[table.id]:
                    waits[table.id] = time.monotonic() - back
            await asyncio.sleep(0.01)
        frozen = len(counts) - len(waits)
        values = sorted(waits.values())
        print(f"{backend}: {len(counts)} tables playing when the database came back after {down:.0f} s down")
        if values:
            print(f"  next move after: median {statistics.median(values):.2f} s, worst {values[-1]:.2f} s")
        print(f"  tables with no move within 120 s: {frozen}")
    finally:
        await outage.end()
        await manager.close()
        await store.close()
        await outage.close()


def main() -> None:
    args = read(__doc__, backend=Option("postgres", choices=("postgres", "sqlite")), tables=20, down=5.0)
    asyncio.run(run(args.backend, args.tables, args.down))


if __name__ == "__main__":
    main()
