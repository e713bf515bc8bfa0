"""Benchmark (not a test): the event loop's CPU to receive one click, and one ``/hand``, up to the table manager.

    .venv/bin/python -m benchmarks.bench_click_receipt [--clicks 3000] [--rounds 5]

A Koi-Koi table is opened and started through the local Discord, the host opens ``/hand``; then the gateway frame of
a click on that panel's first move (and of a ``/hand``), as the local Discord sends it, is received again and again
by the running bot, the table manager's ``act`` (``show_hand``) replaced by a stub that only counts, so nothing is
played and no answer is sent. Printed per interaction, CPU µs of the loop's thread (``time.thread_time``, so waits
for a core on a busy machine are left out), the median of ``--rounds`` rounds:

- **decode**: the frame's JSON into Python objects (discord.py's ``utils._from_json``, orjson);
- **inflate**: the frame's ``zlib-stream`` inflation by discord.py's decompression context, the frame compressed as
  the local Discord sends it to discord.py (``localdiscord/transport.py``: one stream a connection, each message
  sync-flushed; the same frame again and again, so the stream holds many copies of it);
- **Interaction**: discord.py building the ``Interaction`` (for a click, with the ``Message`` clicked), and for
  comparison from the same click's payload without its ``message`` (what building that ``Message`` costs);
- **whole click / whole /hand**: inflate, decode, ``parse_interaction_create`` and every task it schedules (Parlor's
  ``on_interaction`` and its routing, or discord.py's command tree) until the table manager is called.

To compare with another checkout, copy this file out and run it from there with that checkout's Python.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import utils

from benchmarks.command_line import read
from localdiscord import FakeInteraction, LocalDiscord, run_client
from localdiscord.transport import ZlibStream
from tests.e2e.conftest import E2E_STRICTNESS, action_buttons, make_bot
from tests.e2e.shard_cluster import Table


def frame_of(fake: LocalDiscord, inter: FakeInteraction) -> str:
    """The gateway frame the local Discord sends for ``inter`` (localdiscord/gateway.py)."""
    return json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": 1, "d": fake.interaction_payload(inter)})


def per_call_us(work: Callable[[], Any], count: int) -> float:
    started = time.thread_time()
    for _ in range(count):
        work()
    return (time.thread_time() - started) / count * 1e6


def stream_of(frame: str, count: int) -> list[bytes]:
    """``count`` copies of ``frame`` as the parts of one connection's ``zlib-stream``, as the local Discord sends them."""
    stream = ZlibStream()
    return [stream.part(frame) for _ in range(count)]


def inflate_us(frame: str, count: int) -> float:
    """CPU µs for discord.py's decompression context (one a connection) to inflate one part of such a stream."""
    parts = stream_of(frame, count)
    inflate = utils._ActiveDecompressionContext()
    started = time.thread_time()
    for part in parts:
        inflate.decompress(part)
    return (time.thread_time() - started) / count * 1e6


async def whole_us(bot: Any, frame: str, stubbed: str, count: int) -> float:
    """CPU µs of the loop from a frame's inflation until the table manager's ``stubbed`` method is called, each frame
    received after the last one reached it."""
    reached = 0
    parts, inflate = stream_of(frame, count), utils._ActiveDecompressionContext()

    async def stub(*args: Any, **kwargs: Any) -> None:
        nonlocal reached
        reached += 1

    real = getattr(bot.tables, stubbed)
    setattr(bot.tables, stubbed, stub)
    try:
        started = time.thread_time()
        for n, part in enumerate(parts):
            text = inflate.decompress(part)  # as discord.py's gateway reads a compressed message, then hands it on
            assert text is not None, "every part ends a message"
            bot._connection.parse_interaction_create(utils._from_json(text)["d"])
            while reached <= n:
                await asyncio.sleep(0)
        return (time.thread_time() - started) / count * 1e6
    finally:
        setattr(bot.tables, stubbed, real)


async def main(clicks: int, rounds: int) -> None:
    async with LocalDiscord(strict=E2E_STRICTNESS) as fake:
        table = Table(fake.guild, (fake.add_user("host"), fake.add_user("guest")))
        bot = make_bot(fake, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        async with run_client(fake, bot):
            await table.open(bot.store, 600)
            host, guest = table.players
            panels = [(await user.slash("hand", _channel=table.channel)).message for user in (host, guest)]
            user, panel = next((u, p) for u, p in zip((host, guest), panels, strict=True) if p and action_buttons(p))
            assert panel is not None, "one player's panel offers a move"
            click = frame_of(fake, user.prepare_click(panel, action_buttons(panel)[0][1]))
            hand = frame_of(fake, host.prepare_slash("hand", _channel=table.channel))
            state, payload = bot._connection, utils._from_json(click)["d"]
            bare: Any = {key: value for key, value in payload.items() if key != "message"}
            figures: dict[str, list[float]] = {}
            for _ in range(rounds):
                for name, value in (
                    ("decode, a click", per_call_us(lambda: utils._from_json(click), clicks)),
                    ("inflate, a click", inflate_us(click, clicks)),
                    (
                        "Interaction, a click",
                        per_call_us(lambda: discord.Interaction(data=payload, state=state), clicks),
                    ),
                    (
                        "Interaction, the click without its message",
                        per_call_us(lambda: discord.Interaction(data=bare, state=state), clicks),
                    ),
                    ("whole click", await whole_us(bot, click, "act", clicks)),
                    ("whole /hand", await whole_us(bot, hand, "show_hand", clicks)),
                ):
                    figures.setdefault(name, []).append(value)
            print(
                f"frames: a click {len(click)} bytes, /hand {len(hand)} bytes; {clicks} each a round, {rounds} rounds"
            )
            for name, values in figures.items():
                print(f"{name}: {statistics.median(values):.1f} µs CPU (rounds {min(values):.1f}–{max(values):.1f})")


if __name__ == "__main__":
    arguments = read(__doc__, clicks=3000, rounds=5)
    asyncio.run(main(arguments.clicks, arguments.rounds))
