"""Benchmark (not a test): where the event loop's CPU of one Discord call goes, layer by layer.

    .venv/bin/python -m benchmarks.bench_call_layers [--calls 1000] [--rounds 2]

Two of a move's calls, each with a new 40 KB picture, an embed and a button (as ``benchmarks/bench_discord_calls.py``
makes them): the table message's edit (``PATCH /channels/{c}/messages/{m}``) and a click answered in place (its
interaction's callback, ``POST /interactions/{id}/{token}/callback``). They are sent to the local Discord served by
this process from a child process on uvloop, which reads its own CPU time around each call, through one layer more
each time:

- **bare connection**: the same request's bytes written on a plain asyncio connection and the answer read by a few
  lines of parsing, no HTTP library: the kernel's and the loop's share, the floor of any client;
- **aiohttp**: discord.py's session's ``request`` (its connector and options) with the body ready, the headers and
  query discord.py sends, the answer's text read as discord.py reads it;
- **+ hooks**: the same through Parlor's request hooks (``bot/http_hooks.py``: the global pacer, metrics, command sync);
- **+ discord.py**: ``HTTPClient.request`` (its rate-limit bucket, headers, the answer's JSON), or for the answer its
  webhook adapter's ``create_interaction_response`` (its route, its lock, the same reading);
- **+ Parlor**: ``bot/message_edits.py``'s ``edit_message`` or ``answer_in_place`` (discord.py's encoding of the
  message, the multipart body built once, the answer read).

A call refused by the local Discord stops the run: a refusal is not what is measured.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import discord
from discord.http import MultipartParameters
from discord.webhook.async_ import async_context, interaction_message_response_params
from yarl import URL

from benchmarks.bench_discord_calls import NEVER_HELD, WARM_UP, bot_client, bot_trace, clicks_on_panels, fields
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
            assert self.received.startswith(b"HTTP/1.1 2"), "the call was refused (a refusal is not what is measured)"
            body = bytes(self.received[end + 4 : end + 4 + length])
            del self.received[: end + 4 + length]
            self.answer.set_result(body)

    async def call(self, request: list[bytes]) -> bytes:
        assert self.transport is not None
        self.answer = asyncio.get_running_loop().create_future()
        self.transport.writelines(request)
        return await self.answer


def bare_request(method: str, url: URL, headers: dict[str, str], body: Any) -> list[bytes]:
    """A request's bytes in HTTP/1.1: its line, its headers, its body."""
    data = body._value  # the ready body's bytes (aiohttp's BytesPayload keeps them there)
    lines = [f"{method} {url.raw_path_qs} HTTP/1.1", f"Host: {url.raw_host}:{url.port}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines += [f"Content-Type: {body.content_type}", f"Content-Length: {len(data)}"]
    return [("\r\n".join(lines) + "\r\n\r\n").encode(), data]


@dataclass(frozen=True)
class Given:
    """What one call sends, made before its clock starts: the message's fields (Parlor's layer encodes them), their
    body ready (for the layers below it), and the click it answers (answers only)."""

    shown: dict[str, Any]
    body: Any
    click: discord.Interaction | None


Call = Callable[[Given], Awaitable[Any]]


def clicked(given: Given) -> discord.Interaction:
    assert given.click is not None, "an answer is given its click"
    return given.click


async def through(session: Any, method: str, url: URL, headers: dict[str, str], given: Given, **options: Any) -> None:
    """A request made with ``session``'s ``request`` as discord.py makes it, its answer read as discord.py reads it."""
    async with session.request(method, url, data=given.body, headers=headers, **options) as response:
        answer = await discord.http.json_or_text(response)
        assert response.status < 300, f"the call was refused (a refusal is not what is measured): {answer}"


async def table_edits(client: discord.Client, channel_id: int, message_id: int) -> dict[str, Call]:
    """The table message's edit through each of :data:`LAYERS`."""
    from bot.message_edits import edit_message

    http = client.http
    hooked = http._HTTPClient__session  # type: ignore[attr-defined]  # the session discord.py sends through
    route = discord.http.Route("PATCH", EDIT, channel_id=channel_id, message_id=message_id)
    url = URL(route.url)
    headers = {"User-Agent": http.user_agent, "Authorization": f"Bot {http.token}"}
    _, bare = await asyncio.get_running_loop().create_connection(BareConnection, url.raw_host or "", url.port or 80)
    return {
        "bare connection": lambda given: bare.call(bare_request("PATCH", url, headers, given.body)),
        "aiohttp": lambda given: through(hooked.session, "PATCH", url, headers, given),
        "+ hooks": lambda given: through(hooked, "PATCH", url, headers, given),
        "+ discord.py": lambda given: http.request(route, data=given.body),
        "+ Parlor": lambda given: edit_message(client, channel_id, message_id, **given.shown),
    }


async def answers(client: discord.Client) -> dict[str, Call]:
    """A click answered in place (its interaction's callback, UPDATE_MESSAGE) through each of :data:`LAYERS`: the
    interaction webhook's request, which carries no token of the bot's, asking for the message edited."""
    from bot.message_edits import answer_in_place
    from bot.multipart_body import BodyGiven

    hooked = client.http._HTTPClient__session  # type: ignore[attr-defined]  # (as above)
    adapter = async_context.get()
    nothing_built = MultipartParameters(payload=None, multipart=None, files=None)  # the body is given ready
    query = {"with_response": "1"}

    def url(click: discord.Interaction) -> URL:
        return URL(f"{discord.http.Route.BASE}/interactions/{click.id}/{click.token}/callback")

    base = URL(discord.http.Route.BASE)
    _, bare = await asyncio.get_running_loop().create_connection(BareConnection, base.raw_host or "", base.port or 80)
    return {
        "bare connection": lambda given: bare.call(
            bare_request("POST", url(clicked(given)).with_query(query), {}, given.body)
        ),
        "aiohttp": lambda given: through(hooked.session, "POST", url(clicked(given)), {}, given, params=query),
        "+ hooks": lambda given: through(hooked, "POST", url(clicked(given)), {}, given, params=query),
        "+ discord.py": lambda given: adapter.create_interaction_response(
            clicked(given).id, clicked(given).token, session=BodyGiven(hooked, given.body).given(), params=nothing_built
        ),
        "+ Parlor": lambda given: answer_in_place(clicked(given), **given.shown),
    }


def edit_body(n: int) -> Any:
    """A table edit's ready body (discord.py's encoding of the message's fields)."""
    from bot.multipart_body import ready_body

    with discord.http.handle_message_parameters(**fields(n)) as params:
        return ready_body(params)


def answer_body(n: int) -> Any:
    """An answer in place's ready body (discord.py's encoding of the UPDATE_MESSAGE callback)."""
    from bot.multipart_body import ready_body

    update = discord.InteractionResponseType.message_update.value
    with interaction_message_response_params(type=update, **fields(n)) as params:
        return ready_body(params)


async def timed(
    calls: dict[str, Call], count: int, body: Callable[[int], Any], click: Callable[[], discord.Interaction | None]
) -> dict[str, float]:
    """CPU microseconds of a call through each layer of ``calls`` (medians of ``count``), the layers taking turns."""
    spent: dict[str, list[float]] = {layer: [] for layer in LAYERS}
    for n in range(count + WARM_UP):
        for layer, call in calls.items():
            given = Given(fields(n), body(n), click())
            started = time.process_time()
            await call(given)
            if n >= WARM_UP:
                spent[layer].append(time.process_time() - started)
    return {layer: statistics.median(times) * 1e6 for layer, times in spent.items()}


async def layers(count: int, channel_id: int, message_id: int, clicks: list[Any]) -> dict[str, dict[str, float]]:
    """CPU microseconds of each kind of call through each of :data:`LAYERS`: ``clicks`` (interactions' payloads, one
    for each answer of each layer) answered in place, the table message ``message_id`` edited."""
    from bot.global_limit import GlobalPacer

    client = await bot_client(bot_trace(GlobalPacer(NEVER_HELD)))
    payloads = iter(clicks)
    try:
        edits = await table_edits(client, channel_id, message_id)
        answered = await answers(client)
        return {
            "table edit": await timed(edits, count, edit_body, lambda: None),
            "answer in place": await timed(
                answered, count, answer_body, lambda: discord.Interaction(data=next(payloads), state=client._connection)
            ),
        }
    finally:
        await client.close()


def child(url: str, setup: str) -> None:
    point_discord_at(url)
    import uvloop

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    given = json.loads(Path(setup).read_text())
    figures = asyncio.run(layers(given["count"], given["channel"], given["message"], given["clicks"]))
    print(json.dumps(figures))


async def main(count: int, rounds: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {count} calls a layer per run", flush=True)
    runs = []
    async with LocalDiscord(ack_deadline=3600.0) as fake:
        table = await fake.create_message(fake.channel, {"content": "the table"}, [])
        with tempfile.TemporaryDirectory() as folder:
            setup = Path(folder) / "setup.json"
            for _ in range(rounds):
                clicks = await clicks_on_panels(fake, (count + WARM_UP) * len(LAYERS))
                setup.write_text(
                    json.dumps({"count": count, "channel": fake.channel.id, "message": table.id, "clicks": clicks})
                )
                command = [sys.executable, "-m", "benchmarks.bench_call_layers", "--child", fake.base_url, str(setup)]
                run = await asyncio.to_thread(subprocess.run, command, stdout=subprocess.PIPE, check=True)
                runs.append(json.loads(run.stdout.decode().strip().splitlines()[-1]))
    for kind in runs[0]:
        print(f"{kind + ': CPU per call (µs)':34s}{'runs':>16s}{'layer':>10s}")
        below = [0.0] * rounds
        for layer in LAYERS:
            figures = [run[kind][layer] for run in runs]
            own = statistics.median(f - b for f, b in zip(figures, below, strict=True))
            print(f"{'  ' + layer:34s}{' / '.join(f'{f:.0f}' for f in figures):>16s}{own:>10.0f}")
            below = figures


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:4])
    else:
        options = read(__doc__, calls=1000, rounds=2)
        asyncio.run(main(options.calls, options.rounds))
