"""Answers before drawing, on the one event loop of a process.

Every click (and prompt submission) is counted from the moment Parlor starts handling it until its handling ends
(:meth:`AnswersFirst.answering`). The work that can wait — a table message's or its hand panels' redraw, a bot's
turn — asks for its turn first (:meth:`AnswersFirst.turn`): while answers are in flight *and* the loop is behind
(one pass of it took longer than ``busy``), it waits until no answer is in flight, at most ``hold`` seconds. The
waiting ones then go one per pass of the loop, so an answer arriving meanwhile is read before the next of them
runs, and holds the rest again.

A redraw held so keeps its table marked as changed (``bot/tables/redraw.py``): the moves made while it waited are
drawn together, as the table's latest state, when its turn comes. Under load a table is thus redrawn about once per
``hold`` at most, with fewer pictures per move; on a loop that keeps up nothing waits (one pass of the loop is
quick), so the next player's panel comes at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterator

HOLD = 0.25  # seconds a redraw or a bot's turn waits at most for the answers in flight
BUSY = 0.002  # seconds: a pass of the event loop longer than this, and the loop is behind


class AnswersFirst:
    """The answers in flight in this process, and the drawing and bot turns that wait for them."""

    def __init__(self, hold: float = HOLD, busy: float = BUSY, clock: Callable[[], float] = time.perf_counter) -> None:
        self.hold = hold
        self.busy = busy
        self.clock = clock
        self.in_flight = 0
        self.held = 0  # turns that waited for answers (for the benchmarks)
        self._waiting: deque[asyncio.Future[None]] = deque()

    @contextlib.contextmanager
    def answering(self) -> Iterator[None]:
        """One interaction being answered, for as long as the block runs."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1
            if not self.in_flight:
                self._wake_next()

    async def turn(self) -> None:
        """Return when drawing (or a bot's turn) may go on: at once when no answer is in flight or the loop keeps
        up, else when the answers are out (or ``hold`` seconds have passed)."""
        if not self.in_flight:
            return
        started = self.clock()
        await asyncio.sleep(0)  # one pass of the loop: the answers in flight go on meanwhile
        if not self.in_flight or self.clock() - started < self.busy:
            return
        self.held += 1
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._waiting.append(waiter)
        timer = loop.call_later(self.hold, _release, waiter)
        try:
            await waiter
        finally:
            timer.cancel()
            with contextlib.suppress(ValueError):
                self._waiting.remove(waiter)  # it waited its longest: no longer in the queue
        if not self.in_flight:  # the next waiting one goes at the next pass, after the loop reads what arrived
            loop.call_soon(self._wake_next)

    def _wake_next(self) -> None:
        while self._waiting and not self.in_flight:
            waiter = self._waiting.popleft()
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_result(None)
                return


def _release(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


_shared: AnswersFirst | None = None


def answers_first() -> AnswersFirst:
    """This process's answers in flight (one event loop per process)."""
    global _shared
    if _shared is None:
        _shared = AnswersFirst()
    return _shared
