"""Benchmark (not a test): what one move costs the event loop in counts — tasks, futures, timers, locks, log records,
database jobs — while many tables play.

    .venv/bin/python -m benchmarks.bench_move_counts [--tables 20] [--moves 12] [--think 0.3] [--top 12] [--idle 0]

Every table is a 2-player Koi-Koi game in a guild of its own, played in place as ``bench_shards`` plays it
(``benchmarks/shard_players.py``: the player whose panel offers a move clicks its first one), against Parlor running in
this process on the local Discord and SQLite. Once every table has started, these are counted until the last move is
answered, and printed per move:

- **tasks** created, by the coroutine that runs in them (``Table.play``-like names; the local Discord's and the
  players' tasks are counted apart, as *driver*);
- **futures** (``loop.create_future``) and **timers** (``loop.call_at``, which ``call_later`` and ``asyncio.sleep``
  use) — the whole process's, the driver's included;
- **locks** taken (``asyncio.Lock.acquire``), by the file that took them;
- **log records** made by Parlor's and discord.py's loggers, by level (every level counted: the logger set to DEBUG
  for the run, so the INFO line is what a default run logs and the DEBUG line what ``PARLOR_LOG_LEVEL=DEBUG`` adds);
- **database jobs** (aiosqlite's jobs for its thread: one a round trip of the loop to the database);
- **garbage collections** by generation and the CPU they took (``gc.callbacks``; the one count here that is a time),
  then, once the tables are idle, the objects each generation holds and the discord.py objects still alive (what
  the open tables and panels keep: interactions, messages, their buttons and rows).

Then, with ``--idle S``, the tables sit open for ``S`` seconds with nobody playing: the process's CPU (the bot's and
the local Discord's together) and the tasks and timers counted meanwhile are what open tables cost when nothing
happens (heartbeats, deadline timers, polling loops), a cost per second that fewer moves a second share.

Counts, not times (but the collections' CPU): they do not depend on the machine's load.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import logging
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import discord

from benchmarks.command_line import read
from benchmarks.shard_players import Answers, play_in_place
from localdiscord import LocalDiscord, run_client
from tests.e2e.conftest import E2E_STRICTNESS, make_bot
from tests.e2e.shard_cluster import guilds_on_every_shard, wait_for_commands

DRIVER = ("localdiscord", "benchmarks", "tests", "aiohttp/web")  # files whose tasks are the driver's, not the bot's
PARLOR_LOGGERS = ("bot", "cogs", "games", "discord")


class Counts:
    """Everything counted while the tables play."""

    def __init__(self) -> None:
        self.tasks: collections.Counter[str] = collections.Counter()
        self.locks: collections.Counter[str] = collections.Counter()
        self.logs: collections.Counter[str] = collections.Counter()
        self.futures = 0
        self.timers = 0
        self.jobs = 0
        self.collections = [0, 0, 0]  # by generation
        self.collecting = 0.0  # the collections' CPU, seconds


def _where(code: Any) -> str:
    """A short name of where ``code`` lives: the repository's path, or the library's."""
    path = code.co_filename
    for marker in ("site-packages/", "/work/", "python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return path.split("/", 2)[2] if path.startswith("wt/") else path.removeprefix("main/")


def _task_name(coro: Any) -> str:
    code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
    if code is None:
        return type(coro).__name__
    where = _where(code)
    side = "driver" if any(part in where for part in DRIVER) else "bot"
    return f"{side}: {code.co_qualname}"


class _Counting(logging.Handler):
    def __init__(self, counts: Counts) -> None:
        super().__init__(logging.DEBUG)
        self.counts = counts

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".", 1)[0] in PARLOR_LOGGERS:
            self.counts.logs[record.levelname] += 1


KEPT = {  # discord.py's objects an open table or panel may keep alive
    "Interaction": discord.Interaction,
    "Message": discord.Message,
    "Button": discord.components.Button,
    "ActionRow": discord.components.ActionRow,
    "PartialEmoji": discord.PartialEmoji,
}


@contextlib.contextmanager
def collecting(counts: Counts) -> Iterator[None]:
    """Count the garbage collections made while the block runs, and their CPU."""
    began = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.thread_time()
        else:
            counts.collections[info["generation"]] += 1
            counts.collecting += time.thread_time() - began[0]

    gc.callbacks.append(callback)
    try:
        yield
    finally:
        gc.callbacks.remove(callback)


def report_kept() -> None:
    """The objects each garbage collector generation holds now, and the discord.py objects alive (collected first)."""
    held = ", ".join(f"{len(gc.get_objects(generation))}" for generation in range(3))
    print(f"objects in GC generations 0, 1, 2: {held}")
    gc.collect()
    alive = collections.Counter(name for o in gc.get_objects() for name, kind in KEPT.items() if isinstance(o, kind))
    print("discord.py objects alive: " + ", ".join(f"{name} {alive[name]}" for name in KEPT))


@contextlib.contextmanager
def counting(loop: asyncio.AbstractEventLoop, counts: Counts) -> Iterator[None]:
    """Count while the block runs (on asyncio's own loop, whose methods can be wrapped)."""
    create_future, call_at, acquire = loop.create_future, loop.call_at, asyncio.Lock.acquire
    execute = aiosqlite.Connection._execute  # the one function aiosqlite runs each job of its thread through

    def task_factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task:
        counts.tasks[_task_name(coro)] += 1
        return asyncio.Task(coro, loop=loop, **kwargs)

    def future() -> asyncio.Future:
        counts.futures += 1
        return create_future()

    def timer(when: float, callback: Callable[..., Any], *args: Any, context: Any = None) -> asyncio.TimerHandle:
        counts.timers += 1
        return call_at(when, callback, *args, context=context)

    async def lock(self: asyncio.Lock) -> bool:
        caller = sys._getframe(1)
        if caller.f_code.co_name == "__aenter__":  # ``async with lock``: who wrote it
            caller = caller.f_back or caller
        counts.locks[f"{_where(caller.f_code)}:{caller.f_code.co_qualname}"] += 1
        return await acquire(self)

    async def job(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        counts.jobs += 1
        return await execute(self, fn, *args, **kwargs)

    handler, root = _Counting(counts), logging.getLogger()
    level = root.level
    wrapped = [(loop, "create_future", future), (loop, "call_at", timer), (asyncio.Lock, "acquire", lock)]
    wrapped.append((aiosqlite.Connection, "_execute", job))
    kept = [(owner, name, getattr(owner, name)) for owner, name, _ in wrapped]
    for owner, name, replacement in wrapped:
        setattr(owner, name, replacement)
    loop.set_task_factory(task_factory)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        loop.set_task_factory(None)
        for owner, name, original in kept:
            if owner is loop:
                delattr(owner, name)  # the loop's own method again
            else:
                setattr(owner, name, original)
        root.removeHandler(handler)
        root.setLevel(level)


def report(counts: Counts, moves: int, top: int) -> None:
    def per(value: int) -> str:
        return f"{value / moves:.2f}"

    bot_tasks = sum(n for name, n in counts.tasks.items() if name.startswith("bot"))
    print(f"moves: {moves}")
    print(f"tasks a move: bot {per(bot_tasks)}, driver {per(sum(counts.tasks.values()) - bot_tasks)}")
    for name, n in counts.tasks.most_common(top):
        print(f"  {per(n):>6}  {name}")
    print(f"futures a move (whole process): {per(counts.futures)}; timers a move (whole process): {per(counts.timers)}")
    print(f"locks a move: {per(sum(counts.locks.values()))}")
    for name, n in counts.locks.most_common(top):
        print(f"  {per(n):>6}  {name}")
    levels = ", ".join(f"{level} {per(n)}" for level, n in sorted(counts.logs.items())) or "none"
    print(f"log records a move (Parlor's and discord.py's loggers): {levels}")
    print(f"database jobs a move: {per(counts.jobs)}")
    made, spent = ", ".join(f"{n / moves:.3f}" for n in counts.collections), counts.collecting * 1000
    print(
        f"GC collections a move, generations 0, 1, 2 (the oldest each collected): {made}; their CPU "
        f"{spent / moves:.3f} ms a move, {spent / max(1, sum(counts.collections)):.2f} ms a collection"
    )


async def main(tables: int, moves: int, think: float, top: int, idle: float) -> None:
    async with LocalDiscord(strict=E2E_STRICTNESS) as fake:
        players = guilds_on_every_shard(fake, tables, 1)
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3", turn_seconds=600)
        async with run_client(fake, bot):
            await bot.tree.sync()  # globally, for every guild (the bot syncs to its development server only)
            await wait_for_commands(fake)
            await asyncio.gather(*(table.open(bot.store, 600) for table in players))
            answers, counts = Answers(), Counts()
            started = time.thread_time()
            with counting(asyncio.get_running_loop(), counts), collecting(counts):
                played = await asyncio.gather(*(play_in_place(t, moves, answers, think) for t in players))
                await bot.tables.idle()
            print(f"{tables} tables, think {think} s; the process's CPU {time.thread_time() - started:.1f} s")
            report(counts, sum(played), top)
            report_kept()
            if idle:
                quiet, started = Counts(), time.thread_time()
                with counting(asyncio.get_running_loop(), quiet):
                    await asyncio.sleep(idle)
                spent = time.thread_time() - started
                print(
                    f"idle {idle} s, {tables} tables open: the process's CPU {spent * 1000 / idle:.2f} ms a second, "
                    f"{sum(quiet.tasks.values()) / idle:.2f} tasks and {quiet.timers / idle:.2f} timers a second"
                )
                for name, n in quiet.tasks.most_common(top):
                    print(f"  {n / idle:>6.2f}/s  {name}")


if __name__ == "__main__":
    arguments = read(__doc__, tables=20, moves=12, think=0.3, top=12, idle=0.0)
    asyncio.run(main(arguments.tables, arguments.moves, arguments.think, arguments.top, arguments.idle))
