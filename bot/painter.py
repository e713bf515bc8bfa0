"""Where pictures are drawn: worker processes, one per core of the process's share, never the event loop.

Measured with ``python -m benchmarks.bench_painter`` on a 2-core machine: drawn in a pool of threads a picture costs
the bot's process all its CPU (composing and FreeType text hold the GIL, so the event loop stalls behind them); drawn
in processes only handing the view out and the PNG back is the bot's (about 0.2 ms with the lean pool of
``bot/picture_workers.py``, 0.3 ms with a ``ProcessPoolExecutor``). So pictures are drawn in processes.

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
import threading
import types
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
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
    done: concurrent.futures.Future = field(default_factory=concurrent.futures.Future)
    started: bool = False


class Painter:
    """Draws pictures in ``executor`` (by default a pool of ``slots`` processes, as :func:`workers` sizes it),
    urgent ones first, at most ``slots`` at a time. Thread-safe: a finished picture hands out the next one from the
    executor's thread."""

    def __init__(self, executor: concurrent.futures.Executor | None = None, slots: int | None = None) -> None:
        self.slots = slots or workers()
        self._executor = executor
        self._own = executor is None
        self._threads: concurrent.futures.ThreadPoolExecutor | None = None  # for drawings a process cannot import
        self._lock = threading.Lock()
        self._urgent: collections.deque[Job] = collections.deque()
        self._later: collections.deque[Job] = collections.deque()
        self._running = 0
        self.drawn = 0  # pictures drawn (for the benchmarks)

    def executor(self) -> concurrent.futures.Executor:
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

    def submit(self, draw: Draw, *args: Any, urgent: bool = False) -> concurrent.futures.Future:
        """``draw(*args)`` drawn off the event loop; its result (or its exception) in the future returned."""
        job = Job(draw, args, urgent)
        with self._lock:
            (self._urgent if urgent else self._later).append(job)
        self._hand_out()
        return job.done

    def queued(self) -> int:
        """Pictures waiting for a free worker (0: the workers keep up)."""
        with self._lock:
            return len(self._urgent) + len(self._later)

    def hurry(self, done: concurrent.futures.Future) -> None:
        """The picture of ``done``, still queued for a redraw, is now awaited by an answer: drawn next."""
        with self._lock:
            for job in self._later:
                if job.done is done:
                    self._later.remove(job)
                    job.urgent = True
                    self._urgent.append(job)
                    return

    def _hand_out(self) -> None:
        while True:
            with self._lock:
                if self._running >= self.slots or not (self._urgent or self._later):
                    return
                job = (self._urgent or self._later).popleft()
                self._running += 1
            self._start(job)

    def _start(self, job: Job) -> None:
        job.started = True
        try:
            if importable(job.draw, job.args):
                running = self.executor().submit(job.draw, *job.args)
            else:  # a test's spy: drawn in a thread (still off the loop)
                if self._threads is None:
                    self._threads = concurrent.futures.ThreadPoolExecutor(self.slots, thread_name_prefix="painter")
                running = self._threads.submit(job.draw, *job.args)
        except BrokenProcessPool as error:  # a worker died: a new pool for the next pictures
            self._broken(error)
            self._settle(job, None, error)
            return
        except RuntimeError as error:  # shut down (the process is ending): nothing more is drawn
            self._settle(job, None, error)
            return
        running.add_done_callback(lambda f: self._finished(job, f))

    def _broken(self, error: BaseException) -> None:
        log.warning("the picture workers stopped (%s); starting new ones", error)
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def _finished(self, job: Job, running: concurrent.futures.Future) -> None:
        """A picture is drawn (or failed): its result passed on, the next picture handed out."""
        error = running.exception() if not running.cancelled() else concurrent.futures.CancelledError()
        if isinstance(error, BrokenProcessPool):
            self._broken(error)
        self._settle(job, None if error else running.result(), error)
        self._hand_out()

    def _settle(self, job: Job, result: Any, error: BaseException | None) -> None:
        with self._lock:
            self._running -= 1
            self.drawn += 1
        if error is not None:
            job.done.set_exception(error)
        else:
            job.done.set_result(result)

    def warm_up(self) -> concurrent.futures.Future:
        """Start every worker and load the drawing code, fonts and faces in each (done when all are warm)."""
        executor = self.executor()
        if not isinstance(executor, PictureWorkers):
            return executor.submit(warm)
        # as many jobs as workers, submitted at once: the pool starts a worker for each (none is idle yet), and
        # every worker warms itself as it starts (its initializer)
        warmed = [executor.submit(os.getpid) for _ in range(self.slots)]
        everyone: concurrent.futures.Future = concurrent.futures.Future()

        def one_done(_: concurrent.futures.Future) -> None:
            if all(f.done() for f in warmed) and not everyone.done():
                everyone.set_result(sum(1 for f in warmed if f.exception() is None))

        for f in warmed:
            f.add_done_callback(one_done)
        return everyone

    def close(self) -> None:
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


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


async def awaited(done: concurrent.futures.Future) -> Any:
    """Await a picture from any event loop."""
    return await asyncio.wrap_future(done)
