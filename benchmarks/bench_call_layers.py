"""Benchmark (not a test): where the event loop's CPU of one Discord call goes, layer by layer.

    .venv/bin/python -m benchmarks.bench_call_layers [--calls 2000] [--rounds 2]

The call is a move's table edit (``PATCH /channels/{c}/messages/{m}`` with a new 40 KB picture, an embed and a button,
as ``benchmarks/bench_discord_calls.py`` makes it), sent to the local Discord served by this process from a child
process on uvloop, which reads its own CPU time around each call, through one layer more each time:

- **bare connection**: the same request's bytes written on a plain asyncio connection and the answer read by a few
  lines of parsing, no HTTP library: the kernel's and the loop's share, the floor of any client;
- **aiohttp**: discord.py's session's ``request`` (its connector and options) with the body ready, the headers
  discord.py sends, the answer's text read as discord.py reads it;
- **+ hooks**: the same through Parlor's request hooks (``bot/http_hooks.py``: the global pacer, metrics, command sync);
- **+ discord.py**: ``HTTPClient.request`` (its rate-limit bucket, headers, the answer's JSON);
- **+ Parlor**: ``bot/message_edits.py``'s ``edit_message`` (discord.py's encoding of the message, the multipart body
  built once, the answer read).

The layers take turns call by call (one of each, then the next round), so the machine's other work weighs on all of
them alike; a layer's figure is its calls' median, the difference between two rows that layer's cost.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import discord
from yarl import URL

from benchmarks.bench_discord_calls import NEVER_HELD, WARM_UP, bot_client, bot_trace, fields
from benchmarks.command_line import read
from localdiscord import LocalDiscord
from localdiscord.server import point_discord_at

LAYERS = ("bare connection", "aiohttp", "+ hooks", "+ discord.py", "+ Parlor")
EDIT = "/channels/{channel_id}/messages/{message_id}"


class BareConnection(asyncio.Protocol):
    """One keep-alive connection: a request's bytes written as they are, its answer read by its ``Content-Length``."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.received = bytearray()
        self.answer: asyncio.Future[bytes] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (uvloop's transports are of no asyncio class)

    def data_received(self, data: bytes) -> None:
        self.received += data
        end = self.received.find(b"\r\n\r\n")
        if end < 0 or self.answer is None:
            return
        head = bytes(self.received[:end]).lower()
        length = int(head.split(b"content-length:")[1].split(b"\r\n")[0])  # the local Discord always sends it
        if len(self.received) >= end + 4 + length:
            body = bytes(self.received[end + 4 : end + 4 + length])
            del self.received[: end + 4 + length]
            self.answer.set_result(body)

    async def call(self, request: list[bytes]) -> bytes:
        assert self.transport is not None
        self.answer = asyncio.get_running_loop().create_future()
        self.transport.writelines(request)
        return await self.answer


def bare_request(url: URL, headers: dict[str, str], body: Any) -> list[bytes]:
    """The PATCH's bytes as an HTTP/1.1 request: its line, its headers, its body."""
    data = body._value  # the ready body's bytes (aiohttp's BytesPayload keeps them there)
    lines = [f"PATCH {url.raw_path_qs} HTTP/1.1", f"Host: {url.raw_host}:{url.port}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines += [f"Content-Type: {body.content_type}", f"Content-Length: {len(data)}"]
    return [("\r\n".join(lines) + "\r\n\r\n").encode(), data]


async def layers(count: int, channel_id: int, message_id: int) -> dict[str, float]:
    """CPU microseconds of one table edit through each of :data:`LAYERS` (medians of ``count`` calls each)."""
    from bot.global_limit import GlobalPacer
    from bot.message_edits import edit_message
    from bot.multipart_body import ready_body

    client = await bot_client(bot_trace(GlobalPacer(NEVER_HELD)))
    http = client.http
    hooked = http._HTTPClient__session  # type: ignore[attr-defined]  # the session discord.py sends through
    route = discord.http.Route("PATCH", EDIT, channel_id=channel_id, message_id=message_id)
    url = URL(route.url)
    headers = {"User-Agent": http.user_agent, "Authorization": f"Bot {http.token}"}
    loop = asyncio.get_running_loop()
    _, bare = await loop.create_connection(BareConnection, url.raw_host or "", url.port or 80)

    async def through(session: Any, body: Any) -> None:
        async with session.request("PATCH", url, data=body, headers=headers) as response:
            await discord.http.json_or_text(response)

    calls: dict[str, Callable[[dict[str, Any], Any], Awaitable[Any]]] = {
        "bare connection": lambda shown, body: bare.call(bare_request(url, headers, body)),
        "aiohttp": lambda shown, body: through(hooked.session, body),
        "+ hooks": lambda shown, body: through(hooked, body),
        "+ discord.py": lambda shown, body: http.request(route, data=body),
        "+ Parlor": lambda shown, body: edit_message(client, channel_id, message_id, **shown),
    }
    spent: dict[str, list[float]] = {layer: [] for layer in LAYERS}
    try:
        for n in range(count + WARM_UP):
            for layer, call in calls.items():
                # what is sent, built before the clock starts: the fields (Parlor's layer encodes them) and
                # their body (for the layers below, which are given it ready)
                shown = fields(n)
                with discord.http.handle_message_parameters(**fields(n)) as params:
                    body = ready_body(params)
                started = time.process_time()
                await call(shown, body)
                if n >= WARM_UP:
                    spent[layer].append(time.process_time() - started)
    finally:
        await client.close()
    return {layer: statistics.median(times) * 1e6 for layer, times in spent.items()}


def child(url: str, setup: str) -> None:
    point_discord_at(url)
    import uvloop

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    given = json.loads(Path(setup).read_text())
    print(json.dumps(asyncio.run(layers(given["count"], given["channel"], given["message"]))))


async def main(count: int, rounds: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {count} calls a layer per run", flush=True)
    runs = []
    async with LocalDiscord(ack_deadline=3600.0) as fake:
        table = await fake.create_message(fake.channel, {"content": "the table"}, [])
        with tempfile.TemporaryDirectory() as folder:
            setup = Path(folder) / "setup.json"
            setup.write_text(json.dumps({"count": count, "channel": fake.channel.id, "message": table.id}))
            for _ in range(rounds):
                command = [sys.executable, "-m", "benchmarks.bench_call_layers", "--child", fake.base_url, str(setup)]
                run = await asyncio.to_thread(subprocess.run, command, stdout=subprocess.PIPE, check=True)
                runs.append(json.loads(run.stdout.decode().strip().splitlines()[-1]))
    print(f"{'CPU per call (µs)':18s}{'runs':>16s}{'layer':>10s}")
    below = [0.0] * rounds
    for layer in LAYERS:
        figures = [run[layer] for run in runs]
        own = statistics.median(f - b for f, b in zip(figures, below, strict=True))
        print(f"{layer:18s}{' / '.join(f'{f:.0f}' for f in figures):>16s}{own:>10.0f}")
        below = figures


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:4])
    else:
        options = read(__doc__, calls=2000, rounds=2)
        asyncio.run(main(options.calls, options.rounds))
