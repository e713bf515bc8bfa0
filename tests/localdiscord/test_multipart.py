"""The local Discord reads an upload's ``multipart/form-data`` body whole: the parts, names, file names, types and
bytes aiohttp's streaming reader gives for every well-formed form, and a bad form refused as Discord refuses one
(400, 50035), a body past the size limit as too large (413, 40005), with nothing posted."""

from __future__ import annotations

import json
from unittest import mock

import aiohttp
import pytest
from aiohttp.streams import StreamReader
from aiohttp.test_utils import make_mocked_request

from localdiscord import LocalDiscord
from localdiscord.errors import DiscordHTTPError
from localdiscord.multipart import FormPart, form_parts
from localdiscord.server import MAX_BODY_BYTES

BOUNDARY = "parlor-boundary"
FORM = f"multipart/form-data; boundary={BOUNDARY}"


def form(*parts: tuple[str, bytes], close: bool = True, preamble: bytes = b"") -> bytes:
    """A form body of ``parts`` (their header block, their bytes), as clients write it."""
    out = preamble
    for headers, data in parts:
        out += f"--{BOUNDARY}\r\n{headers}\r\n\r\n".encode() + data + b"\r\n"
    return out + (f"--{BOUNDARY}--\r\n".encode() if close else b"")


async def streamed(body: bytes, content_type: str) -> list[FormPart]:
    """What aiohttp's own streaming reader gives of the same body (the reading the fake used before)."""
    protocol = mock.Mock(_reading_paused=False)
    payload = StreamReader(protocol, 2**16, loop=mock.Mock())
    payload.feed_data(body)
    payload.feed_eof()
    request = make_mocked_request("POST", "/", headers={"Content-Type": content_type}, payload=payload)
    reader = await request.multipart()
    parts = []
    while (part := await reader.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        parts.append(FormPart(part.name, part.filename, part.headers.get("Content-Type"), bytes(await part.read())))
    return parts


async def written(writer: aiohttp.MultipartWriter) -> tuple[bytes, str]:
    """The bytes and Content-Type aiohttp's writer sends for ``writer`` (as discord.py's uploads go out)."""
    chunks: list[bytes] = []

    class Sink:
        async def write(self, data: bytes) -> None:
            chunks.append(bytes(data))

    await writer.write(Sink())  # type: ignore[arg-type]  # a stand-in writer: aiohttp calls only its write()
    return b"".join(chunks), writer.content_type


WELL_FORMED = [
    form(
        ('Content-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json', b'{"content": "x"}'),
        ('Content-Disposition: form-data; name="files[0]"; filename="hand.png"\r\nContent-Type: image/png', b"\x89PNG"),
        ('Content-Disposition: form-data; name="files[1]"; filename="table.png"', b"--not a boundary\r\n"),
    ),
    form(('Content-Disposition: form-data; name="files[0]"; filename="a;b.png"', b""), preamble=b"ignored\r\n"),
    form(("Content-Disposition: form-data; name=\"files[0]\"; filename*=utf-8''%E8%8A%B1.png", b"x" * 70_000)),
]


@pytest.mark.parametrize("body", WELL_FORMED)
async def test_a_well_formed_form_reads_as_aiohttps_reader_reads_it(body):
    assert form_parts(body, FORM) == await streamed(body, FORM)


async def test_a_form_written_by_aiohttp_reads_as_sent():
    writer = aiohttp.MultipartWriter("form-data")
    writer.append_json({"content": "花"}).set_content_disposition("form-data", name="payload_json")
    writer.append(b"\x00\r\n--picture", {"Content-Type": "image/png"}).set_content_disposition(
        "form-data", name="files[0]", filename="hand.png"
    )
    body, content_type = await written(writer)
    parts = form_parts(body, content_type)
    assert parts == await streamed(body, content_type)
    assert [(p.name, p.filename, p.data) for p in parts] == [
        ("payload_json", None, json.dumps({"content": "花"}).encode()),
        ("files[0]", "hand.png", b"\x00\r\n--picture"),
    ]


@pytest.mark.parametrize(
    "body",
    [
        form(('Content-Disposition: form-data; name="payload_json"', b"{}"), close=False),  # cut short
        b"no boundary at all",
        f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=x\r\n--{BOUNDARY}--\r\n".encode(),  # no blank line
        f"--{BOUNDARY}junk\r\n\r\n\r\n--{BOUNDARY}--\r\n".encode(),  # text after the boundary on its line
        form(("Content-Disposition form-data", b"")),  # a header line without a colon
        form(('Content-Type: multipart/mixed; boundary=inner\r\nContent-Disposition: form-data; name="files[0]"', b"")),
    ],
)
def test_a_bad_form_is_refused_as_an_invalid_form_body(body):
    with pytest.raises(DiscordHTTPError) as refused:
        form_parts(body, FORM)
    assert (refused.value.status, refused.value.code) == (400, 50035)


@pytest.mark.parametrize("content_type", ["multipart/form-data", f"multipart/form-data; boundary={'b' * 71}"])
def test_a_boundary_missing_or_over_70_characters_is_refused(content_type):
    with pytest.raises(DiscordHTTPError) as refused:
        form_parts(form(("Content-Disposition: form-data; name=payload_json", b"{}")), content_type)
    assert refused.value.status == 400


async def post(fake: LocalDiscord, body: bytes, content_type: str = FORM) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"{fake.api_base}/channels/{fake.channel.id}/messages",
            data=body,
            headers={"Content-Type": content_type, "Authorization": "Bot fake-token"},
        ) as answer:
            return answer.status, await answer.json()


async def test_a_cut_short_upload_posts_nothing_and_a_whole_one_posts_its_file():
    payload = ('Content-Disposition: form-data; name="payload_json"', b'{"content": "hi"}')
    picture = ('Content-Disposition: form-data; name="files[0]"; filename="t.png"', b"png")
    async with LocalDiscord() as fake:
        status, answer = await post(fake, form(payload, picture, close=False))
        assert (status, answer["code"]) == (400, 50035) and fake.channel.messages == []
        status, answer = await post(fake, form(payload, picture))
        assert status == 200 and [a["filename"] for a in answer["attachments"]] == ["t.png"]
        assert [(a.filename, a.data) for a in fake.messages[int(answer["id"])].attachments] == [("t.png", b"png")]


async def test_a_body_past_the_size_limit_is_refused_as_too_large():
    async with LocalDiscord() as fake:
        big = ('Content-Disposition: form-data; name="files[0]"; filename="t.png"', b"x" * MAX_BODY_BYTES)
        status, answer = await post(fake, form(big))
        assert (status, answer["code"]) == (413, 40005) and fake.channel.messages == []


@pytest.mark.parametrize(
    ("payload", "file_name", "code"),
    [
        (b"{not json", "files[0]", 50109),  # payload_json is not JSON: refused as a JSON body would be
        (b"\xff\xfe", "files[0]", 50109),  # nor text
        (b"[1, 2]", "files[0]", 50035),  # JSON, but not the body's object
        (b'{"content": "hi"}', "files[a]", 50035),  # a file part not named files[n]
        (b'{"content": "hi"}', "files[1", 50035),
        (b'{"content": "hi"}', "files[\u00b2]", 50035),  # a digit, but not an ASCII one
    ],
)
async def test_a_bad_payload_json_or_file_part_name_is_refused_not_a_server_error(payload, file_name, code):
    parts = (
        ('Content-Disposition: form-data; name="payload_json"', payload),
        (f'Content-Disposition: form-data; name="{file_name}"; filename="t.png"', b"png"),
    )
    async with LocalDiscord() as fake:
        status, answer = await post(fake, form(*parts))
        assert (status, answer["code"]) == (400, code) and fake.channel.messages == []
