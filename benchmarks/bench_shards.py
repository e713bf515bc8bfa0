"""Benchmark (not a test): interactions per second and answer latency with many tables in guilds on 4
shards, served by 1 Parlor process (all 4 shards), by 2 (shards 0,1 and 2,3) or by 4 (one shard each), on
one PostgreSQL.

    .venv/bin/python -m benchmarks.bench_shards [--tables 25 50 100 200] [--turns 6] [--processes 1 2 4]
        [--think 1.0] [--code DIR] [--against DIR] [--rate-limits] [--unpaced]

``--think``: each player waits about that long (0.5–1.5×, seeded) before each of their interactions, as people do;
0 plays as fast as the answers come. ``--code``: the bot processes run another checkout's code (say, main's before
a change, extracted with ``git archive``) against this driver, for figures side by side; ``--against DIR`` runs each
table count with that checkout's code too, right after (the same load on the machine for both), and prints the knees
of each.

With ``--rate-limits`` the local Discord enforces Discord's rate limits, the global one (50 requests a second
per bot token, counted across every process) included, and the run also prints the global 429s and the
busiest second of requests the global limit counts; ``--unpaced`` runs the processes without their share of
the global limit (bot/global_limit.py), for comparison.

The bot processes are real OS processes (``tests/e2e/bot_process.py``) against a local Discord this
process serves (which also plays every user, so it competes with them for the cores: say how many the
machine has when quoting figures). Every table is a 2-player Koi-Koi game in a guild of its own; each
turn both players open their hand panel (/hand) and the one to move presses their first move. Prints, per
layout and table count, interactions answered per second, the median, p99 and largest time from dispatching
an interaction to the bot's answer, and the CPU time the bot processes (their picture workers included, read
from /proc) spent per move during play: the move, the two /hand before it and every redraw they caused; then
the knees, the first table count whose p99 passes 100 ms and 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.global_limit import counted
from bot.store import Store
from localdiscord import FakeInteraction, FakeUser, InteractionResult, LocalDiscord, Strictness, wait_for_answer
from tests.e2e.conftest import action_buttons
from tests.e2e.shard_cluster import ROOT, BotProcess, Table, guilds_on_every_shard, wait_for_commands
from tests.postgres_server import PostgresForTests

SHARD_COUNT = 4
LAYOUTS: dict[int, list[tuple[int, ...]]] = {1: [(0, 1, 2, 3)], 2: [(0, 1), (2, 3)], 4: [(0,), (1,), (2,), (3,)]}


async def answered(user: FakeUser, inter: FakeInteraction, latencies: list[float]) -> InteractionResult:
    """Dispatch ``inter`` and wait for its answer only (not for the fake to fall quiet, which it never
    does with 200 tables playing): slow answers are measured, not failed."""
    await user.fake.dispatch_interaction(inter)
    await wait_for_answer(user.fake, inter, timeout=60.0, quiet=0.0, settle_max=0.0)
    latencies.append(inter.latency or 0.0)
    return InteractionResult(user.fake, inter, user)


async def play_turns(
    table: Table, turns: int, latencies: list[float], think: float = 0.0, clicks: list[float] | None = None
) -> int:
    """Each turn both players open their hand, the one to move plays their first move; the moves played. Every
    answer's latency goes to ``latencies``, the moves' (clicks) to ``clicks`` too."""
    pace = random.Random(table.channel.id)
    moves = 0
    for _ in range(turns):
        panels = {}
        for user in table.players:
            await asyncio.sleep(think * (0.5 + pace.random()))
            opened = await answered(user, user.prepare_slash("hand", _channel=table.channel), latencies)
            panels[user] = opened.message
        mover = next((u for u in table.players if panels[u] is not None and action_buttons(panels[u])), None)
        panel = panels[mover] if mover is not None else None
        if mover is None or panel is None:
            continue
        _, custom_id, _ = action_buttons(panel)[0]
        await asyncio.sleep(think * (0.5 + pace.random()))
        moved = await answered(mover, mover.prepare_click(panel, custom_id), latencies)
        if clicks is not None:
            clicks.append(moved.latency or 0.0)
        moves += 1
    return moves


def tree_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by process ``pid`` itself and by every process under it (a bot's picture workers)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
        children = [
            int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()
        ]
    except (OSError, ValueError):
        return 0.0, 0.0
    return own, sum(sum(tree_cpu(c)) for c in children)


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (its own, not its picture workers'), in MB."""
    try:
        line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0.0
    return int(line.split()[1]) / 1024


def cpu_split(pids: list[int]) -> tuple[float, float]:
    """The bot processes' own CPU seconds, and their workers'."""
    both = [tree_cpu(pid) for pid in pids]
    return sum(own for own, _ in both), sum(workers for _, workers in both)


async def busiest_second(fake: LocalDiscord, seconds: list[float]) -> None:
    """About every second, the rate of the requests the global limit counts since the last look (into
    ``seconds``; divided by the time that really passed, which a busy loop stretches)."""
    seen, then = len(fake.request_log), time.monotonic()
    while True:
        await asyncio.sleep(1.0)
        lines, seen = fake.request_log[seen:], len(fake.request_log)
        now = time.monotonic()
        seconds.append(sum(1 for line in lines if counted(line.split(" ", 1)[1])) / (now - then))
        then = now


async def loop_lag(lags: list[float], every: float = 0.05) -> None:
    """How late this process's event loop (the local Discord's and the players') wakes up (into ``lags``):
    requests it takes in late arrive bunched, and its windows count them so."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(every)
        lags.append(time.monotonic() - asked - every)


@dataclass
class Run:
    processes: int
    tables: int
    latencies: list[float]
    elapsed: float
    moves: int
    bots_cpu: float  # during play, the bots' picture workers included
    line: str

    def at(self, q: float) -> float:
        return self.latencies[min(len(self.latencies) - 1, int(len(self.latencies) * q))] * 1000


async def run(
    processes: int,
    tables: int,
    turns: int,
    server: PostgresForTests,
    logs: Path,
    *,
    rate_limits: bool = False,
    unpaced: bool = False,
    think: float = 0.0,
    code: Path | None = None,
) -> Run:
    database = server.new_database()
    strict = Strictness.discord() if rate_limits else Strictness()
    fake = LocalDiscord(shard_count=SHARD_COUNT, reject_late_ack=False, ack_deadline=60.0, strict=strict)
    async with fake:
        playing = guilds_on_every_shard(fake, tables, SHARD_COUNT)
        bots = [
            BotProcess(
                fake,
                database,
                ids,
                SHARD_COUNT,
                logs / f"{processes}-{ids[0]}.log",
                extra_env={"PARLOR_TEST_UNPACED": "1"} if unpaced else {},
                root=code or ROOT,
            )
            for ids in LAYOUTS[processes]
        ]
        seconds: list[float] = []
        lags: list[float] = []
        counting = asyncio.gather(busiest_second(fake, seconds), loop_lag(lags))
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
            clicks: list[float] = []
            pids = [b.process.pid for b in bots if b.process is not None]
            own_before, workers_before = cpu_split(pids)
            started, driver = time.perf_counter(), time.process_time()
            moves = sum(await asyncio.gather(*(play_turns(t, turns, latencies, think, clicks) for t in playing)))
            elapsed, driver = time.perf_counter() - started, time.process_time() - driver
            own_after, workers_after = cpu_split(pids)
            memory = sum(resident_mb(pid) for pid in pids)
            own_cpu, workers_cpu = own_after - own_before, workers_after - workers_before
            play_cpu = own_cpu + workers_cpu
        finally:
            counting.cancel()
            before = cpu_of_children()
            await asyncio.gather(*(b.stop() for b in bots))
        global_429s = sum(1 for hit in fake.rate_limiter.hits if hit["bucket"] == "global")
    bots_cpu = cpu_of_children() - before  # the bot processes, whole lives (start-up and opening included)
    latencies.sort()
    clicks.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1000  # noqa: E731
    line = (
        f"{processes} process{'es' if processes > 1 else ''}: {tables} tables, {len(latencies)} interactions "
        f"in {elapsed:.1f} s = {len(latencies) / elapsed:.1f}/s; answer median "
        f"{statistics.median(latencies) * 1000:.0f} ms, p95 {at(0.95):.0f} ms, p99 {at(0.99):.0f} ms, "
        f"max {latencies[-1] * 1000:.0f} ms (the moves' clicks alone: p99 "
        f"{clicks[min(len(clicks) - 1, int(len(clicks) * 0.99))] * 1000:.0f} ms); bot CPU per move (its /hands and redraws included) "
        f"{play_cpu * 1000 / max(moves, 1):.1f} ms, of which the bot processes' own (their event loops) "
        f"{own_cpu * 1000 / max(moves, 1):.1f} ms and picture workers {workers_cpu * 1000 / max(moves, 1):.1f} ms "
        f"({moves} moves); bot processes' memory after play {memory:.0f} MB; CPU: "
        f"bot processes {bots_cpu:.0f} s, fake Discord and players {driver:.0f} s"
        + (
            f"; rate limits on{' (unpaced)' if unpaced else ''}: {global_429s} global 429s, busiest second "
            f"{max(seconds, default=0):.0f} requests/s counted by the global limit; the local Discord's loop "
            f"woke up to {max(lags, default=0) * 1000:.0f} ms late"
            if rate_limits
            else ""
        )
    )
    return Run(processes, tables, latencies, elapsed, moves, play_cpu, line)


def knee(runs: list[Run], limit_ms: float) -> str:
    """The first table count whose p99 passes ``limit_ms`` (with the last that did not)."""
    runs = sorted(runs, key=lambda r: r.tables)
    for before, run in zip([None, *runs], runs):
        if run.at(0.99) > limit_ms:
            return f"between {before.tables} and {run.tables} tables" if before else f"at or below {run.tables} tables"
    return f"above {runs[-1].tables} tables" if runs else "not measured"


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def main(
    counts: list[int],
    turns: int,
    layouts: list[int],
    rate_limits: bool,
    unpaced: bool,
    think: float,
    code: Path | None,
    against: Path | None = None,
) -> None:
    server = PostgresForTests()
    logs = Path(tempfile.mkdtemp(prefix="parlor-bench-shards-"))
    codes = [code] + ([against] if against else [])
    try:
        print(
            f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (other work shares them); "
            f"think time {think} s; code {' against '.join(str(c or 'this checkout') for c in codes)}; "
            f"bot logs in {logs}",
            flush=True,
        )
        for processes in layouts:
            runs: dict[Path | None, list[Run]] = {c: [] for c in codes}
            for tables in counts:
                for each in codes:
                    runs[each].append(
                        await run(
                            processes,
                            tables,
                            turns,
                            server,
                            logs,
                            rate_limits=rate_limits,
                            unpaced=unpaced,
                            think=think,
                            code=each,
                        )
                    )
                    print(f"[{each or 'this checkout'}] " * (len(codes) > 1) + runs[each][-1].line, flush=True)
            for each in codes:
                print(
                    f"[{each or 'this checkout'}] "
                    * (len(codes) > 1)
                    + f"{processes} process{'es' if processes > 1 else ''}: p99 passes 100 ms "
                    f"{knee(runs[each], 100)}, 1 s {knee(runs[each], 1000)}",
                    flush=True,
                )
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[25, 50, 100, 200])
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--processes", type=int, nargs="+", choices=sorted(LAYOUTS), default=[1, 2])
    parser.add_argument("--rate-limits", action="store_true", help="the local Discord enforces Discord's rate limits")
    parser.add_argument("--unpaced", action="store_true", help="the processes ignore their share of the global limit")
    parser.add_argument("--think", type=float, default=0.0, help="seconds each player thinks before an interaction")
    parser.add_argument("--code", type=Path, default=None, help="the checkout whose bot code the processes run")
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="another checkout whose bot code runs each table count too, for figures side by side",
    )
    arguments = parser.parse_args()
    asyncio.run(
        main(
            arguments.tables,
            arguments.turns,
            arguments.processes,
            arguments.rate_limits,
            arguments.unpaced,
            arguments.think,
            arguments.code,
            arguments.against,
        )
    )
