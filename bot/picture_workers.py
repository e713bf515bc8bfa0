"""The picture workers: processes that each draw one picture at a time, sent to them on a pipe of their own.

Leaner than :class:`concurrent.futures.ProcessPoolExecutor` for small jobs (a view out, PNG bytes back), which passes
each job through two threads of the bot's process (its manager and its queue's feeder) and a lock shared by all
workers: here the caller writes the job straight to an idle worker's pipe, and the result is read where the job was
asked for. A job asked for on a running event loop is read by that loop (the worker's pipe is one more file it
watches, ``loop.add_reader``): no thread wakes and takes the GIL from the loop to settle it. A job asked for outside
an event loop (a test, a benchmark, waiting on ``.result()``) is read by the pool's thread, which also takes over the
jobs of an event loop closed before their result came. Measured with ``python -m benchmarks.bench_painter``
(Koi-Koi pictures a few ms apart, as a busy bot asks for them, 2 workers on 2 cores): a picture costs the bot's
process 0.19–0.23 ms of CPU against 0.27–0.36 ms with a process pool, the workers 0.9–1.35 ms against 1.15–1.9 ms.
An idle worker last busy is given the next job: its caches are the warmest.

A worker ends when the bot's process is gone (its pipe closes: nothing more can come), even after a kill -9 that
left no time to shut the workers down; a worker that dies breaks the pool, as a process pool's does
(:class:`BrokenProcessPool`), and its owner starts a new one.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import concurrent.futures
import multiprocessing
import pickle
import sys
import threading
import weakref
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection, wait
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], concurrent.futures.Future]
Reader = asyncio.AbstractEventLoop | None  # who reads a busy worker's result: an event loop, or None (the thread)
ADOPT_EVERY = 1.0  # seconds between the thread's looks for jobs of an event loop that closed before their result


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


def _reader() -> Reader:
    """The event loop running in this thread, when it can watch a pipe (not on Windows, where a selector watches
    sockets only); None otherwise."""
    if sys.platform == "win32":
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PictureWorkers(concurrent.futures.Executor):
    """``size`` worker processes (spawned, each warmed by ``initializer``), each given one job at a time; jobs
    submitted while every worker is busy wait in order."""

    def __init__(self, size: int, initializer: Callable[[], object] | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # not forked: a fork of a process running threads may
        # inherit held locks
        self._lock = threading.Lock()
        self._waiting: collections.deque[Job] = collections.deque()
        self._busy: dict[Connection, concurrent.futures.Future] = {}
        self._readers: dict[Connection, Reader] = {}  # a busy worker's pipe → who reads its result
        self._idle: list[Connection] = []
        self._broken: str | None = None
        self._closed = False
        self._ended = False  # the pipes are closed: the workers end
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
        """Hands waiting jobs to idle workers, each result to be read by this thread's event loop (or, without one,
        by the pool's thread)."""
        reader = _reader()
        while True:
            with self._lock:
                if not (self._idle and self._waiting) or self._ended:
                    return
                pipe = self._idle.pop()
                fn, args, done = self._waiting.popleft()
                self._busy[pipe] = done
                self._readers[pipe] = reader
            try:
                message = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
            except Exception as error:  # not picklable: this job fails, the worker stays idle
                with self._lock:
                    del self._busy[pipe], self._readers[pipe]
                    self._idle.append(pipe)
                done.set_exception(error)
                continue
            if reader is None:
                self._wake_thread()  # it listens to this pipe from now on
            else:
                reader.add_reader(pipe.fileno(), self._readable, pipe, reader)
            try:
                pipe.send_bytes(message)
            except OSError as error:
                self._break(f"a picture worker stopped ({error})")
                return

    def _readable(self, pipe: Connection, loop: asyncio.AbstractEventLoop) -> None:
        """On ``loop``: the worker of ``pipe`` wrote its result (or ended)."""
        loop.remove_reader(pipe.fileno())
        with self._lock:
            ours = self._readers.get(pipe, False) is loop
        if ours and self._settle(pipe):
            self._send()

    def _read(self) -> None:
        """The pool's thread: reads the results of the jobs asked for outside an event loop, and of those whose
        event loop closed before their result came; after the shut-down, it ends when the pipes are closed."""
        try:
            while True:
                with self._lock:
                    if self._ended:
                        return
                    for pipe, reader in self._readers.items():
                        if reader is not None and reader.is_closed():  # never read there now: read here
                            self._readers[pipe] = None
                    listening = [self._wake_reader, *(p for p, r in self._readers.items() if r is None)]
                for ready in wait(listening, timeout=ADOPT_EVERY):
                    if ready is self._wake_reader:
                        self._wake_reader.recv_bytes()
                        continue
                    assert isinstance(ready, Connection)
                    with self._lock:
                        ours = ready in self._readers and self._readers[ready] is None
                    if ours and not self._settle(ready):
                        return
                self._send()
        except (EOFError, OSError):  # the wake pipe closed: the pool ended
            return
        finally:
            self._wake_reader.close()

    def _wake_thread(self) -> None:
        """The pool's thread looks again at which pipes to listen to."""
        with self._lock:
            if not self._ended:
                self._wake.send_bytes(b"")

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
            del self._readers[pipe]
            self._idle.append(pipe)
            finished = self._closed and not self._busy and not self._waiting
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)
        if finished:
            self._end()
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
            finished = not self._busy and not self._waiting
        for _, _, done in waiting:
            done.cancel()
        if finished:
            self._end()
        if wait:
            for process in self.processes:
                process.join()

    def _end(self) -> None:
        """Closes the pipes (the workers end, and so does the pool's thread); an event loop still watching one stops
        first."""
        with self._lock:
            if self._ended:
                return
            self._ended = True
            watching = [(pipe, reader) for pipe, reader in self._readers.items() if reader is not None]
            self._readers.clear()
            self._wake.close()
        here = _reader()
        for pipe, reader in watching:
            if reader is here:
                reader.remove_reader(pipe.fileno())
        for pipe in self._pipes:
            pipe.close()

    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [p.pid for p in self.processes if p.pid is not None]


_pools: weakref.WeakSet[PictureWorkers] = weakref.WeakSet()


@atexit.register  # registered after multiprocessing's own, so run before it ends the (daemonic) workers
def _shut_down_at_exit() -> None:
    """At the process's end every pool shuts down, so that its workers ending then is not taken for a failure."""
    for pool in list(_pools):
        pool.shutdown(wait=False, cancel_futures=True)
