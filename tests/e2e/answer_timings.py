"""A bot process's own timings of its answers, for a benchmark (``PARLOR_TEST_TIMINGS=FILE``, read by
``tests/e2e/bot_process.py``): where the time from a player's click to its answer goes, seen from inside the bot.

For each interaction, four moments on ``time.monotonic()`` (Linux's ``CLOCK_MONOTONIC``, one clock for every
process of the machine, so the driver's own moments of the same interaction can be set beside them):

- ``frame``: the gateway frame was read off the websocket (discord.py dispatches ``socket_event_type`` as it reads
  one, before it decodes it into objects);
- ``parsed``: discord.py built the ``Interaction`` (and the ``Message`` clicked) and dispatched it;
- ``answering``: the answer's request (``POST /interactions/{id}/{token}/callback``) started;
- ``answered``: Discord's reply to it arrived.

And the event loop's lag: every ``LAG_EVERY`` seconds a sleeper notes how much later than asked it woke up.

Only interaction ids, their type number and these times are kept: never a custom_id (which may name a card of a
hand), a token, a user or a payload. Recording costs the loop a dictionary write per moment and one wake-up per
``LAG_EVERY``; it changes nothing the bot sends.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.main import ParlorBot

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
LAG_EVERY = 0.05  # seconds between two looks at the loop's lag
MOMENTS = ("frame", "parsed", "answering", "answered")


@dataclass
class AnswerTimings:
    """What one bot process records; :meth:`install` hooks it in, :meth:`write` saves it."""

    clock: Callable[[], float] = time.monotonic
    moments: dict[int, dict[str, float]] = field(default_factory=dict)  # interaction id → moment → time
    kinds: dict[int, int] = field(default_factory=dict)  # interaction id → its type (2 a command, 3 a click…)
    lags: list[float] = field(default_factory=list)  # seconds the loop woke up late, one per look
    _frame: float = 0.0  # when the last INTERACTION_CREATE frame was read
    _sampler: asyncio.Task[None] | None = None

    def install(self, bot: ParlorBot) -> None:
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

    def arrived(self, interaction: discord.Interaction) -> None:
        self.kinds[interaction.id] = interaction.type.value
        self.moments[interaction.id] = {"frame": self._frame or self.clock(), "parsed": self.clock()}
        self._frame = 0.0

    def answer_moment(self, path: str, moment: str) -> None:
        """``moment`` of the interaction whose callback ``path`` is (other requests are not answers)."""
        if (callback := CALLBACK.search(path)) is not None:
            seen = self.moments.get(int(callback[1]))
            if seen is not None and moment not in seen:
                seen[moment] = self.clock()

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
        """Stop looking at the loop's lag."""
        if self._sampler is not None:
            self._sampler.cancel()

    async def _sample_lag(self) -> None:
        while True:
            asked = self.clock()
            await asyncio.sleep(LAG_EVERY)
            self.lags.append(max(0.0, self.clock() - asked - LAG_EVERY))

    def write(self, path: Path) -> None:
        """The record as JSON: ``{"interactions": [{"id", "type", "frame", "parsed", "answering", "answered"}…],
        "lags": [seconds…]}``."""
        rows = [{"id": n, "type": self.kinds.get(n, 0), **seen} for n, seen in self.moments.items()]
        path.write_text(json.dumps({"interactions": rows, "lags": self.lags}), encoding="utf-8")


def read(path: Path) -> tuple[dict[int, dict[str, float]], list[float]]:
    """A record written by :meth:`AnswerTimings.write`: each interaction's moments by id, and the loop's lags."""
    record = json.loads(path.read_text(encoding="utf-8"))
    moments = {int(row["id"]): {m: float(row[m]) for m in MOMENTS if m in row} for row in record["interactions"]}
    return moments, [float(lag) for lag in record["lags"]]
