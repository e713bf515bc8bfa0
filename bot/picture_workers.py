"""The picture workers: processes that each draw one picture at a time, sent to them on a pipe of their own.

Leaner than :class:`concurrent.futures.ProcessPoolExecutor` for small jobs (a view out, PNG bytes back), which passes
each job through two threads of the bot's process (its manager and its queue's feeder) and a lock shared by all
workers: here the event loop writes the job straight to an idle worker's pipe and reads the result itself when the
pipe is readable (``loop.add_reader``), settling the job's :class:`asyncio.Future`: no thread of the bot's process,
no lock, no wake-up from another thread: a job's round trip costs the bot's process about half the CPU it did with a
reading thread (figures in README.md, ``benchmarks/bench_painter.py``). An idle worker last busy is given the next
job: its caches are the warmest.

A result is read only once its pipe is readable; a large PNG is then read in one ``recv_bytes``, which may wait for
the rest of a message the worker is writing at that moment (a pipe holds 64 KB): the worker is writing it, so the
wait is the copy's, not a picture's.

A worker ends when the bot's process is gone (its pipe closes: nothing more can come), even after a kill -9 that
left no time to shut the workers down; a worker that dies breaks the pool, as a process pool's does
(:class:`BrokenProcessPool`), and its owner starts a new one.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import multiprocessing
import os
import pickle
import weakref
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future]


def _serve(pipe: Connection, initializer: Callable[[], object] | None) -> None:
    """A worker's life: warmed by ``initializer``, then each job read from ``pipe`` drawn and its result (or the
    exception it raised) written back, until the pipe closes."""
    if initializer is not None:
        initializer()
    _yield_to_the_loop()
    while True:
        try:
            draw, args = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError, KeyboardInterrupt):  # the bot's process is gone, or stops
            return
        try:
            answer: tuple[bool, Any] = (True, draw(*args))
        except Exception as error:
            answer = (False, error)
        try:
            pipe.send_bytes(_pickled(answer))
        except (OSError, KeyboardInterrupt):
            return


def _yield_to_the_loop() -> None:
    """This worker no longer takes the core from the bot's event loop when a job wakes it (Linux's ``SCHED_BATCH``:
    the same share of the cores, no preemption on wake-up). Otherwise the loop's write of a job, which wakes an idle
    worker, often let the worker run first on the loop's core: the loop stood still while the worker ran (at 100
    busy tables a tenth of the writes took 0.6 ms or more; under this policy 0.03 ms). Where the policy does not
    exist or is refused, the worker runs as it did."""
    if hasattr(os, "sched_setscheduler"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def _pickled(answer: tuple[bool, Any]) -> bytes:
    try:
        return pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
    except Exception:  # an exception that cannot be pickled is passed on by its kind only
        return pickle.dumps((False, RuntimeError(type(answer[1]).__name__)), pickle.HIGHEST_PROTOCOL)


class PictureWorkers:
    """``size`` worker processes (spawned, each warmed by ``initializer``), each given one job at a time; jobs
    submitted while every worker is busy wait in order. Jobs are submitted from an event loop, which reads their
    results: a later loop (a test's) takes the pipes over."""

    def __init__(self, size: int, initializer: Callable[[], object] | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # not forked: a fork of a process running threads may
        # inherit held locks
        self._waiting: collections.deque[Job] = collections.deque()
        self._busy: dict[Connection, asyncio.Future] = {}
        self._idle: list[Connection] = []
        self._broken: str | None = None
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self.processes: list[multiprocessing.process.BaseProcess] = []
        for _ in range(size):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, initializer), name="picture worker", daemon=True)
            process.start()
            theirs.close()
            self.processes.append(process)
            self._idle.append(ours)
        self._open = list(self._idle)  # the pipes not closed yet
        _pools.add(self)

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> asyncio.Future:
        """``fn(*args)`` drawn by a worker; its result (or its exception) in the future returned, settled on the
        running event loop."""
        if self._broken is not None:
            raise BrokenProcessPool(self._broken)
        if self._closed:
            raise RuntimeError("cannot draw after the picture workers were shut down")
        loop = asyncio.get_running_loop()
        self._listen(loop)
        done = loop.create_future()
        self._waiting.append((fn, args, done))
        self._send()
        return done

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """``loop`` reads the results from now on."""
        if loop is self._loop:
            return
        self._forget()
        self._loop = loop
        for pipe in self._open:
            loop.add_reader(pipe.fileno(), self._settle, pipe)
            os.set_blocking(pipe.fileno(), True)  # uvloop (libuv) made it non-blocking, which a message read or
            # written in parts would take for a failure; the loop writes a job only to an idle worker, waiting for
            # it, and reads a result only once readable

    def _forget(self, pipes: list[Connection] | None = None) -> None:
        """The loop no longer reads ``pipes`` (all of them by default)."""
        if self._loop is None or self._loop.is_closed():
            return
        for pipe in self._open if pipes is None else pipes:
            self._loop.remove_reader(pipe.fileno())

    def _send(self) -> None:
        """Hands waiting jobs to idle workers."""
        while self._idle and self._waiting:
            fn, args, done = self._waiting.popleft()
            try:
                message = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
            except Exception as error:  # not picklable: this job fails, the worker stays idle
                _settled(done, False, error)
                continue
            pipe = self._idle.pop()
            self._busy[pipe] = done
            try:
                pipe.send_bytes(message)
            except OSError as error:
                self._break(f"a picture worker stopped ({error})")
                return

    def _settle(self, pipe: Connection) -> None:
        """The result ``pipe``'s worker wrote (the pipe is readable), given to its job."""
        try:
            ok, value = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            if not self._closed:  # a worker ending at the process's end is no failure
                self._break("a picture worker ended abruptly")
                return
            held = self._busy.pop(pipe, None)
            self._close([pipe])
            if held is not None:
                _settled(held, False, BrokenProcessPool("a picture worker ended abruptly"))
            return
        done = self._busy.pop(pipe)
        self._idle.append(pipe)
        _settled(done, ok, value)
        self._send()
        if self._closed and not self._waiting:  # shut down: a worker ends once nothing is left for it
            self._end_idle()

    def _break(self, why: str) -> None:
        """A worker died: every job in hand or waiting fails, and so will every job submitted from now on."""
        if self._broken is None:
            self._broken = why
        failed = [*self._busy.values(), *(done for _, _, done in self._waiting)]
        self._busy.clear()
        self._waiting.clear()
        for done in failed:
            _settled(done, False, BrokenProcessPool(why))
        self.shutdown(wait=False)
        self._idle = []
        self._close(list(self._open))  # the workers still alive end too

    def _end_idle(self) -> None:
        """The idle workers end."""
        idle, self._idle = self._idle, []
        self._close(idle)

    def _close(self, pipes: list[Connection]) -> None:
        """The loop stops reading ``pipes`` and closes them: their workers end."""
        pipes = [pipe for pipe in pipes if pipe in self._open]
        self._forget(pipes)
        for pipe in pipes:
            self._open.remove(pipe)
            pipe.close()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more jobs are taken; the jobs in hand (and, unless ``cancel_futures``, those waiting) are drawn and
        read by the loop, then their workers end (their pipes closed); an idle worker ends at once. ``wait``: wait
        for the workers to end, which a caller on the loop may do only with no job in hand."""
        if not self._closed:
            self._closed = True
            if cancel_futures:
                for _, _, done in self._waiting:
                    if not done.get_loop().is_closed():
                        done.cancel()
                self._waiting.clear()
            if not self._waiting:
                self._end_idle()
        if wait:
            for process in self.processes:
                process.join()

    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [p.pid for p in self.processes if p.pid is not None]


def _settled(done: asyncio.Future, ok: bool, value: Any) -> None:
    """``done`` given its result (``ok``) or exception, unless already settled or its loop is gone."""
    if done.done() or done.get_loop().is_closed():
        return
    if ok:
        done.set_result(value)
    else:
        done.set_exception(value)


_pools: weakref.WeakSet[PictureWorkers] = weakref.WeakSet()


@atexit.register  # registered after multiprocessing's own, so run before it ends the (daemonic) workers
def _shut_down_at_exit() -> None:
    """At the process's end every pool shuts down, so that its workers ending then is not taken for a failure."""
    for pool in list(_pools):
        with contextlib.suppress(Exception):
            pool.shutdown(wait=False, cancel_futures=True)
