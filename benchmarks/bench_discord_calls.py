"""Benchmark (not a test): the CPU a process spends on each kind of Discord call a move makes, through discord.py and
aiohttp, on asyncio's own event loop and on uvloop's (``ParlorBot.run`` uses uvloop).

    .venv/bin/python -m benchmarks.bench_discord_calls [--calls 300]

The local Discord is served by this process; the calls are made by a child process (a plain discord.py client, one
per event loop), which reads its own CPU time around each kind of call: posting a message with an embed, a button
and a 40 KB picture (as a table message or a hand panel is sent), editing it while keeping its picture (a redraw)
through discord.py's ``PartialMessage.edit`` and through Parlor's own edit (``bot/message_edits.py``: the same
request, Discord's answer not made a ``Message``), and deleting it (a replaced hand panel). The figures are the child's CPU per call, the server's not included.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import sys
import time
from collections.abc import Awaitable

import discord

from benchmarks.command_line import Option, read
from bot.message_edits import KeptAttachment, edit_message
from localdiscord import LocalDiscord
from localdiscord.server import point_discord_at

LOOPS = ("asyncio", "uvloop")
PICTURE_BYTES = 40_000  # about a hand panel's picture


def message(n: int) -> dict:
    embed = discord.Embed(title=f"Koi-Koi · month {n}", description="Each card takes:\n" + "• a line\n" * 12)
    embed.add_field(name="Latest", value="\n".join(f"line {i}" for i in range(8)), inline=False)
    embed.set_image(url="attachment://hand.png")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="My hand", custom_id=f"parlor:t:{n}:0:hand"))
    view.stop()  # finished: discord.py keeps no view waiting for it (as Parlor's panels)
    return {"content": f"Turn: <@{n}>", "embed": embed, "view": view}


async def calls(channel_id: int, count: int) -> dict[str, float]:
    """CPU microseconds per call of each kind, made ``count`` times one after the other."""
    client = discord.Client(intents=discord.Intents.none())
    await client.login("fake-token")
    channel = client.get_partial_messageable(channel_id)
    picture = random.Random(0).randbytes(PICTURE_BYTES)
    spent = {"post with picture": 0.0, "edit, picture kept": 0.0, "the same, Parlor's edit": 0.0, "delete": 0.0}

    async def timed(kind: str, call: Awaitable[discord.Message | None]) -> discord.Message | None:
        started = time.process_time()  # the call's coroutine runs only once awaited: all of it is counted
        result = await call
        spent[kind] += time.process_time() - started
        return result

    try:
        for n in range(count):
            sent, edited = message(n), message(n + 1)
            file = discord.File(io.BytesIO(picture), "hand.png")
            posted = await timed("post with picture", channel.send(**sent, file=file))
            assert posted is not None
            await timed("edit, picture kept", posted.edit(**edited, attachments=posted.attachments))
            kept = [KeptAttachment(a.to_dict()) for a in posted.attachments]  # as bot/message_edits.py answers
            await timed(
                "the same, Parlor's edit", edit_message(client, channel_id, posted.id, **sent, attachments=kept)
            )
            await timed("delete", posted.delete())
    finally:
        await client.close()
    return {kind: seconds * 1e6 / count for kind, seconds in spent.items()}


def child(url: str, channel_id: int, count: int, loop: str) -> None:
    point_discord_at(url)
    if loop == "uvloop":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    print(json.dumps(asyncio.run(calls(channel_id, count))))


async def measured(fake: LocalDiscord, count: int, loop: str) -> dict[str, float]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "benchmarks.bench_discord_calls",
        "--child",
        fake.base_url,
        str(fake.channel.id),
        str(count),
        loop,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"the {loop} client failed (exit {process.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1])


async def main(count: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {count} calls of each kind", flush=True)
    async with LocalDiscord() as fake:
        figures = {loop: await measured(fake, count, loop) for loop in LOOPS}
    print(f"{'CPU per call (µs)':22s}" + "".join(f"{loop:>10s}" for loop in LOOPS))
    for kind in figures[LOOPS[0]]:
        print(f"{kind:22s}" + "".join(f"{figures[loop][kind]:10.0f}" for loop in LOOPS))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        url, channel_id, count, loop = sys.argv[2:6]
        child(url, int(channel_id), int(count), loop)
    else:
        asyncio.run(main(read(__doc__, calls=Option(300, "calls of each kind")).calls))
