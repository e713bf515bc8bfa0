"""A message call's ``multipart/form-data`` body, built once as bytes (Discord's docs, reference "Uploading Files").

discord.py hands aiohttp a ``FormData`` of the call's parts, built again on every attempt: aiohttp then makes a
payload object per part, works out each part's headers and size, and writes the body in seven or eight pieces, each
announced to the session's trace. The body is the same bytes every time, so :func:`ready_body` writes them once: the
``payload_json`` part (the message's JSON, its ``attachments`` naming each file by its index) and a ``files[n]`` part
per file, each with its ``Content-Disposition`` name and filename and its ``Content-Type``; aiohttp sends it in one
write, with its ``Content-Length``, on every attempt.

The requests still go through discord.py's own HTTP layer, so its rate-limit handling (buckets, a 429's
``retry_after``, the global limit, retries after a 5xx) stays the one there is:

- ``HTTPClient.request`` passes a ``data`` keyword on to aiohttp as it is: the ready body goes there.
- discord.py's webhook requests (interaction callbacks and the interaction's webhook) take no body of the caller's,
  only the parts to build one from, and send through the session they are given: :class:`BodyGiven` is that
  session, which sends the ready body in place of the none discord.py passes when it was given no parts.
"""

from __future__ import annotations

import secrets
from typing import Any, cast

import aiohttp
from aiohttp.payload import BytesPayload
from discord.http import MultipartParameters

CONTENT_TYPES = {".png": "image/png", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
OTHER_FILE = "application/octet-stream"


def ready_body(params: MultipartParameters) -> BytesPayload | None:
    """The body of a call made with ``params`` (discord.py's encoding of a message: the ``payload_json`` part it made
    of the message, with its ``attachments``, and the files), all its bytes at once; None without a file (the call's
    body is then the JSON alone, as discord.py sends it)."""
    if not params.files or not params.multipart:
        return None
    boundary = secrets.token_hex(16)  # random: never met inside a part (as aiohttp's own boundaries)
    dash = b"--" + boundary.encode() + b"\r\n"
    files = iter(params.files)
    pieces = []
    for part in params.multipart:
        pieces.append(dash)
        if part.get("filename") is None:  # payload_json: the message's JSON, already encoded
            pieces += [
                f'Content-Disposition: form-data; name="{part["name"]}"\r\nContent-Type: application/json\r\n\r\n'.encode(),
                str(part["value"]).encode(),
            ]
        else:
            file = next(files)
            file.reset()  # at its start, as discord.py puts it before each attempt
            pieces += [
                f'Content-Disposition: form-data; name="{part["name"]}"; filename="{quoted(file.filename)}"\r\n'
                f"Content-Type: {content_type(file.filename)}\r\n\r\n".encode(),
                file.fp.read(),
            ]
        pieces.append(b"\r\n")
    pieces.append(b"--" + boundary.encode() + b"--\r\n")
    return BytesPayload(b"".join(pieces), content_type=f"multipart/form-data; boundary={boundary}")


def quoted(filename: str) -> str:
    """A filename as a quoted-string's content (RFC 7578 §4.2): a backslash or a double quote escaped, a line break
    left out (it would end the header)."""
    return filename.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "")


def content_type(filename: str) -> str:
    """A file part's ``Content-Type``, by its filename's extension (Discord's docs show ``image/png`` for a PNG)."""
    dot = filename.rfind(".")
    return CONTENT_TYPES.get(filename[dot:].lower(), OTHER_FILE) if dot >= 0 else OTHER_FILE


class BodyGiven:
    """discord.py's session for one webhook request (``AsyncWebhookAdapter.request`` calls only its ``request``),
    sending ``body`` where discord.py, given no parts, has no body to send; its retries send it again."""

    def __init__(self, session: aiohttp.ClientSession, body: BytesPayload) -> None:
        self.session = session
        self.body = body

    def request(self, method: str, url: Any, *, data: Any = None, **options: Any) -> Any:
        assert data is None, "discord.py was given the parts of a body as well"
        return self.session.request(method, url, data=self.body, **options)

    def given(self) -> aiohttp.ClientSession:
        """This, as the session discord.py's webhook requests are typed to take (they call only ``request``)."""
        return cast(aiohttp.ClientSession, self)
