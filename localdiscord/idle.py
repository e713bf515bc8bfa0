"""Waiting for the local Discord to be idle: no REST call in flight, nothing new for a while, no
rate-limit bucket about to reset and every client settled — what tests wait on between steps.
``world.py`` keeps what this reads.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from .strict import RateLimiter


class Traffic(Protocol):
    """What waiting reads of the world (``World`` in ``world.py``)."""

    inflight_requests: int
    last_activity: float
    rate_limiter: RateLimiter
    settlers: list[Callable[[], Awaitable[None]]]
    request_log: list[str]

    def raise_if_client_crashed(self) -> None: ...


async def wait_idle(world: Traffic, *, quiet: float = 0.1, timeout: float = 5.0, longest: float = 120.0) -> None:
    """Wait until no REST call is in flight, nothing happened for ``quiet`` seconds, no rate-limit
    bucket is used up (the bot may be holding a call back until it resets) and every client says it is
    settled. ``timeout`` is how long nothing may move on (no call made or answered, no used-up bucket
    about to reset) before giving up: a client that keeps working at a rate limit's pace is waited
    for, ``longest`` seconds at most."""
    started = time.monotonic()
    settling: asyncio.Future | None = None
    try:
        while True:
            world.raise_if_client_crashed()
            now = time.monotonic()
            if settling is None and (
                world.inflight_requests == 0
                and now - world.last_activity >= quiet
                and now >= world.rate_limiter.exhausted_until() + quiet
            ):
                if not world.settlers:
                    return
                # A client may still be working between two calls (a click answered first, its move
                # applied after): wait for it, then for the calls that work made.
                activity = world.last_activity
                settling = asyncio.ensure_future(asyncio.gather(*(settle() for settle in world.settlers)))
            if settling is not None and settling.done():
                settling.result()
                settling = None
                if world.inflight_requests == 0 and world.last_activity == activity:
                    return
                continue
            moved = max(
                world.last_activity, world.rate_limiter.exhausted_until(), now if world.inflight_requests else 0.0
            )
            if now > min(max(started, moved) + timeout, started + longest):
                raise TimeoutError(
                    f"fake Discord not idle: nothing moved on for {timeout}s or busy for {longest}s "
                    f"({world.inflight_requests} REST calls in flight; last: {world.request_log[-3:]})"
                )
            if settling is not None:
                await asyncio.wait({settling}, timeout=0.05)
            else:
                await asyncio.sleep(min(0.02, quiet / 2))
    finally:
        if settling is not None and not settling.done():
            settling.cancel()
