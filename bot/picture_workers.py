"""The picture workers: processes that each draw one picture at a time, sent to them on a pipe of their own.

Leaner than :class:`concurrent.futures.ProcessPoolExecutor` for small jobs (a view out, PNG bytes back), which passes
each job through two threads of the bot's process (its manager and its queue's feeder) and a lock shared by all
workers: here the caller writes the job straight to an idle worker's pipe, and one thread reads every pipe and
settles the job's future. Measured with ``python -m benchmarks.bench_painter`` (Koi-Koi pictures a few ms apart, as
a busy bot asks for them, 2 workers on 2 cores): a picture costs the bot's process 0.19–0.23 ms of CPU against
0.27–0.36 ms, the workers 0.9–1.35 ms against 1.15–1.9 ms. An idle worker last busy is given the next job: its
caches are the warmest.

A worker ends when the bot's process is gone (its pipe closes: nothing more can come), even after a kill -9 that
left no time to shut the workers down; a worker that dies breaks the pool, as a process pool's does
(:class:`BrokenProcessPool`), and its owner starts a new one.
"""

from __future__ import annotations

import atexit
import collections
import concurrent.futures
import multiprocessing
import pickle
import select
import threading
import weakref
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection, wait
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], concurrent.futures.Future]


def _serve(pipe: Connection, initializer: Callable[[], object] | None) -> None:
    """A worker's life: warmed by ``initializer``, then each job read from ``pipe`` drawn and its result (or the
    exception it raised) written back, until the pipe closes."""
    if initializer is not None:
        initializer()
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


def _pickled(answer: tuple[bool, Any]) -> bytes:
    try:
        return pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
    except Exception:  # an exception that cannot be pickled is passed on by its kind only
        return pickle.dumps((False, RuntimeError(type(answer[1]).__name__)), pickle.HIGHEST_PROTOCOL)


class PictureWorkers(concurrent.futures.Executor):
    """``size`` worker processes (spawned, each warmed by ``initializer``), each given one job at a time; jobs
    submitted while every worker is busy wait in order."""

    def __init__(self, size: int, initializer: Callable[[], object] | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # not forked: a fork of a process running threads may
        # inherit held locks
        self._lock = threading.Lock()
        self._waiting: collections.deque[Job] = collections.deque()
        self._busy: dict[Connection, concurrent.futures.Future] = {}
        self._idle: list[Connection] = []
        self._broken: str | None = None
        self._closed = False
        self.processes: list[multiprocessing.process.BaseProcess] = []
        for _ in range(size):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, initializer), name="picture worker", daemon=True)
            process.start()
            theirs.close()
            self.processes.append(process)
            self._idle.append(ours)
        self._pipes = list(self._idle)
        self._wake_reader, self._wake = context.Pipe(duplex=False)
        threading.Thread(target=self._read, name="picture results", daemon=True).start()
        _pools.add(self)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future:
        if kwargs:
            raise TypeError("a picture worker takes positional arguments only")
        done: concurrent.futures.Future = concurrent.futures.Future()
        with self._lock:
            if self._broken is not None:
                raise BrokenProcessPool(self._broken)
            if self._closed:
                raise RuntimeError("cannot draw after the picture workers were shut down")
            self._waiting.append((fn, args, done))
        self._send()
        return done

    def _send(self) -> None:
        """Hands waiting jobs to idle workers."""
        while True:
            with self._lock:
                if not (self._idle and self._waiting):
                    return
                pipe = self._idle.pop()
                fn, args, done = self._waiting.popleft()
                self._busy[pipe] = done
            try:
                message = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
            except Exception as error:  # not picklable: this job fails, the worker stays idle
                with self._lock:
                    del self._busy[pipe]
                    self._idle.append(pipe)
                done.set_exception(error)
                continue
            try:
                pipe.send_bytes(message)
            except OSError as error:
                self._break(f"a picture worker stopped ({error})")
                return

    def _read(self) -> None:
        """The results, as the workers write them (this pool's one thread): after a shut-down, those of the jobs in
        hand still; then it closes the pipes (the workers end)."""
        listening = _Readable([*self._pipes, self._wake_reader])
        try:
            while self._broken is None and not (self._closed and not self._busy and not self._waiting):
                for ready in listening.ready():
                    if ready is self._wake_reader:  # shut down: only the jobs in hand are waited for
                        listening.forget(ready)
                    elif not self._settle(ready):
                        return
                self._send()
        finally:
            for pipe in [*self._pipes, self._wake_reader]:
                pipe.close()

    def _settle(self, pipe: Connection) -> bool:
        """The result ``pipe``'s worker wrote, given to its job; False when the worker ended instead."""
        try:
            ok, value = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            if not self._closed:  # a worker ending at the process's end is no failure
                self._break("a picture worker ended abruptly")
            return False
        with self._lock:
            done = self._busy.pop(pipe)
            self._idle.append(pipe)
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)
        return True

    def _break(self, why: str) -> None:
        """A worker died: every job in hand or waiting fails, and so will every job submitted from now on."""
        with self._lock:
            if self._broken is None:
                self._broken = why
            failed = [*self._busy.values(), *(done for _, _, done in self._waiting)]
            self._busy.clear()
            self._waiting.clear()
        for done in failed:
            if not done.done():
                done.set_exception(BrokenProcessPool(why))
        self.shutdown(wait=False)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more jobs are taken; the jobs in hand (and, unless ``cancel_futures``, those waiting) are drawn, then
        the workers end (their pipes closed)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            waiting = list(self._waiting) if cancel_futures else []
            if cancel_futures:
                self._waiting.clear()
        for _, _, done in waiting:
            done.cancel()
        try:
            self._wake.send_bytes(b"")  # the reading thread reads the jobs in hand, closes the pipes and ends
        finally:
            self._wake.close()
        if wait:
            for process in self.processes:
                process.join()

    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [p.pid for p in self.processes if p.pid is not None]


class _Readable:
    """Which of some pipes have something to read (or were closed), watched by one poll registered once:
    ``multiprocessing.connection.wait`` builds and tears down a selector on every call, which was some 40 % of the
    reading thread's Python work a picture. Where there is no poll (Windows), ``wait`` it is."""

    def __init__(self, pipes: list[Connection]) -> None:
        self._pipes = {pipe.fileno(): pipe for pipe in pipes}
        self._poll = select.poll() if hasattr(select, "poll") else None
        if self._poll is not None:
            for fd in self._pipes:
                self._poll.register(fd, select.POLLIN)

    def ready(self) -> list[Connection]:
        """The pipes to read, once one is (blocks until then)."""
        if self._poll is None:
            return [pipe for pipe in wait(list(self._pipes.values())) if isinstance(pipe, Connection)]
        return [self._pipes[fd] for fd, _ in self._poll.poll()]

    def forget(self, pipe: Connection) -> None:
        """No longer watch ``pipe``."""
        del self._pipes[pipe.fileno()]
        if self._poll is not None:
            self._poll.unregister(pipe.fileno())


_pools: weakref.WeakSet[PictureWorkers] = weakref.WeakSet()


@atexit.register  # registered after multiprocessing's own, so run before it ends the (daemonic) workers
def _shut_down_at_exit() -> None:
    """At the process's end every pool shuts down, so that its workers ending then is not taken for a failure."""
    for pool in list(_pools):
        pool.shutdown(wait=False, cancel_futures=True)
