"""Benchmark (not a test): interactions per second, answer latency and CPU per move with many tables in guilds on
4 shards, served by 1 Parlor process (all 4 shards), by 2 (shards 0,1 and 2,3) or by 4 (one shard each), on one
PostgreSQL.

    .venv/bin/python -m benchmarks.bench_shards [--tables 25 50 100 200] [--turns 6] [--processes 1 2 4]
        [--think 1.0] [--hands-each-turn] [--code DIR] [--against DIR] [--rate-limits] [--unpaced] [--profile DIR]
        [--profile-driver FILE]

Every table is a 2-player Koi-Koi game in a guild of its own, its two players played by this process
(``benchmarks/shard_players.py``). By default they play as people do, on the hand panel they hold: Parlor edits it
in place, the player whose panel offers a move clicks its first move, and ``/hand`` is used only by a player with
no live panel (once each at the start). A **move** is then one click and all it makes the bot do: the click's
answer (the mover's panel updated in place), the table's redraw, the other player's panel edited to offer their move,
and the pictures drawn for them. ``--hands-each-turn`` plays as the earlier figures were taken: each turn both
players open ``/hand`` (a new panel; Parlor deletes the one it replaces) and the mover clicks, so a move is three
interactions, two deletes and the redraws. ``--turns``: the moves each table plays.

``--profile DIR``: each bot process profiles its event loop by CPU time (``cProfile``) into ``DIR``, one
``.pstats`` file per process, written when the run stops it (``python -m pstats FILE`` reads it; profiling
roughly triples the loop's CPU, so take shares from it, not times). ``--profile-driver FILE``: the same for this
process (the local Discord and the players) during play, the last run's statistics written to ``FILE``.

``--think``: each player waits about that long (0.5–1.5×, seeded) before each of their interactions, as people do;
0 plays as fast as the answers come. ``--code``: the bot processes run another checkout's code (say, main's before
a change, extracted with ``git archive``) against this driver, for figures side by side; ``--against DIR`` runs each
table count with that checkout's code too, right after (the same load on the machine for both), and prints the knees
of each.

With ``--rate-limits`` the local Discord enforces Discord's rate limits, the global one (50 requests a second
per bot token, counted across every process) included, and the run also prints the global 429s and the
busiest second of requests the global limit counts; ``--unpaced`` runs the processes without their share of
the global limit (bot/global_limit.py), for comparison.

The bot processes are real OS processes (``tests/e2e/bot_process.py``) against a local Discord this process serves
(which also plays every user, so it competes with them for the cores: say how many the machine has, and the load
average the run prints, when quoting figures). Prints, per layout and table count, interactions answered per second
(up to the last answer), the median, p95, p99 and largest time from dispatching an interaction to the bot's answer
(and the moves' clicks' p99 alone), the bot processes' CPU time per move during play (their own, their picture
workers', read from /proc), the CPU of the rest — this process (the local Discord and the players) and the
PostgreSQL server — the bots' memory after play and how late the driver's own event loop woke up during play; then the
knees, the first table count whose p99 passes 100 ms and 1 s, the answers/s of each layout against one process's at
each table count, and each layout's answers/s **at its own knee** (its run of the most tables whose p99 stays within
100 ms) and against one process's there, which is what the 2-process target compares. After each run: the machine's
CPU per move in all (bots, driver, PostgreSQL) and the moves a second this machine's cores fit at that cost, whatever
the layout (the bound on two processes' gain where the driver shares the machine).

The players stay in this process, beside the local Discord: they read the messages they see from its memory, as the
e2e tests' users do. A second driver process for them would not make the bot's figures truer on one machine (the
players' CPU, about a tenth of the driver's, would still share the cores with the bots, and every look at a panel and
every click would cost a round trip between the two driver processes, more CPU in all); what it would change is only
that the players' loop no longer shares the local Discord's.

Where the answers' time went (bot processes of this checkout, which record their own moments): the driver's part and the
bot's apart, the bot's cut further, the bots' loop lag, their writer connection's use and their garbage collections
(``benchmarks/answer_split.py``). The end-to-end figure (dispatch → the local Discord has the answer) is the one a
player sees; the bot's part (frame read → answer sent) is what the bot adds to the network on the real Discord.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import cProfile
import gc
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from benchmarks.answer_split import Split, gc_pauses
from benchmarks.command_line import Option, read
from benchmarks.proc_cpu import cpu_split, postmaster, resident_mb, server_cpu
from benchmarks.shard_players import Answers, play_hands_each_turn, play_in_place
from benchmarks.timings import percentile
from bot.global_limit import counted
from bot.main import YOUNG_COLLECTION
from bot.store import Store
from localdiscord import LocalDiscord, Strictness
from tests.e2e.answer_timings import GcPauses
from tests.e2e.shard_cluster import ROOT, BotProcess, Table, guilds_on_every_shard, wait_for_commands
from tests.postgres_server import PostgresForTests

SHARD_COUNT = 4
LAYOUTS: dict[int, list[tuple[int, ...]]] = {1: [(0, 1, 2, 3)], 2: [(0, 1), (2, 3)], 4: [(0,), (1,), (2,), (3,)]}


@contextlib.contextmanager
def driver_collections(pauses: GcPauses) -> Iterator[None]:
    """This process's garbage collections during play, recorded into ``pauses``, and kept short as the bot's are: what
    was made before play (the local Discord's world, the guilds, the players, the opened tables) is frozen out of them,
    and the young threshold is the bot's (bot/main.py). Without it a full collection stopped the local Discord and
    every player for up to 355 ms, which the answers' latency counted as the bot's."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *thresholds[1:])
    pauses.start()
    try:
        yield
    finally:
        pauses.stop()
        gc.set_threshold(*thresholds)
        gc.unfreeze()


@contextlib.contextmanager
def driver_profile(into: Path | None) -> Iterator[None]:
    """This process profiled by CPU time (``cProfile`` timed by ``thread_time``) while in the block, its statistics
    written to ``into``; nothing when ``into`` is None."""
    if into is None:
        yield
        return
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        into.parent.mkdir(parents=True, exist_ok=True)
        profiler.dump_stats(into)


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
class Options:
    """How a run plays and measures (the command line's options but the table counts and layouts)."""

    turns: int = 6
    think: float = 0.0
    hands_each_turn: bool = False
    rate_limits: bool = False
    unpaced: bool = False
    profile: Path | None = None  # a folder: each bot process's event loop profiled by CPU time into it
    profile_driver: Path | None = None  # a file: this process's play profiled by CPU time into it


def _profiled(options: Options, name: str) -> dict[str, str]:
    """The environment that has a bot process profile its event loop into ``options.profile/name.pstats``."""
    if options.profile is None:
        return {}
    options.profile.mkdir(parents=True, exist_ok=True)
    return {"PARLOR_TEST_PROFILE": str(options.profile / f"{name}.pstats")}


@dataclass
class Cpu:
    """CPU seconds during play: the bot processes' own (their event loops), their picture workers', this process's
    (the local Discord and the players) and the PostgreSQL server's."""

    bots: float = 0.0
    workers: float = 0.0
    driver: float = 0.0
    database: float = 0.0

    @classmethod
    def now(cls, pids: list[int], database: int | None) -> Cpu:
        bots, workers = cpu_split(pids)
        return cls(bots, workers, time.process_time(), server_cpu(database))

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(
            self.bots - other.bots,
            self.workers - other.workers,
            self.driver - other.driver,
            self.database - other.database,
        )


@dataclass
class Run:
    processes: int
    tables: int
    answers: Answers
    elapsed: float
    moves: int
    cpu: Cpu
    memory: float  # MB, the bot processes' after play
    load: float  # the machine's load average (1 minute) at the end
    calls: collections.Counter[str]  # the bots' calls to Discord during play, by HTTP method
    uploads: collections.Counter[str]  # the pictures the bots uploaded during play, by file name
    extra: str = ""  # rate limits: what the local Discord counted
    started: float = 0.0  # time.monotonic() when play began
    split: Split | None = None  # where the answers' time went, driver and bot apart (bot processes of this checkout)

    def at(self, q: float, latencies: list[float] | None = None) -> float:
        values = sorted(self.answers.latencies if latencies is None else latencies)
        return values[min(len(values) - 1, int(len(values) * q))] * 1000 if values else 0.0

    @property
    def rate(self) -> float:
        return len(self.answers.latencies) / max(self.elapsed, 1e-9)

    def per_move(self, seconds: float) -> float:
        return seconds * 1000 / max(self.moves, 1)

    def per_call(self, count: int) -> str:
        return f"{count / max(self.moves, 1):.2f}"

    @property
    def line(self) -> str:
        a, c = self.answers, self.cpu
        return (
            f"{self.processes} process{'es' if self.processes > 1 else ''}: {self.tables} tables, "
            f"{len(a.latencies)} interactions ({self.moves} moves, {a.hands} /hand) in {self.elapsed:.1f} s = "
            f"{self.rate:.1f}/s; answer median {statistics.median(a.latencies) * 1000:.0f} ms, p95 {self.at(0.95):.0f} "
            f"ms, p99 {self.at(0.99):.0f} ms, max {self.at(1.0):.0f} ms (the moves' clicks alone: p99 "
            f"{self.at(0.99, a.clicks):.0f} ms); {self.moves / self.elapsed / self.tables:.2f} moves/s a table"
            + (
                f", the next move offered after a move's answer: median {self.at(0.5, a.offered):.0f} ms, p99 "
                f"{self.at(0.99, a.offered):.0f} ms"
                if a.offered
                else ""
            )
            + f"; bot CPU per move {self.per_move(c.bots + c.workers):.1f} ms (event "
            f"loops {self.per_move(c.bots):.1f}, picture workers {self.per_move(c.workers):.1f}); during play, CPU "
            f"of the bots {c.bots + c.workers:.1f} s, the local Discord and players {c.driver:.1f} s, PostgreSQL "
            f"{c.database:.1f} s; Discord calls per move {self.per_call(sum(self.calls.values()))} ("
            + ", ".join(f"{m} {self.per_call(n)}" for m, n in sorted(self.calls.items()))
            + "); pictures uploaded per move ("
            + (", ".join(f"{name} {self.per_call(n)}" for name, n in sorted(self.uploads.items())) or "none")
            + f"); bots' memory after play {self.memory:.0f} MB; load average {self.load:.1f}"
            + self.extra
        )


async def run(
    processes: int, tables: int, server: PostgresForTests, logs: Path, options: Options, code: Path | None
) -> Run:
    database = server.new_database()
    strict = Strictness.discord() if options.rate_limits else Strictness()
    fake = LocalDiscord(shard_count=SHARD_COUNT, reject_late_ack=False, ack_deadline=60.0, strict=strict)
    async with fake:
        playing = guilds_on_every_shard(fake, tables, SHARD_COUNT)
        env = {"PARLOR_TEST_UNPACED": "1"} if options.unpaced else {}
        timings = [
            logs / f"{(code or ROOT).name}-{tables}-{processes}-{ids[0]}.timings.json" for ids in LAYOUTS[processes]
        ]
        bots = [
            BotProcess(
                fake,
                database,
                ids,
                SHARD_COUNT,
                logs / f"{processes}-{ids[0]}.log",
                extra_env=env
                | {"PARLOR_TEST_TIMINGS": str(record)}
                | _profiled(options, f"{(code or ROOT).name}-{tables}-{processes}-{ids[0]}"),
                root=code or ROOT,
            )
            for ids, record in zip(LAYOUTS[processes], timings, strict=True)
        ]
        seconds: list[float] = []
        lags: list[float] = []
        counting = asyncio.gather(busiest_second(fake, seconds), loop_lag(lags))
        try:
            await asyncio.gather(*(b.start(timeout=120) for b in bots))
            await wait_for_commands(fake)
            await open_tables(database, playing)
            pids = [b.process.pid for b in bots if b.process is not None]
            answers, started, requests = Answers(), time.monotonic(), len(fake.request_log)
            pictures = set(fake.attachments)
            before, lagged, pauses = Cpu.now(pids, postmaster(server.folder / "data")), len(lags), GcPauses()
            with driver_collections(pauses), driver_profile(options.profile_driver):
                moves = await play(playing, answers, options)
            cpu = Cpu.now(pids, postmaster(server.folder / "data")) - before
            driver_lags = lags[lagged:]
            memory = sum(resident_mb(pid) for pid in pids)
            calls = collections.Counter(line.split(" ", 1)[0] for line in fake.request_log[requests:])
            uploads = collections.Counter(a.filename for n, a in fake.attachments.items() if n not in pictures)
        finally:
            counting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await counting
            await asyncio.gather(*(b.stop() for b in bots))
        global_429s = sum(1 for hit in fake.rate_limiter.hits if hit["bucket"] == "global")
    extra = (
        "; the driver's loop (the local Discord and the players) woke up late by median/p99/max "
        + "/".join(f"{percentile(driver_lags, q) * 1000:.1f}" for q in (0.5, 0.99, 1.0))
        + " ms during play, its "
        + gc_pauses(pauses.collections, started, time.monotonic())
        if driver_lags
        else ""
    )
    extra += (
        f"; rate limits on{' (unpaced)' if options.unpaced else ''}: {global_429s} global 429s, busiest second "
        f"{max(seconds, default=0):.0f} requests/s counted by the global limit; the local Discord's loop "
        f"woke up to {max(lags, default=0) * 1000:.0f} ms late"
        if options.rate_limits
        else ""
    )
    elapsed = max(answers.last - started, 1e-9)
    split = Split.of(answers.moments, timings)
    return Run(
        processes,
        tables,
        answers,
        elapsed,
        moves,
        cpu,
        memory,
        os.getloadavg()[0],
        calls,
        uploads,
        extra,
        started,
        split,
    )


async def open_tables(database: str, playing: list[Table]) -> None:
    """Every table opened, joined and started (20 at a time)."""
    async with await Store.open(database) as store:
        opening = asyncio.Semaphore(20)

        async def open_one(table: Table) -> None:
            async with opening:
                await table.open(store, 600)

        await asyncio.gather(*(open_one(t) for t in playing))


async def play(playing: list[Table], answers: Answers, options: Options) -> int:
    """Every table played at once, in the way ``options`` says; the moves played."""
    players = play_hands_each_turn if options.hands_each_turn else play_in_place
    return sum(await asyncio.gather(*(players(t, options.turns, answers, options.think) for t in playing)))


def knee(runs: list[Run], limit_ms: float) -> str:
    """The first table count whose p99 passes ``limit_ms`` (with the last that did not)."""
    runs = sorted(runs, key=lambda r: r.tables)
    for before, run in zip([None, *runs], runs):
        if run.at(0.99) > limit_ms:
            return f"between {before.tables} and {run.tables} tables" if before else f"at or below {run.tables} tables"
    return f"above {runs[-1].tables} tables" if runs else "not measured"


def at_knee(runs: list[Run], limit_ms: float = 100) -> Run | None:
    """The run of the most tables whose p99 stays within ``limit_ms``: the layout at its knee (None if none does)."""
    within = [r for r in runs if r.at(0.99) <= limit_ms]
    return max(within, key=lambda r: r.tables) if within else None


def knees(runs: dict[int, list[Run]], limit_ms: float = 100) -> list[str]:
    """Each layout's answers/s at its own knee, and each layout's against one process's: what the 2-process target
    compares (with a think time, answers/s is what the players ask for, so a layout serves more only at more
    tables)."""
    best = {processes: at_knee(measured, limit_ms) for processes, measured in sorted(runs.items())}
    lines = [
        (f"{processes} processes at their knee: " if processes > 1 else "1 process at its knee: ")
        + (
            f"{r.rate:.1f} answers/s at {r.tables} tables (the most tables whose p99 stays within {limit_ms:.0f} ms)"
            if r
            else f"no table count measured had its p99 within {limit_ms:.0f} ms"
        )
        for processes, r in best.items()
    ]
    single = best.get(1)
    for processes, r in best.items():
        if processes > 1 and r is not None and single is not None:
            lines.append(
                f"at their knees, {processes} processes serve {r.rate / max(single.rate, 1e-9):.2f}x the answers/s of "
                "1 process"
            )
    return lines


def budget(run: Run) -> str:
    """The machine's CPU per move in all (the bots, the driver, PostgreSQL) and the moves a second it leaves room for
    on this machine's cores, whatever the layout."""
    c, cores = run.cpu, os.cpu_count() or 1
    whole = run.per_move(c.bots + c.workers + c.driver + c.database)
    return (
        f"the machine's CPU per move {whole:.1f} ms (bots {run.per_move(c.bots + c.workers):.1f}, the local Discord "
        f"and players {run.per_move(c.driver):.1f}, PostgreSQL {run.per_move(c.database):.1f}): {cores} cores "
        f"fit at most {cores * 1000 / max(whole, 1e-9):.0f} moves/s"
    )


def label(code: Path | None, codes: list[Path | None]) -> str:
    """The prefix naming a run's code when two are compared."""
    return f"[{code or 'this checkout'}] " if len(codes) > 1 else ""


def scaling(runs: dict[int, list[Run]]) -> list[str]:
    """Per table count, the answers/s of each layout against one process's."""
    lines = []
    single = {r.tables: r.rate for r in runs.get(1, [])}
    for processes, measured in sorted(runs.items()):
        if processes == 1:
            continue
        for r in measured:
            if r.tables in single:
                lines.append(
                    f"{r.tables} tables: {processes} processes {r.rate:.1f} answers/s against 1 process "
                    f"{single[r.tables]:.1f} = {r.rate / max(single[r.tables], 1e-9):.2f}x"
                )
    return lines


async def main(
    counts: list[int], layouts: list[int], options: Options, codes: list[Path | None], timeline: bool = False
) -> None:
    server = PostgresForTests()
    logs = Path(tempfile.mkdtemp(prefix="parlor-bench-shards-"))
    mode = "a /hand each turn" if options.hands_each_turn else "on the panels they hold"
    try:
        print(
            f"{os.cpu_count()} cores, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (other work "
            f"shares them); players play {mode}, {options.turns} moves a table, think time {options.think} s; code "
            f"{' against '.join(str(c or 'this checkout') for c in codes)}; bot logs in {logs}",
            flush=True,
        )
        runs: dict[Path | None, dict[int, list[Run]]] = {c: {p: [] for p in layouts} for c in codes}
        for processes in layouts:
            for tables in counts:
                for each in codes:
                    runs[each][processes].append(await run(processes, tables, server, logs, options, each))
                    print(label(each, codes) + runs[each][processes][-1].line, flush=True)
                    print("  " + budget(runs[each][processes][-1]), flush=True)
                    if (split := runs[each][processes][-1].split) is not None:
                        print("\n".join(split.lines()), flush=True)
                    if timeline:
                        done = runs[each][processes][-1]
                        print(f"  p99 by 5 s of play, ms: {done.answers.timeline(done.started)}", flush=True)
        for each in codes:
            for processes in layouts:
                print(
                    label(each, codes) + f"{processes} process{'es' if processes > 1 else ''}: p99 passes 100 ms "
                    f"{knee(runs[each][processes], 100)}, 1 s {knee(runs[each][processes], 1000)}",
                    flush=True,
                )
            for line in scaling(runs[each]) + knees(runs[each]):
                print(label(each, codes) + line, flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    arguments = read(
        __doc__,
        tables=[25, 50, 100, 200],
        turns=Option(12, "the moves each table plays"),
        processes=Option([1, 2], choices=sorted(LAYOUTS)),
        hands_each_turn=Option(
            False, "both players open /hand every turn before the move (the earlier figures' driver)"
        ),
        rate_limits=Option(False, "the local Discord enforces Discord's rate limits"),
        unpaced=Option(False, "the processes ignore their share of the global limit"),
        think=Option(0.0, "seconds each player thinks before an interaction"),
        timeline=Option(False, "also the p99 of every 5 s of play"),
        profile=Option(
            None, "a folder: each bot process's event loop is profiled by CPU time (cProfile) into it", kind=Path
        ),
        profile_driver=Option(
            None, "a file: this process (the local Discord and the players) is profiled by CPU time into it", kind=Path
        ),
        code=Option(None, "the checkout whose bot code the processes run", kind=Path),
        against=Option(
            None, "another checkout whose bot code runs each table count too, for figures side by side", kind=Path
        ),
    )
    chosen = Options(
        arguments.turns,
        arguments.think,
        arguments.hands_each_turn,
        arguments.rate_limits,
        arguments.unpaced,
        arguments.profile,
        arguments.profile_driver,
    )
    compared = [arguments.code] + ([arguments.against] if arguments.against else [])
    asyncio.run(main(arguments.tables, arguments.processes, chosen, compared, arguments.timeline))
