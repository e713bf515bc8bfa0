"""Benchmark (not a test): interactions per second and answer latency with many tables in guilds on 4
shards, served by 1 Parlor process (all 4 shards) or by 2 (shards 0,1 and 2,3), on one PostgreSQL.

    .venv/bin/python -m tests.benchmarks.bench_shards [--tables 200] [--turns 6] [--processes 1 2]

The bot processes are real OS processes (``tests/e2e/bot_process.py``) against a local Discord this
process serves (which also plays every user, so it competes with them for the cores: say how many the
machine has when quoting figures). Every table is a 2-player Koi-Koi game in a guild of its own; each
turn both players open their hand panel (/hand) and the one to move presses their first move. Prints
interactions per second and the median, p95 and p99 of the time from dispatching an interaction to
the bot's answer.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from bot.store import Store
from localdiscord import LocalDiscord
from tests.e2e.conftest import action_buttons
from tests.e2e.shard_cluster import BotProcess, Table, guilds_on_every_shard, wait_for_commands
from tests.postgres_server import PostgresForTests

SHARD_COUNT = 4
LAYOUTS = {1: [(0, 1, 2, 3)], 2: [(0, 1), (2, 3)]}
PATIENT = {"_timeout": 60.0, "_quiet": 0.0}  # measure slow answers instead of failing on them


async def play_turns(table: Table, turns: int, latencies: list[float]) -> None:
    for _ in range(turns):
        panels = {}
        for user in table.players:
            opened = await user.slash("hand", _channel=table.channel, **PATIENT)
            latencies.append(opened.latency)
            panels[user] = opened.message
        mover = next((u for u in table.players if panels[u] is not None and action_buttons(panels[u])), None)
        if mover is None:
            continue
        _, custom_id, _ = action_buttons(panels[mover])[0]
        latencies.append((await mover.click(panels[mover], custom_id, **PATIENT)).latency)


async def run(processes: int, tables: int, turns: int, server: PostgresForTests, logs: Path) -> str:
    database = server.new_database()
    async with LocalDiscord(shard_count=SHARD_COUNT, reject_late_ack=False, ack_deadline=60.0) as fake:
        playing = guilds_on_every_shard(fake, tables, SHARD_COUNT)
        bots = [BotProcess(fake, database, ids, SHARD_COUNT, logs / f"{processes}-{ids[0]}.log")
                for ids in LAYOUTS[processes]]
        try:
            await asyncio.gather(*(b.start(timeout=120) for b in bots))
            await wait_for_commands(fake)
            async with await Store.open(database) as store:
                opening = asyncio.Semaphore(20)

                async def open_one(table: Table) -> None:
                    async with opening:
                        await table.open(store, 600)

                await asyncio.gather(*(open_one(t) for t in playing))
            latencies: list[float] = []
            started = time.perf_counter()
            await asyncio.gather(*(play_turns(t, turns, latencies) for t in playing))
            elapsed = time.perf_counter() - started
        finally:
            await asyncio.gather(*(b.stop() for b in bots))
    latencies.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1000  # noqa: E731
    return (f"{processes} process{'es' if processes > 1 else ''}: {tables} tables, {len(latencies)} interactions "
            f"in {elapsed:.1f} s = {len(latencies) / elapsed:.1f}/s; answer median "
            f"{statistics.median(latencies) * 1000:.0f} ms, p95 {at(0.95):.0f} ms, p99 {at(0.99):.0f} ms")


async def main(tables: int, turns: int, layouts: list[int]) -> None:
    server = PostgresForTests()
    logs = Path(tempfile.mkdtemp(prefix="parlor-bench-shards-"))
    try:
        print(f"{os.cpu_count()} cores; bot logs in {logs}", flush=True)
        for processes in layouts:
            print(await run(processes, tables, turns, server, logs), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--processes", type=int, nargs="+", choices=sorted(LAYOUTS), default=[1, 2])
    arguments = parser.parse_args()
    asyncio.run(main(arguments.tables, arguments.turns, arguments.processes))
