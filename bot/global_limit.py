"""Discord's global rate limit, shared by the processes of one bot.

Discord lets a bot token make 50 requests a second in all (topics/rate-limits, "Global Rate Limit"),
whatever process makes them; interaction endpoints (``/interactions/…`` and the interaction webhooks) are not
counted. discord.py does not pace itself to it, it only waits after a global 429; and each process of a
sharded bot would count only its own calls. So each process keeps to its share of the 50, in proportion to
the shards it runs (2 of 4 shards: 25), counted over a sliding window longer than Discord's second by
``GUARD``: calls a process spaces out can reach Discord bunched (a busy event loop on either side, a new
connection), and Discord counts them as they arrive. With half a second of guard, four processes at full
load met no global 429 in ``benchmarks/bench_shards.py --processes 4 --rate-limits`` while the local
Discord's own loop ran up to 0.43 s late; the price is at most 50 requests per 1.5 s (33 a second) in all.
Together the processes stay under the limit, and none needs to hear from the others.

:class:`GlobalPacer` is a request hook (``bot/http_hooks.py``): it is awaited before every request discord.py's HTTP
session sends (retries included), so a call over the share waits its turn there. Background work (the application
emoji's upload at start-up, 102 calls) waits behind every other call and may fill only part of the window
(``BACKGROUND_SHARE``), so a table's edit never queues behind it: players' calls come first.

A table's redraw takes its turn *before* it builds what it sends (:meth:`GlobalPacer.turn`): while it waits, later
changes of the table add nothing to the queue, and what goes out when the turn comes is the table's latest state.
The first counted request made inside the turn uses it instead of taking another (and is counted when it is sent);
a turn no request used is given back.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from bot.shards import Shards

GLOBAL_PER_SECOND = 50
WINDOW = 1.0
GUARD = 0.5  # seconds: how much bunching on the way to Discord the window absorbs
NOT_COUNTED = ("/interactions/", "/webhooks/")
BACKGROUND = ("/emojis",)  # calls nobody waits for: the application emoji's list, uploads and deletions
BACKGROUND_SHARE = 0.5  # of the window: the rest stays free for the calls players wait for
POLL = 0.05  # seconds a background call waits before looking again while players' calls wait


@dataclass
class Turn:
    """A counted request's place in the window, taken ahead of the request: when it was taken, and whether a request
    has used it."""

    at: float
    used: bool = False


_turn: contextvars.ContextVar[Turn | None] = contextvars.ContextVar("global_limit_turn", default=None)


def share(shards: Shards | None, total: int = GLOBAL_PER_SECOND) -> int:
    """This process's requests a second: all of them alone, else in proportion to its shards (at least 1)."""
    if shards is None:
        return total
    return max(1, total * len(shards.ids) // shards.count)


def background(path: str) -> bool:
    """Whether a request to ``path`` is background work that waits behind every other call."""
    return any(part in path for part in BACKGROUND)


def counted(path: str) -> bool:
    """Whether a request to ``path`` counts against the global limit: Discord's API, interactions apart."""
    return "/api/" in path and not any(part in path for part in NOT_COUNTED)


class GlobalPacer:
    """At most ``per_window`` counted requests in any ``window`` seconds; the next one waits for the oldest
    to leave the window (in arrival order). Background requests take a turn only while no other request waits,
    and only while the window holds fewer than ``BACKGROUND_SHARE`` of ``per_window``."""

    def __init__(
        self, per_window: int, window: float = WINDOW + GUARD, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_window = per_window
        self.window = window
        self.clock = clock
        self.sent: deque[float] = deque()
        self.background_limit = max(1, int(per_window * BACKGROUND_SHARE))
        self._turns = asyncio.Lock()
        self._background_turns = asyncio.Lock()

    def _expire(self, now: float) -> None:
        while self.sent and now - self.sent[0] >= self.window:
            self.sent.popleft()

    async def take(self) -> None:
        async with self._turns:
            while True:
                now = self.clock()
                self._expire(now)
                if len(self.sent) < self.per_window:
                    self.sent.append(now)
                    return
                await asyncio.sleep(self.sent[0] + self.window - now)

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """A counted request's turn, taken now (waiting for it as :meth:`take` does) for the first counted request
        made inside the block, in this task or in tasks it starts; that request is counted as it is sent, not
        again. A turn no request used is given back as the block ends."""
        await self.take()
        held = Turn(self.sent[-1])
        token = _turn.set(held)
        try:
            yield
        finally:
            _turn.reset(token)
            if not held.used:
                self._give_back(held)

    def _use(self, held: Turn) -> bool:
        """The request using ``held`` is sent now: counted from now on, so that its place in the window lasts as long
        as the request's own, however long it came after the turn. False when the turn has left the window
        meanwhile: the request takes a turn of its own."""
        held.used = True
        now = self.clock()
        self._expire(now)
        if not self._give_back(held):
            return False
        self.sent.append(now)
        return True

    def _give_back(self, held: Turn) -> bool:
        try:
            self.sent.remove(held.at)
        except ValueError:  # already out of the window
            return False
        return True

    async def take_background(self) -> None:
        """A background request's turn: when no other request waits and the window has room to spare."""
        async with self._background_turns:
            while True:
                now = self.clock()
                self._expire(now)
                if not self._turns.locked() and len(self.sent) < self.background_limit:
                    self.sent.append(now)
                    return
                leaves = (
                    self.sent[len(self.sent) - self.background_limit] + self.window - now
                    if len(self.sent) >= self.background_limit
                    else POLL
                )
                await asyncio.sleep(max(min(leaves, self.window), 0.001))

    async def on_request_start(self, session: Any, context: Any, params: Any) -> None:
        path = params.url.path
        if not counted(path):
            return
        held = _turn.get()
        if background(path):
            await self.take_background()
        elif held is None or held.used or not self._use(held):
            await self.take()
