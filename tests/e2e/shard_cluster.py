"""Parlor as several OS processes on shards, against one fake Discord served by the test and one
PostgreSQL: start, kill -9 and restart a process (``python -m tests.e2e.bot_process``), and drive Koi-Koi
tables in guilds of every shard by slash commands and clicks. Used by the acceptance test and the benchmark."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.shards import shard_of
from bot.store import Store
from localdiscord import FakeMessage, FakeUser, LocalDiscord
from localdiscord.models import Guild

from .conftest import action_buttons

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class BotProcess:
    """One ``python -m tests.e2e.bot_process`` on ``shard_ids`` of ``shard_count``, its output in ``log``."""

    fake: LocalDiscord
    database: str
    shard_ids: tuple[int, ...]
    shard_count: int
    log: Path
    process: asyncio.subprocess.Process | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    root: Path = ROOT  # the checkout whose code the process runs (a benchmark compares two)

    async def start(self, timeout: float = 60.0) -> None:
        env = {
            **os.environ,
            "LOCALDISCORD_URL": self.fake.base_url,
            "DISCORD_TOKEN": "fake-token",
            "PARLOR_DATABASE": self.database,
            "PARLOR_SHARD_COUNT": str(self.shard_count),
            "PARLOR_SHARD_IDS": ",".join(map(str, self.shard_ids)),
            "PARLOR_DEV_GUILD": "",
            "PARLOR_LOG_LEVEL": "INFO",
            **self.extra_env,
        }
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.bot_process", cwd=self.root, env=env, stdout=out, stderr=out
            )
        deadline = time.monotonic() + timeout
        for guild in self.guilds():
            while not self.fake.gateway.serving(guild.id):
                if self.process.returncode is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"the bot process on shards {self.shard_ids} did not connect "
                        f"(exit {self.process.returncode}):\n{self.output()[-3000:]}"
                    )
                await asyncio.sleep(0.05)

    def guilds(self) -> list[Guild]:
        return [g for g in self.fake.guilds.values() if shard_of(g.id, self.shard_count) in self.shard_ids]

    def kill(self) -> None:
        """kill -9: no close, no goodbye to the gateway or the database."""
        assert self.process is not None and self.process.returncode is None, self.output()[-3000:]
        self.process.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 20)
            except TimeoutError:
                self.process.kill()
        if self.process is not None:
            await self.process.wait()

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@dataclass
class Table:
    """A Koi-Koi table of two players in a guild's first channel."""

    guild: Guild
    players: tuple[FakeUser, FakeUser]
    id: int = 0
    answers: list[float] = field(default_factory=list)  # seconds from each interaction to its answer
    panels: dict[int, FakeMessage] = field(default_factory=dict)  # each player's open hand panel

    @property
    def channel(self):
        return self.guild.default_channel

    async def _use(self, result):
        self.answers.append(result.latency or 0.0)
        return result

    async def open(self, store: Store, turn_seconds: int) -> None:
        """The host opens the table, the guest joins, the host starts it (each seen in the store before the next)."""
        host, guest = self.players
        lobby = await self._use(
            await host.slash("play", "koikoi", _channel=self.channel, _quiet=0.0, months=1, turn_time=turn_seconds)
        )
        assert "Koi-Koi" in lobby.text(), lobby.text()
        row = await until(lambda: store.tables.open_in(self.channel.id), lambda row: row is not None)
        self.id = row.id
        await self._use(await guest.click(lobby, "Join", _quiet=0.0))
        await until(lambda: store.tables.get(self.id), lambda row: len(row.seats) == 2)
        await self._use(await host.click(lobby, "Start", _quiet=0.0))
        await until(lambda: store.tables.get(self.id), lambda row: row.status == "playing")

    async def step(self, store: Store, timeout: float = 20.0) -> bool:
        """The player whose turn it is presses the first move of their hand panel (kept open, as players do:
        Parlor updates it; opened again with /hand when no open panel offers a move); waits until the move
        is in the action log. False once the game is over."""
        before = len(await store.tables.actions(self.id))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            row = await store.tables.get(self.id)
            if row is None or row.status != "playing":
                return False
            mover = self._mover()
            if mover is None:
                for user in self.players:
                    opened = await self._use(await user.slash("hand", _channel=self.channel, _quiet=0.0))
                    if opened.message is not None:
                        self.panels[user.id] = opened.message
                mover = self._mover()
            if mover is not None:
                panel = self.panels[mover.id]
                await self._use(await mover.click(panel, action_buttons(panel)[0][1], _quiet=0.0))
            for _ in range(100):
                if len(await store.tables.actions(self.id)) > before:
                    return True
                await asyncio.sleep(0.02)
        raise AssertionError(f"table {self.id}: no move was applied within {timeout}s")

    def _mover(self) -> FakeUser | None:
        """The player whose open panel offers a move."""
        return next(
            (
                user
                for user in self.players
                if (panel := self.panels.get(user.id)) is not None and not panel.deleted and action_buttons(panel)
            ),
            None,
        )

    async def play(self, store: Store, moves: int | None = None) -> None:
        """``moves`` more moves by clicks, or (None) to the end of the game."""
        while moves is None or moves > 0:
            if not await self.step(store):
                return
            moves = None if moves is None else moves - 1

    async def wait_actions(self, store: Store, count: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while len(await store.tables.actions(self.id)) < count:
            assert time.monotonic() < deadline, f"table {self.id}: fewer than {count} actions after {timeout}s"
            await asyncio.sleep(0.1)


async def until(read, done, timeout: float = 10.0):
    """What ``read()`` gives once ``done`` holds of it (polled), or an AssertionError after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not done(value := await read()):
        assert time.monotonic() < deadline, f"still {value!r} after {timeout}s"
        await asyncio.sleep(0.02)
    return value


def guilds_on_every_shard(fake: LocalDiscord, count: int, shard_count: int) -> list[Table]:
    """``count`` guilds dealt round the shards (guild i on shard i % shard_count), two players in each."""
    tables = []
    for n in range(count):
        guild = fake.add_guild(f"Guild {n}", shard=(n % shard_count, shard_count))
        tables.append(Table(guild, (fake.add_user(f"host{n}", guild=guild), fake.add_user(f"guest{n}", guild=guild))))
    return tables


async def wait_for_commands(fake: LocalDiscord, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not any(c.name == "play" for c in fake.commands_in(None)):
        assert time.monotonic() < deadline, "no process synced the slash commands"
        await asyncio.sleep(0.05)


@asynccontextmanager
async def two_processes(
    fake: LocalDiscord, database: str, shard_count: int, logs: Path
) -> AsyncIterator[tuple[BotProcess, BotProcess, Store]]:
    """Parlor as two processes, on shards 0,1 and 2,3 of ``shard_count``, started and their slash commands synced,
    with a store on their database; all stopped and closed after. Their output goes to ``<logs>-0.log`` and
    ``<logs>-2.log``."""
    low, high = (
        BotProcess(fake, database, ids, shard_count, logs.with_name(f"{logs.name}-{ids[0]}.log"))
        for ids in ((0, 1), (2, 3))
    )
    store = None
    try:
        await asyncio.gather(low.start(), high.start())
        await wait_for_commands(fake)
        store = await Store.open(database)
        yield low, high, store
    finally:
        if store is not None:
            await store.close()
        await asyncio.gather(low.stop(), high.stop())
