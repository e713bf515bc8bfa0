"""Running a discord.py client against the local fake Discord: ``run_client`` (a context
manager) and ``start_client``, with a crash of the client surfacing in every harness wait."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol, TypedDict, Unpack, runtime_checkable

import discord

from .errors import ClientCrashed
from .server import DiscordServer


@runtime_checkable
class Settling(Protocol):
    """A client that can say when the work it started is done (e.g. a move applied after its click was
    answered): the fake's ``wait_idle`` waits for it too."""

    async def wait_settled(self) -> None: ...


class ClientRun:
    """Handle returned by :func:`run_client`: the client, its task, and ``stop()``."""

    def __init__(self, fake: DiscordServer, client: discord.Client, task: asyncio.Task) -> None:
        self.fake = fake
        self.client = client
        self.task = task

    @property
    def crashed(self) -> BaseException | None:
        """The exception that ended the client task, if it died."""
        if self.task.done() and not self.task.cancelled():
            return self.task.exception()
        return None

    def raise_if_crashed(self) -> None:
        exc = self.crashed
        if exc is not None:
            raise ClientCrashed(f"the bot client task died: {exc!r}") from exc

    async def stop(self) -> None:
        """Close the client (as a process shutdown would) and wait for its task."""
        try:
            if not self.client.is_closed():
                await self.client.close()
            done, _ = await asyncio.wait({self.task}, timeout=5)
            if not done:
                self.task.cancel()
                await asyncio.wait({self.task}, timeout=5)
        finally:
            self.fake.unwatch_task(self.task)
            if isinstance(self.client, Settling) and self.client.wait_settled in self.fake.settlers:
                self.fake.settlers.remove(self.client.wait_settled)
        # let the fake notice the websocket close
        for _ in range(50):
            if not self.fake.connected:
                break
            await asyncio.sleep(0.01)


class StartOptions(TypedDict, total=False):
    """:func:`start_client`'s options, which :func:`run_client` passes on."""

    token: str
    timeout: float
    fast_ready: bool


async def start_client(
    fake: DiscordServer,
    client: discord.Client,
    *,
    token: str = "fake-token",
    timeout: float = 10.0,
    fast_ready: bool = True,
) -> ClientRun:
    """Start ``client.start(token)`` as a task against ``fake`` and wait until it is ready.

    ``fast_ready`` lowers discord.py's ``guild_ready_timeout`` (2 s by default, spent waiting for
    more GUILD_CREATEs before on_ready) to 0.05 s and removes the 5 s sleep discord.py does
    before re-IDENTIFYing after a lost session. The fake must be started and patched in."""
    if fake.port is None:
        await fake.start()
    if not fake.patched:
        fake.patch_discord()
    if fast_ready:
        client._connection.guild_ready_timeout = 0.05  # private, but the only knob

        async def _no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
            return None  # discord.py sleeps 5 s before every non-initial IDENTIFY

        client.before_identify_hook = _no_identify_delay  # type: ignore[method-assign]
    task = asyncio.create_task(client.start(token), name=f"discord-client-{id(client)}")
    fake.watch_task(task)
    if isinstance(client, Settling):
        fake.settlers.append(client.wait_settled)
    run = ClientRun(fake, client, task)
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            exc = task.exception() if not task.cancelled() else None
            raise RuntimeError(f"the client stopped before becoming ready: {exc!r}") from exc
        if ready not in done:
            await run.stop()
            raise TimeoutError(f"the client did not become ready within {timeout}s")
    finally:
        ready.cancel()
    await fake.wait_ready(timeout)
    return run


@contextlib.asynccontextmanager
async def run_client(
    fake: DiscordServer, client: discord.Client, **options: Unpack[StartOptions]
) -> AsyncIterator[ClientRun]:
    """``async with run_client(fake, bot) as run:`` — the client runs and is ready inside the
    block; ``run.task`` is its task (crashes surface in every harness wait); it is closed at exit,
    and a crash of the task during the block is re-raised at exit."""
    run = await start_client(fake, client, **options)
    try:
        yield run
        run.raise_if_crashed()
    finally:
        await run.stop()
