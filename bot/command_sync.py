"""Registering the slash commands with Discord in the background, so that a refusal or a long wait never keeps
the bot from connecting and serving its tables.

Discord may answer a sync with a server error (5xx: tried again after 5 s, then 10, 20 … up to 10 minutes), a
429 (discord.py waits its ``retry_after`` and tries again, here in the background however long it is) or a
400 (the commands themselves are refused: sending them again cannot help, so it is logged as an error and
left until the next start). Start-up waits only for Discord's first answer to the sync (at most
``FIRST_ANSWER`` seconds), so that a bot that can sync at once is ready with its commands.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

log = logging.getLogger("parlor")

FIRST_PAUSE = 5.0
LONGEST_PAUSE = 600.0
FIRST_ANSWER = 10.0
RETRIED = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError, OSError, asyncio.TimeoutError)


def worth_retrying(error: Exception) -> bool:
    """Whether the same sync may succeed later: Discord's trouble, a rate limit, the network; not a refusal."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return True


async def sync_until_done(
    sync: Callable[[], Awaitable[None]], *, first_pause: float = FIRST_PAUSE, longest_pause: float = LONGEST_PAUSE
) -> bool:
    """Run ``sync`` until it succeeds (True) or Discord refuses it for good (False), waiting longer after
    each failure that may pass (and at least the ``retry_after`` of a rate limit)."""
    pause = first_pause
    while True:
        try:
            await sync()
            return True
        except RETRIED as error:
            status = getattr(error, "status", None) or type(error).__name__
            if not worth_retrying(error):
                log.error(
                    "Discord refused the slash commands (%s %s); they stay as they were until the next start",
                    status,
                    getattr(error, "text", "") or "",
                )
                return False
            wait = max(pause, getattr(error, "retry_after", 0.0))
            log.warning("the slash commands could not be synced (%s); trying again in %.1f s", status, wait)
        await asyncio.sleep(wait)
        pause = min(pause * 2, longest_pause)


class CommandSync:
    """The sync running in the background (:meth:`start`), and whether Discord has answered its first call yet:
    made with the client (before it logs in), ``trace`` watches its HTTP calls to the commands routes."""

    def __init__(self, trace: aiohttp.TraceConfig) -> None:
        self.answered = asyncio.Event()
        self.task: asyncio.Task[bool] | None = None
        trace.on_request_end.append(self._request_ended)
        trace.on_request_exception.append(self._request_ended)

    def start(self, sync: Callable[[], Awaitable[None]], *, first_pause: float = FIRST_PAUSE) -> None:
        self.task = asyncio.create_task(sync_until_done(sync, first_pause=first_pause), name="parlor-command-sync")

    async def _request_ended(self, session: Any, context: Any, params: Any) -> None:
        if params.url.path.endswith("/commands"):
            self.answered.set()

    async def first_answer(self, timeout: float = FIRST_ANSWER) -> None:
        """Until the sync is done or Discord answered its first call (a refusal, a 429 being waited out)."""
        assert self.task is not None
        answered = asyncio.ensure_future(self.answered.wait())
        try:
            await asyncio.wait([self.task, answered], timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            answered.cancel()

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
