"""The local Discord's gateway honours the connection's query string as Discord's docs describe it (events/gateway,
"Connecting" and "Transport Compression"): with ``compress=zlib-stream`` every message is a binary frame, the next
part of one zlib stream per connection, ending in ``Z_SYNC_FLUSH``; without it, JSON text frames; a version or an
encoding it does not speak is refused with a close code."""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest

from localdiscord import LocalDiscord, run_client

ZLIB_SUFFIX = b"\x00\x00\xff\xff"
IDENTIFY = {"op": 2, "d": {"token": "x", "intents": 1 << 9, "properties": {}}}


@pytest.fixture
async def fake() -> AsyncIterator[LocalDiscord]:
    world = LocalDiscord()
    await world.start()
    try:
        yield world
    finally:
        await world.stop()


async def frames(ws: aiohttp.ClientWebSocketResponse, count: int) -> list[aiohttp.WSMessage]:
    return [await asyncio.wait_for(ws.receive(), 5) for _ in range(count)]


async def test_zlib_stream_frames_are_binary_parts_of_one_stream_each_sync_flushed(fake: LocalDiscord):
    fake.add_user("alice")
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream")
        hello = await frames(ws, 1)
        await ws.send_json(IDENTIFY)
        ready_and_guild = await frames(ws, 2)  # READY, then the guild's GUILD_CREATE
        await fake.dispatch("MESSAGE_CREATE", {"guild_id": str(fake.guild.id), "content": "hi"}, intent=1 << 9)
        await ws.send_json({"op": 1, "d": 3})
        later = await frames(ws, 2)  # the dispatch and the heartbeat's ACK
        await ws.close()
    inflate = zlib.decompressobj()  # ONE context for the whole connection, as Discord's docs ask
    received = []
    for message in hello + ready_and_guild + later:
        assert message.type == aiohttp.WSMsgType.BINARY, message
        assert message.data.endswith(ZLIB_SUFFIX)
        received.append(json.loads(inflate.decompress(message.data)))
    assert received[0]["op"] == 10 and "heartbeat_interval" in received[0]["d"]
    assert [frame.get("t") for frame in received[1:3]] == ["READY", "GUILD_CREATE"]
    assert {(frame["op"], frame.get("t")) for frame in received[3:]} == {(0, "MESSAGE_CREATE"), (11, None)}
    # the stream really is shared: a later message alone does not inflate without what came before
    with pytest.raises(zlib.error):
        zlib.decompressobj().decompress(later[0].data)


async def test_without_compress_the_frames_are_json_text(fake: LocalDiscord):
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(fake.gateway_url + "?v=10&encoding=json")
        hello = await frames(ws, 1)
        await ws.send_json(IDENTIFY)
        ready = await frames(ws, 1)
        await ws.close()
    assert [message.type for message in hello + ready] == [aiohttp.WSMsgType.TEXT] * 2
    assert json.loads(hello[0].data)["op"] == 10
    assert json.loads(ready[0].data)["t"] == "READY"


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("?encoding=json", 4012),  # no version: Discord's default is not v10, the only one the fake speaks
        ("?v=9&encoding=json", 4012),
        ("?v=10", 4002),  # encoding is a required parameter
        ("?v=10&encoding=etf", 4002),  # valid on Discord, not emulated: refused rather than answered in JSON
        ("?v=10&encoding=json&compress=zstd-stream", 4002),
        ("?v=10&encoding=json&compress=gzip", 4002),
        ("?v=10&encoding=json&compress=" + "é" * 200, 4002),  # named in a reason cut to a close frame's 123 bytes
    ],
)
async def test_a_query_the_fake_does_not_serve_is_refused_with_a_close_code(fake: LocalDiscord, query: str, code: int):
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(fake.gateway_url + query)
        message = await asyncio.wait_for(ws.receive(), 5)
    assert message.type == aiohttp.WSMsgType.CLOSE and message.data == code, message
    assert "localdiscord" in message.extra
    assert not fake.gateway.sessions


async def test_resume_on_a_new_connection_starts_a_new_stream(fake: LocalDiscord):
    url = fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(url)
        inflate = zlib.decompressobj()
        inflate.decompress((await frames(first, 1))[0].data)  # HELLO: the stream's first part
        await first.send_json(IDENTIFY)
        ready = json.loads(inflate.decompress((await frames(first, 1))[0].data))
        await first.close(code=4000)  # not 1000: the session stays, as on Discord
        second = await http.ws_connect(url)
        await second.send_json({"op": 6, "d": {"token": "x", "session_id": ready["d"]["session_id"], "seq": 1}})
        fresh = zlib.decompressobj()  # each connection has its own context
        replies = [json.loads(fresh.decompress(m.data)) for m in await frames(second, 3)]
        await second.close()
    assert replies[0]["op"] == 10
    assert [reply.get("t") for reply in replies[1:]] == ["GUILD_CREATE", "RESUMED"]  # the missed one, replayed


async def test_discord_py_asks_for_zlib_stream_and_reads_it(fake: LocalDiscord):
    fake.patch_discord()
    fake.add_user("alice")
    bot = discord.Client(intents=discord.Intents.default(), chunk_guilds_at_startup=False)
    async with run_client(fake, bot):
        links = [session.link for session in fake.gateway.sessions.values()]
        assert [link is not None and link.compressed for link in links] == [True]
        guild = bot.get_guild(fake.guild.id)  # READY and GUILD_CREATE came through the stream
        assert guild is not None and guild.get_channel(fake.channel.id) is not None
        assert guild.member_count == len(fake.guild.member_ids) + 2  # alice, the owner and the bot
