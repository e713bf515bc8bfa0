"""Answers before drawing, on the one event loop of a process.

Every click (and prompt submission) is counted from the moment Parlor starts handling it until its handling ends
(:meth:`AnswersFirst.answering`). The work that can wait — a table message's or its hand panels' redraw, a bot's
turn — asks for its turn first (:meth:`AnswersFirst.turn`): while answers are in flight *and* the loop is behind
(one pass of it took longer than ``busy``), it waits until no answer is in flight, at most ``hold`` seconds. The
waiting ones then go one per pass of the loop, so an answer arriving meanwhile is read before the next of them
runs, and holds the rest again; those whose hold is over go one per pass too, never all at once.

A redraw held so keeps its table marked as changed (``bot/tables/redraw.py``): the moves made while it waited are
drawn together, as the table's latest state, when its turn comes. Under load a table is thus redrawn about once per
``hold`` at most, with fewer pictures per move; on a loop that keeps up nothing waits (one pass of the loop is
quick), so the next player's panel comes at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections import deque
from collections.abc import Callable, Iterator

HOLD = 0.25  # seconds a redraw or a bot's turn waits at most for the answers in flight
BUSY = 0.015  # seconds: a pass of the event loop longer than this, and the loop is behind


class AnswersFirst:
    """The answers in flight in this process, and the drawing and bot turns that wait for them."""

    def __init__(self, hold: float = HOLD, busy: float = BUSY, clock: Callable[[], float] = time.perf_counter) -> None:
        self.hold = hold
        self.busy = busy
        self.clock = clock
        self.in_flight = 0
        self.held = 0  # turns that waited for answers (for the benchmarks)
        self._waiting: deque[tuple[float, asyncio.Future[None]]] = deque()  # (the loop time it may go, its waiter)
        self._passing_on = False

    @contextlib.contextmanager
    def answering(self) -> Iterator[None]:
        """One interaction being answered, for as long as the block runs."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1
            if not self.in_flight:
                self._pass_on_soon()

    async def turn(self) -> None:
        """Return when drawing (or a bot's turn) may go on: at once when no answer is in flight or the loop keeps
        up, else when the answers are out or ``hold`` seconds have passed; the held ones one per pass of the loop."""
        if not self.in_flight:
            return
        started = self.clock()
        await asyncio.sleep(0)  # one pass of the loop: the answers in flight go on meanwhile
        if not self.in_flight or self.clock() - started < self.busy:
            return
        self.held += 1
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._waiting.append((loop.time() + self.hold, waiter))
        timer = loop.call_later(self.hold, self._pass_on_soon)
        try:
            await waiter
        finally:
            timer.cancel()

    def _pass_on_soon(self) -> None:
        if not self._passing_on and self._waiting:
            self._passing_on = True
            asyncio.get_running_loop().call_soon(self._pass_on)

    def _pass_on(self) -> None:
        """Let the first held one go when no answer is in flight or its hold is over; the next at the next pass."""
        self._passing_on = False
        while self._waiting and self._waiting[0][1].done():  # cancelled (the table closed, the process stops)
            self._waiting.popleft()
        if not self._waiting:
            return
        due, waiter = self._waiting[0]
        if self.in_flight and waiter.get_loop().time() < due:
            return  # its timer passes on again when its hold is over
        self._waiting.popleft()
        if not waiter.get_loop().is_closed():
            waiter.set_result(None)
        self._pass_on_soon()


@functools.cache
def answers_first() -> AnswersFirst:
    """This process's answers in flight (one event loop per process)."""
    return AnswersFirst()
