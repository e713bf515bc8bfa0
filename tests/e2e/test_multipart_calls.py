"""The bytes of a move's three Discord calls that upload a picture (the click answered in place, the other player's
panel edited through its token, the table message edited), as they leave discord.py's HTTP session for the local
Discord: a ``multipart/form-data`` body as Discord's docs describe it (reference, "Uploading Files": a
``payload_json`` part of type ``application/json`` whose ``attachments`` name each file by its index, and a
``files[n]`` part with its filename per file), sent again unchanged after a 429's ``retry_after``, and an edit Discord
refuses (404, 403) raised to the caller as before, not tried again."""

from __future__ import annotations

import io
import json
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest

from bot.message_edits import answer_in_place, edit_message, edit_original
from localdiscord import LocalDiscord
from localdiscord.models import FakeMessage

BUTTON = 2
PICTURE = random.Random(7).randbytes(30_000)  # a picture's bytes (never looked at as PNG on the way)


@dataclass
class Request:
    """A request as discord.py's session sent it: its method, path, headers and body bytes."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytearray = field(default_factory=bytearray)


@dataclass
class Part:
    headers: dict[str, str]
    content: bytes


def recorded(requests: list[Request]) -> aiohttp.TraceConfig:
    """A trace putting in ``requests`` each request sent, with every chunk of its body."""
    trace = aiohttp.TraceConfig()

    async def headers_sent(session: Any, context: Any, params: aiohttp.TraceRequestHeadersSentParams) -> None:
        requests.append(Request(params.method, params.url.path, dict(params.headers)))

    async def chunk_sent(session: Any, context: Any, params: aiohttp.TraceRequestChunkSentParams) -> None:
        requests[-1].body += params.chunk

    trace.on_request_headers_sent.append(headers_sent)
    trace.on_request_chunk_sent.append(chunk_sent)
    return trace


def form_parts(request: Request) -> list[Part]:
    """The parts of a ``multipart/form-data`` body, read strictly as RFC 7578 (and RFC 2046's delimiters) write it:
    the boundary of the Content-Type, CRLF line ends, a closing delimiter, a Content-Length of the body's size."""
    kind, _, boundary = request.headers["Content-Type"].partition("; boundary=")
    assert kind == "multipart/form-data" and boundary, request.headers
    assert int(request.headers["Content-Length"]) == len(request.body)
    body, dash = bytes(request.body), b"--" + boundary.encode()
    assert body.startswith(dash + b"\r\n") and body.endswith(b"\r\n" + dash + b"--\r\n"), body[:80] + body[-80:]
    parts = []
    for chunk in body[len(dash) + 2 : -len(dash) - 6].split(b"\r\n" + dash + b"\r\n"):
        head, blank, content = chunk.partition(b"\r\n\r\n")
        assert blank, chunk[:200]
        parts.append(Part(dict(line.split(": ", 1) for line in head.decode().split("\r\n")), content))
    return parts


def shown(n: int) -> dict[str, Any]:
    """What a panel or the table shows: an embed of its picture, a button, the picture uploaded anew."""
    embed = discord.Embed(title=f"Koi-Koi · month {n}").set_image(url="attachment://hand.png")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="My hand", custom_id=f"parlor:t:{n}:0:hand"))
    view.stop()
    return {
        "content": f"turn {n}",
        "embed": embed,
        "view": view,
        "attachments": [discord.File(io.BytesIO(PICTURE), "hand.png")],
    }


@dataclass
class Calls:
    """A discord.py client logged in to the local Discord, a player's click on their hand panel, the table message,
    and the requests the client sent."""

    fake: LocalDiscord
    client: discord.Client
    click: discord.Interaction
    panel: FakeMessage
    table: FakeMessage
    requests: list[Request]

    def made(self, path_end: str) -> list[Request]:
        return [r for r in self.requests if r.path.endswith(path_end)]


@pytest.fixture
async def calls(fake: LocalDiscord) -> AsyncIterator[Calls]:
    requests: list[Request] = []
    fake.patch_discord()
    client = discord.Client(intents=discord.Intents.none(), http_trace=recorded(requests))
    await client.login("a-token")
    player = fake.add_user("player")
    panel = await fake.create_message(fake.channel, {"content": "a hand panel"}, [], ephemeral_to=player.id)
    table = await fake.create_message(fake.channel, {"content": "the table"}, [])
    inter = fake.new_interaction(
        user_id=player.id,
        type=3,
        data={"custom_id": "parlor:t:1:0:hand", "component_type": BUTTON},
        channel=fake.channel,
        message=panel,
    )
    inter.dispatched_at = inter.last_activity = time.monotonic()  # as the gateway delivers it now
    inter.born = fake.clock.now()
    delivered: Any = fake.interaction_payload(inter)  # the gateway's INTERACTION_CREATE
    click = discord.Interaction(data=delivered, state=client._connection)
    try:
        yield Calls(fake, client, click, panel, table, requests)
    finally:
        await client.close()


async def answered_in_place(calls: Calls) -> Any:
    return await answer_in_place(calls.click, **shown(1))


async def panel_edited(calls: Calls) -> Any:
    await answer_in_place(calls.click, content="answered")  # the panel's answer, which its later edits edit
    return await edit_original(calls.click, **shown(2))


async def table_edited(calls: Calls) -> Any:
    return await edit_message(calls.client, calls.fake.channel.id, calls.table.id, **shown(3))


Call = Callable[[Calls], Awaitable[Any]]
# each call: how it is made, the end of its path, its route as the local Discord names it, the message it shows on
THREE_CALLS: list[tuple[Call, str, str, str]] = [
    (answered_in_place, "/callback", "POST /interactions/{interaction_id}/{token}/callback", "panel"),
    (panel_edited, "/messages/@original", "PATCH /webhooks/{app_id}/{token}/messages/{message_id}", "panel"),
    (table_edited, "", "PATCH /channels/{channel_id}/messages/{message_id}", "table"),
]
CALL_IDS = ["answer in place", "panel edit", "table edit"]


def path_end(calls: Calls, end: str) -> str:
    return end or f"/channels/{calls.fake.channel.id}/messages/{calls.table.id}"


@pytest.mark.parametrize(("call", "end", "route", "message"), THREE_CALLS, ids=CALL_IDS)
async def test_each_call_sends_a_multipart_body_as_discords_docs_describe(calls, call, end, route, message):
    await call(calls)
    [request] = calls.made(path_end(calls, end))
    payload_json, picture = form_parts(request)
    assert payload_json.headers == {
        "Content-Disposition": 'form-data; name="payload_json"',
        "Content-Type": "application/json",
    }
    assert picture.headers == {
        "Content-Disposition": 'form-data; name="files[0]"; filename="hand.png"',
        "Content-Type": "image/png",
    }
    assert picture.content == PICTURE
    sent = json.loads(payload_json.content)
    data = sent["data"] if end == "/callback" else sent  # a callback's message is its ``data``
    if end == "/callback":
        assert sent["type"] == 7  # UPDATE_MESSAGE: the clicked panel edited
    assert data["attachments"] == [{"id": 0, "filename": "hand.png"}]
    assert data["embeds"][0]["image"] == {"url": "attachment://hand.png"}
    held = calls.fake.messages[getattr(calls, message).id]
    assert [(a.filename, a.data) for a in held.attachments] == [("hand.png", PICTURE)]  # the local Discord read it


@pytest.mark.parametrize(("call", "end", "route", "message"), THREE_CALLS, ids=CALL_IDS)
async def test_a_429_is_waited_out_and_the_same_body_sent_once_more(calls, call, end, route, message):
    calls.fake.faults.fail_next(route, 1, 429, retry_after=0.2)
    started = time.monotonic()
    await call(calls)
    waited = time.monotonic() - started
    first, again = calls.made(path_end(calls, end))  # exactly one try more
    assert calls.fake.faults.served == [f"429 {route}"]
    assert waited >= 0.2  # discord.py waited the answer's retry_after before trying again
    assert again.body == first.body and again.headers["Content-Type"] == first.headers["Content-Type"]
    held = calls.fake.messages[getattr(calls, message).id]
    assert [(a.filename, a.data) for a in held.attachments] == [("hand.png", PICTURE)]


@pytest.mark.parametrize("status", [404, 403])
@pytest.mark.parametrize(("call", "end", "route", "message"), THREE_CALLS, ids=CALL_IDS)
async def test_a_refused_call_raises_as_discord_py_does_and_is_not_tried_again(
    calls, call, end, route, message, status
):
    calls.fake.faults.fail_next(route, 1, status)
    with pytest.raises(discord.NotFound if status == 404 else discord.Forbidden):
        await call(calls)
    assert len(calls.made(path_end(calls, end))) == 1  # an invalid request is not spent again
    assert not calls.fake.messages[getattr(calls, message).id].attachments  # nothing shown
