"""A bot process's own timings of its answers, for a benchmark (``PARLOR_TEST_TIMINGS=FILE``, read by
``tests/e2e/bot_process.py``): where the time from a player's click to its answer goes, seen from inside the bot.

For each interaction, four moments on ``time.monotonic()`` (Linux's ``CLOCK_MONOTONIC``, one clock for every
process of the machine, so the driver's own moments of the same interaction can be set beside them):

- ``frame``: the gateway frame was read off the websocket (discord.py dispatches ``socket_event_type`` as it reads
  one, before it decodes it into objects);
- ``parsed``: discord.py built the ``Interaction`` (and the ``Message`` clicked) and dispatched it;
- ``answering``: the answer's request (``POST /interactions/{id}/{token}/callback``) started;
- ``answered``: Discord's reply to it arrived;

and, on the way, where it applies: ``routed`` (the table manager was handed the move, or the ``/hand``), ``locked``
(it holds the table's lock), ``writer``
(its task got the connection of its write, ``bot/store/connection.py``: the store's one writer, or on PostgreSQL one
of the movers, the connections of moves outside a transaction), ``stored`` (the move's write to the
database returned) and ``drawn`` (the last picture it asked the picture workers for was
drawn; none when the picture was drawn before).

And the event loop's lag: every ``LAG_EVERY`` seconds a sleeper notes how much later than asked it woke up; and every
use of the store's writer connection by any task (asked for, got, given back), to see how busy that one connection is,
and the same of every guarded write's connection (``movers``: a mover on PostgreSQL, else the writer);
and every garbage collection of the process (its generation, when it began and ended: ``gc.callbacks``), which stops
the loop while it runs.

Only interaction ids, their type number and these times are kept: never a custom_id (which may name a card of a
hand), a token, a user or a payload. Recording costs the loop a dictionary write per moment and one wake-up per
``LAG_EVERY``; it changes nothing the bot sends.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import gc
import json
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.main import ParlorBot
from bot.painter import painter

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
LAG_EVERY = 0.05  # seconds between two looks at the loop's lag
MOMENTS = ("frame", "parsed", "answering", "answered")
ON_THE_WAY = ("routed", "locked", "writer", "stored", "drawn")
HANDLING: contextvars.ContextVar[int | None] = contextvars.ContextVar("handling", default=None)  # the interaction id
INSIDE_WRITER: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_writer", default=False)


@dataclass
class GcPauses:
    """Every garbage collection of this process while started (``gc.callbacks``): its generation, when it began and
    ended (``time.monotonic()``), and the CPU seconds it took (``time.thread_time()``; the rest is waiting for a core).
    A collection stops the event loop while it runs."""

    collections: list[tuple[int, float, float, float]] = field(default_factory=list)
    _began: tuple[float, float] = (0.0, 0.0)

    def start(self) -> None:
        gc.callbacks.append(self._collected)

    def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.monotonic(), time.thread_time())
        else:
            began, cpu = self._began
            self.collections.append((info["generation"], began, time.monotonic(), time.thread_time() - cpu))


@dataclass
class AnswerTimings:
    """What one bot process records; :meth:`install` hooks it in, :meth:`write` saves it."""

    clock: Callable[[], float] = time.monotonic
    moments: dict[int, dict[str, float]] = field(default_factory=dict)  # interaction id → moment → time
    kinds: dict[int, int] = field(default_factory=dict)  # interaction id → its type (2 a command, 3 a click…)
    lags: list[tuple[float, float]] = field(default_factory=list)  # each look: when, and how late the loop woke up
    writer: list[tuple[float, float, float]] = field(default_factory=list)  # each use: asked, got, given back
    movers: list[tuple[float, float, float]] = field(default_factory=list)  # each guarded write's connection, the same
    pauses: GcPauses = field(default_factory=lambda: GcPauses())  # the process's garbage collections
    _frame: float = 0.0  # when the last INTERACTION_CREATE frame was read
    _sampler: asyncio.Task[None] | None = None
    bot: ParlorBot | None = None

    def install(self, bot: ParlorBot) -> None:
        self.bot = bot
        """Hook into ``bot`` before it runs. discord.py hands its gateway ``bot.dispatch`` when it connects, and its
        connection state the ``dispatch`` of the bot as built: the state's attribute is private, but the only place
        an ``Interaction`` is seen as it is made, before any task runs it (a benchmark's harness, never the bot)."""
        dispatch = bot.dispatch

        def timed(event: str, *args: Any, **kwargs: Any) -> None:
            if event == "socket_event_type" and args and args[0] == "INTERACTION_CREATE":
                self._frame = self.clock()
            elif event == "interaction" and args:
                self.arrived(args[0])
            dispatch(event, *args, **kwargs)

        bot.dispatch = timed  # type: ignore[method-assign]  # the harness's hook, read by the gateway at connect
        bot._connection.dispatch = timed  # private: see above
        trace = bot.metrics.trace  # the bot's one aiohttp trace (bot/metrics.py)
        trace.on_request_start.append(self._request_started)
        trace.on_request_end.append(self._request_ended)
        bot.add_listener(self._start_sampler, "on_ready")
        self.pauses.start()
        draws = painter()
        draws.submit = self._drawing(draws.submit)  # type: ignore[method-assign]  # the harness's hook
        bot.add_listener(self._route_into, "on_connect")  # the table manager exists once set up

    async def _route_into(self) -> None:
        """The table manager's ``act`` and ``show_hand`` note the interaction they serve (``routed``), for the moments
        of its task (a context variable), and the store's ``record_action`` its return (``stored``)."""
        assert self.bot is not None, "installed first"
        tables = self.bot.tables
        if getattr(tables.act, "timed", False):
            return
        for name in ("act", "show_hand"):
            setattr(tables, name, self._routing(getattr(tables, name)))
        tables._holding = self._using(tables._holding, "locked")  # type: ignore[method-assign]
        store = tables.store
        store.tables.record_action = self._noting(store.tables.record_action, "stored")  # type: ignore[method-assign]
        store.use = self._using(self._timing_writer(store.use), "writer")  # type: ignore[method-assign]  # the hooks
        store.mover = self._using(self._timing_mover(store.mover), "writer")  # type: ignore[method-assign]  # the same

    def _routing(self, method: Callable[..., Any]) -> Callable[..., Any]:
        async def routed(*args: Any, **kwargs: Any) -> Any:
            origin = args[-1] if args and isinstance(args[-1], discord.Interaction) else kwargs.get("origin")
            if isinstance(origin, discord.Interaction) and origin.id in self.moments:
                HANDLING.set(origin.id)
                self.note(origin.id, "routed")
            return await method(*args, **kwargs)

        routed.timed = True  # type: ignore[attr-defined]
        return routed

    def _noting(self, method: Callable[..., Any], moment: str) -> Callable[..., Any]:
        async def noted(*args: Any, **kwargs: Any) -> Any:
            result = await method(*args, **kwargs)
            if (handling := HANDLING.get()) is not None:
                self.note(handling, moment)
            return result

        return noted

    def _using(self, use: Callable[..., Any], moment: str) -> Callable[..., Any]:
        """``use``, a context manager, noting ``moment`` as its block begins."""

        @asynccontextmanager
        async def used(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
            async with use(*args, **kwargs) as held:
                if (handling := HANDLING.get()) is not None:
                    self.note(handling, moment)
                yield held

        return used

    def _timing_writer(self, use: Callable[[], Any]) -> Callable[[], Any]:
        """``use`` (the store's writer), each outermost use by a task timed into ``writer``."""

        @asynccontextmanager
        async def timed() -> AsyncIterator[Any]:
            if INSIDE_WRITER.get():  # the task holds it already (a transaction's statements)
                async with use() as db:
                    yield db
                return
            asked = self.clock()
            async with use() as db:
                got, inside = self.clock(), INSIDE_WRITER.set(True)
                try:
                    yield db
                finally:
                    INSIDE_WRITER.reset(inside)
                    self.writer.append((asked, got, self.clock()))

        return timed

    def _timing_mover(self, mover: Callable[[], Any]) -> Callable[[], Any]:
        """``mover`` (a guarded write's connection: a mover on PostgreSQL), each use timed into ``movers``."""

        @asynccontextmanager
        async def timed() -> AsyncIterator[Any]:
            asked = self.clock()
            async with mover() as db:
                got = self.clock()
                try:
                    yield db
                finally:
                    self.movers.append((asked, got, self.clock()))

        return timed

    def _drawing(self, submit: Callable[..., concurrent.futures.Future]) -> Callable[..., concurrent.futures.Future]:
        def drawing(*args: Any, **kwargs: Any) -> concurrent.futures.Future:
            done = submit(*args, **kwargs)
            if (handling := HANDLING.get()) is not None:
                done.add_done_callback(lambda _: self.note(handling, "drawn", again=True, until="answering"))
            return done

        return drawing

    def note(self, interaction_id: int, moment: str, *, again: bool = False, until: str | None = None) -> None:
        """``moment`` of an interaction now (``again``: the latest such moment counts; ``until``: not once that
        moment has come, as a picture a redraw asked for after the answer)."""
        seen = self.moments.get(interaction_id)
        if seen is not None and (again or moment not in seen) and (until is None or until not in seen):
            seen[moment] = self.clock()

    def arrived(self, interaction: discord.Interaction) -> None:
        self.kinds[interaction.id] = interaction.type.value
        self.moments[interaction.id] = {"frame": self._frame or self.clock(), "parsed": self.clock()}
        self._frame = 0.0

    def answer_moment(self, path: str, moment: str) -> None:
        """``moment`` of the interaction whose callback ``path`` is (other requests are not answers)."""
        if (callback := CALLBACK.search(path)) is not None:
            self.note(int(callback[1]), moment)

    async def _request_started(self, session: Any, context: Any, params: Any) -> None:
        if params.method == "POST":
            self.answer_moment(params.url.path, "answering")

    async def _request_ended(self, session: Any, context: Any, params: Any) -> None:
        if params.method == "POST" and params.response.status < 400:
            self.answer_moment(params.url.path, "answered")

    async def _start_sampler(self) -> None:
        if self._sampler is None:
            self._sampler = asyncio.create_task(self._sample_lag())

    def close(self) -> None:
        """Stop looking at the loop's lag and the garbage collections."""
        self.pauses.stop()
        if self._sampler is not None:
            self._sampler.cancel()

    async def _sample_lag(self) -> None:
        while True:
            asked = self.clock()
            await asyncio.sleep(LAG_EVERY)
            woke = self.clock()
            self.lags.append((woke, max(0.0, woke - asked - LAG_EVERY)))

    def write(self, path: Path) -> None:
        """The record as JSON: ``{"interactions": [{"id", "type", "frame", "parsed", "answering", "answered"}…],
        "lags": [[when, seconds late]…], "writer": [[asked, got, given back]…], "movers": [the same]…,
        "gc": [[generation, began, ended, cpu]…]}``."""
        rows = [{"id": n, "type": self.kinds.get(n, 0), **seen} for n, seen in self.moments.items()]
        record = {
            "interactions": rows,
            "lags": self.lags,
            "writer": self.writer,
            "movers": self.movers,
            "gc": self.pauses.collections,
        }
        path.write_text(json.dumps(record), encoding="utf-8")


@dataclass(frozen=True)
class Record:
    """A record written by :meth:`AnswerTimings.write`, read back."""

    moments: dict[int, dict[str, float]]  # each interaction's moments, by its id
    lags: list[tuple[float, float]]  # each look at the loop: when, and how late it woke up
    writer: list[tuple[float, float, float]]
    collections: list[tuple[int, float, float, float]]  # each garbage collection: generation, began, ended, CPU
    movers: list[tuple[float, float, float]] = field(default_factory=list)  # each guarded write's connection


def read(path: Path) -> Record:
    record = json.loads(path.read_text(encoding="utf-8"))
    moments = {
        int(row["id"]): {m: float(row[m]) for m in (*MOMENTS, *ON_THE_WAY) if m in row}
        for row in record["interactions"]
    }
    return Record(
        moments,
        [(when, late) for when, late in record["lags"]],
        [tuple(use) for use in record["writer"]],
        [(int(generation), began, ended, cpu) for generation, began, ended, cpu in record["gc"]],
        [tuple(use) for use in record.get("movers", [])],  # none from a checkout before the movers
    )
