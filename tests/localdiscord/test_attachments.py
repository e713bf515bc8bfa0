"""Files on messages as Discord treats them, driven by discord.py: uploaded only as multipart, an embed's
``attachment://name`` naming a file of the request (uploaded, or of the message and listed in ``attachments``),
an edit without ``attachments`` keeping the files, a list of them keeping only those, within the upload limit and
ten files a message."""

from __future__ import annotations

import io

import aiohttp
import discord
import pytest
from discord.ext import commands

from localdiscord import LocalDiscord, run_client
from localdiscord.validation import MAX_FILE_BYTES


def picture(name: str, data: bytes = b"png-bytes") -> discord.File:
    return discord.File(io.BytesIO(data), name)


def shown(embed_image: str) -> discord.Embed:
    return discord.Embed(title="table").set_image(url=f"attachment://{embed_image}")


@pytest.fixture
async def channel():
    async with LocalDiscord() as fake:
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), chunk_guilds_at_startup=False)
        async with run_client(fake, bot) as run:
            yield fake, run.client.get_channel(fake.channel.id)


async def test_an_embed_shows_a_file_sent_with_it_and_an_edit_keeps_or_replaces_the_file(channel):
    fake, chan = channel
    sent = await chan.send(embed=shown("table.png"), file=picture("table.png", b"first"))
    stored = fake.messages[sent.id]
    assert [(a.filename, a.data) for a in stored.attachments] == [("table.png", b"first")]

    await sent.edit(content="a move")  # no attachments listed, no embed sent: the file stays
    assert [a.data for a in stored.attachments] == [b"first"]
    await sent.edit(
        embed=shown("table.png").add_field(name="Latest", value="a move"), attachments=sent.attachments
    )  # the file kept, listed: the embed may show it
    assert [a.data for a in stored.attachments] == [b"first"] and stored.embeds[0]["fields"]

    await sent.edit(embed=shown("table.png"), attachments=[picture("table.png", b"second")])
    assert [a.data for a in stored.attachments] == [b"second"]

    await sent.edit(embed=discord.Embed(title="closed"), attachments=[])
    assert stored.attachments == []


async def test_an_embed_naming_a_file_the_message_does_not_hold_is_refused(channel):
    fake, chan = channel
    with pytest.raises(discord.HTTPException) as refused:
        await chan.send(embed=shown("table.png"), file=picture("other.png"))
    assert refused.value.status == 400 and "attachment://table.png" in str(refused.value)
    sent = await chan.send(embed=shown("table.png"), file=picture("table.png"))
    with pytest.raises(discord.HTTPException):
        await sent.edit(embed=shown("table.png"), attachments=[])  # removes the file the embed shows
    with pytest.raises(discord.HTTPException) as unlisted:
        await sent.edit(embed=shown("table.png"))  # the file not listed: the docs promise the embed nothing
    assert unlisted.value.status == 400 and "attachment://table.png" in str(unlisted.value)
    assert [a.filename for a in fake.messages[sent.id].attachments] == ["table.png"]
    assert fake.messages[sent.id].embeds[0]["image"]["url"] == "attachment://table.png"


async def test_files_over_the_upload_limit_or_more_than_ten_are_refused(channel):
    fake, chan = channel
    with pytest.raises(discord.HTTPException) as too_big:
        await chan.send(file=picture("big.png", b"x" * (MAX_FILE_BYTES + 1)))
    assert too_big.value.status == 413 and too_big.value.code == 40005
    with pytest.raises(discord.HTTPException) as too_many:
        await chan.send(files=[picture(f"{i}.png") for i in range(11)])
    assert too_many.value.status == 400
    assert len((await chan.send(files=[picture(f"{i}.png") for i in range(10)])).attachments) == 10


async def test_a_json_body_cannot_carry_a_file(channel):
    fake, _ = channel
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"{fake.api_base}/channels/{fake.channel.id}/messages",
            json={"content": "x", "attachments": [{"id": 0, "filename": "table.png"}]},
        ) as answer:
            assert answer.status == 400 and "attachments" in (await answer.json())["errors"]


async def test_a_multipart_nested_in_a_part_is_refused(channel):
    """Discord reads flat form parts (``payload_json``, ``files[n]``); a multipart inside one is a bad form."""
    fake, _ = channel
    inner = aiohttp.MultipartWriter("mixed")
    inner.append("hello")
    body = aiohttp.MultipartWriter("form-data")
    body.append_json({"content": "x"}).set_content_disposition("form-data", name="payload_json")
    body.append(inner).set_content_disposition("form-data", name="files[0]", filename="a.png")
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{fake.api_base}/channels/{fake.channel.id}/messages", data=body) as answer:
            assert answer.status == 400 and (await answer.json())["code"] == 50035
    assert fake.channel.messages == []
