"""Benchmark (not a test): interaction → response latency with many tables playing at once.

    .venv/bin/python -m tests.benchmarks.bench_interactions [--tables 50] [--turns 12]

Every table is a 2-player Koi-Koi game between two users in its own channel; all tables play
concurrently through the local fake Discord. Prints the median and 95th percentile of the time
from an interaction being dispatched to the bot's answer arriving.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from localdiscord import LocalDiscord, run_client
from tests.e2e.conftest import action_buttons, make_bot


async def play_table(fake, channel, host, guest, turns: int, latencies: list[float]) -> None:
    lobby = await host.slash("play", "koikoi", months=12, _channel=channel)
    latencies.append(lobby.latency)
    for user, label in ((guest, "Join"), (host, "Start")):
        latencies.append((await user.click(lobby, label)).latency)
    panels = {}
    for _ in range(turns):
        for user in (host, guest):
            opened = await user.click(lobby.message, "My hand")
            latencies.append(opened.latency)
            panels[user.id] = opened.message
        mover = next((u for u in (host, guest) if action_buttons(panels[u.id])), None)
        if mover is None:
            await asyncio.sleep(0.01)
            continue
        _, custom_id, _ = action_buttons(panels[mover.id])[0]
        latencies.append((await mover.click(panels[mover.id], custom_id)).latency)


async def main(tables: int, turns: int) -> None:
    async with LocalDiscord(channels=tuple(f"table-{n}" for n in range(tables))) as fake:
        users = [fake.add_user(f"player{n}") for n in range(2 * tables)]
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        async with run_client(fake, bot):
            latencies: list[float] = []
            started = time.perf_counter()
            channels = [fake.get_channel(f"table-{n}") for n in range(tables)]
            await asyncio.gather(*(play_table(fake, channels[n], users[2 * n], users[2 * n + 1], turns, latencies)
                                   for n in range(tables)))
            elapsed = time.perf_counter() - started
            latencies.sort()
            print(f"{tables} tables, {len(latencies)} interactions in {elapsed:.1f} s: "
                  f"median {statistics.median(latencies) * 1000:.1f} ms, "
                  f"p95 {latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.turns))
