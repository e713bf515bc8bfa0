"""Where pictures are drawn: worker processes, one per core of the process's share, never the event loop.

Measured with ``python -m benchmarks.bench_painter`` on a 2-core machine: drawn in a pool of threads a picture costs
the bot's process all its CPU (composing and FreeType text hold the GIL, so the event loop stalls behind them); drawn
in processes only handing the view out and the PNG back is the bot's (about 0.2 ms with the lean pool of
``bot/picture_workers.py``, whose results the event loop reads itself, 0.3 ms with a ``ProcessPoolExecutor``). So
pictures are drawn in processes, and awaited on the event loop that asked for them.

Answers come first: a picture a player's answer waits for (``urgent``) is handed to the next free worker before
any picture a redraw asked for, and only as many pictures as there are workers are handed out at once, so an
answer waits behind at most the pictures being drawn, never behind a queue of redraws. A picture already queued
for a redraw that an answer now needs moves to the front.

The workers are started and warmed (fonts, faces, every game's drawing code loaded: no slow first picture on a
player's click) by :func:`warm_up` at start-up.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import logging
import os
import sys
import types
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.picture_workers import PictureWorkers
from bot.shards import Shards

log = logging.getLogger(__name__)

Draw = Callable[..., Any]


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers(setting: int | None = None, shards: Shards | None = None) -> int:
    """How many picture workers a process starts: ``setting`` (``PARLOR_PICTURE_WORKERS``) when given, else its share
    of the cores. A process running every shard (or unsharded) takes them all; one running some of the shards takes
    that part of them (at least one worker), as processes sharing one machine do (``compose.yaml``): two processes
    on 2 cores start one worker each, not two (four workers on two cores only wait for each other, some 90 MB
    each). A process with a machine of its own is given its cores by the setting."""
    if setting is not None:
        return setting
    share = 1.0 if shards is None else len(shards.ids) / shards.count
    return max(1, round(cores() * share))


def importable(draw: Draw, args: tuple[Any, ...] = ()) -> bool:
    """Whether a worker process can find ``draw``, and every function or class among ``args`` (a picture job names
    the drawing and the view's model), by its name: a module's, not a closure or a test's lambda."""
    return all(
        _named(named) for named in (draw, *args) if isinstance(named, (type, types.FunctionType)) or named is draw
    )


def _named(thing: Any) -> bool:
    found: Any = sys.modules.get(getattr(thing, "__module__", ""), None)
    for name in getattr(thing, "__qualname__", "<nameless>").split("."):
        found = getattr(found, name, None)
    return found is thing


@dataclass
class Job:
    draw: Draw
    args: tuple[Any, ...]
    urgent: bool
    done: asyncio.Future
    started: bool = False


class Painter:
    """Draws pictures in ``executor`` (by default a pool of ``slots`` processes, as :func:`workers` sizes it),
    urgent ones first, at most ``slots`` at a time. Used from the event loop only: a picture's future is settled
    on it, and a finished picture hands out the next one there."""

    def __init__(
        self, executor: concurrent.futures.Executor | PictureWorkers | None = None, slots: int | None = None
    ) -> None:
        self.slots = slots or workers()
        self._executor: concurrent.futures.Executor | PictureWorkers | None = executor
        self._own = executor is None
        self._threads: concurrent.futures.ThreadPoolExecutor | None = None  # for drawings a process cannot import
        self._urgent: collections.deque[Job] = collections.deque()
        self._later: collections.deque[Job] = collections.deque()
        self._running = 0
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop the pictures are awaited on
        self.drawn = 0  # pictures drawn (for the benchmarks)

    def executor(self) -> concurrent.futures.Executor | PictureWorkers:
        if self._executor is None:
            self._executor = PictureWorkers(self.slots, initializer=warm)
        return self._executor

    def started(self) -> list[int]:
        """The worker processes started so far (none before the first picture or :meth:`warm_up`)."""
        return self._executor.pids() if isinstance(self._executor, PictureWorkers) else []

    def resize(self, slots: int) -> None:
        """Draw with ``slots`` workers from now on (at start-up: a pool already started with another size is
        shut down, and the next picture starts one of the new size)."""
        if slots == self.slots:
            return
        self.slots = slots
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    def submit(self, draw: Draw, *args: Any, urgent: bool = False) -> asyncio.Future:
        """``draw(*args)`` drawn off the event loop; its result (or its exception) in the future returned."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a later loop (a test's): the last one's jobs are awaited by nobody now
            self._loop = loop
            self._urgent.clear()
            self._later.clear()
            self._running = 0
        job = Job(draw, args, urgent, loop.create_future())
        (self._urgent if urgent else self._later).append(job)
        self._hand_out()
        return job.done

    def queued(self) -> int:
        """Pictures waiting for a free worker (0: the workers keep up)."""
        return len(self._urgent) + len(self._later)

    def hurry(self, done: asyncio.Future) -> None:
        """The picture of ``done``, still queued for a redraw, is now awaited by an answer: drawn next."""
        for job in self._later:
            if job.done is done:
                self._later.remove(job)
                job.urgent = True
                self._urgent.append(job)
                return

    def _hand_out(self) -> None:
        while self._running < self.slots and (self._urgent or self._later):
            job = (self._urgent or self._later).popleft()
            self._running += 1
            self._start(job)

    def _start(self, job: Job) -> None:
        job.started = True
        try:
            running: asyncio.Future = self._running_in(job)
        except BrokenProcessPool as error:  # a worker died: a new pool for the next pictures
            self._broken(error)
            self._settle(job, None, error)
            return
        except RuntimeError as error:  # shut down (the process is ending): nothing more is drawn
            self._settle(job, None, error)
            return
        running.add_done_callback(lambda f: self._finished(job, f))

    def _running_in(self, job: Job) -> asyncio.Future:
        """``job`` handed to the workers, or (a test's spy, which no process can import) to a thread."""
        if importable(job.draw, job.args):
            running = self.executor().submit(job.draw, *job.args)
        else:
            if self._threads is None:
                self._threads = concurrent.futures.ThreadPoolExecutor(self.slots, thread_name_prefix="painter")
            running = self._threads.submit(job.draw, *job.args)
        return running if isinstance(running, asyncio.Future) else asyncio.wrap_future(running)

    def _broken(self, error: BaseException) -> None:
        log.warning("the picture workers stopped (%s); starting new ones", error)
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def _finished(self, job: Job, running: asyncio.Future) -> None:
        """A picture is drawn (or failed): its result passed on, the next picture handed out."""
        error = running.exception() if not running.cancelled() else asyncio.CancelledError()
        if isinstance(error, BrokenProcessPool):
            self._broken(error)
        self._settle(job, None if error else running.result(), error)
        self._hand_out()

    def _settle(self, job: Job, result: Any, error: BaseException | None) -> None:
        self._running -= 1
        self.drawn += 1
        if job.done.done() or job.done.get_loop().is_closed():
            return
        if error is not None:
            job.done.set_exception(error)
        else:
            job.done.set_result(result)

    def warm_up(self) -> asyncio.Future:
        """Start every worker and load the drawing code, fonts and faces in each (done when all are warm: the
        number of workers warmed)."""
        executor = self.executor()
        if not isinstance(executor, PictureWorkers):
            return asyncio.wrap_future(executor.submit(warm))
        # as many jobs as workers, submitted at once: each goes to a worker of its own, which warms itself as it
        # starts (its initializer)
        warmed = [executor.submit(os.getpid) for _ in range(self.slots)]
        return asyncio.ensure_future(_warmed(warmed))

    def close(self) -> None:
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


async def _warmed(warmed: list[asyncio.Future]) -> int:
    """How many of the ``warmed`` jobs succeeded."""
    done = await asyncio.gather(*warmed, return_exceptions=True)
    return sum(1 for result in done if not isinstance(result, BaseException))


def warm() -> int:
    """Load and exercise every game's table and panel drawing once (fonts, faces, scaled faces cached), so the first
    real picture is as fast as any; the number of pictures drawn."""
    from bot.render.pictures import draws_table, panel_picture, table_picture
    from faces import lettering
    from faces.table import TEXT, TITLE, warm_faces
    from games import game_names, get_game
    from games.simulate import bot_seats

    lettering.warm((TEXT, TITLE))  # the letters of names never drawn yet, checked before any picture needs them
    warm_faces()
    count = 0
    for name in game_names():
        game = get_game(name)
        try:
            seats = getattr(game.Options(), "players", None) or game.min_players  # its default table
            state = game.new_game(game.Options(), bot_seats(seats), "warm-up")
            if draws_table(name):
                count += table_picture(name, game.public_view(state)) is not None
            count += sum(panel_picture(name, game.view(state, seat)) is not None for seat in range(seats))
        except Exception:  # a game that cannot be warmed is drawn cold, not refused
            log.exception("warming the pictures of %s failed", name)
    return count


_shared: Painter | None = None  # (a test may put its own here: a game registered at run time, drawn in threads)


def painter() -> Painter:
    """This process's painter (started on first use)."""
    global _shared
    if _shared is None:
        _shared = Painter()
    return _shared


async def awaited(done: asyncio.Future) -> Any:
    """Await a picture (settled on this event loop)."""
    return await done
