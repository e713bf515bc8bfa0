"""A ``multipart/form-data`` body read as Discord reads an upload: the whole body at once, cut at its boundary
(RFC 2046 section 5.1.1, RFC 7578), each part's headers read once, its ``Content-Disposition`` parsed by aiohttp's
parser (the same reading of names and file names as aiohttp's streaming reader) and kept per distinct header, since
a bot sends the same few over and over. Anything that is not a well-formed form is refused as Discord refuses a bad
form body (400, 50035): the docs do not say how Discord answers a malformed multipart body, so this is the stricter
reading."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from aiohttp.helpers import parse_mimetype
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .errors import DiscordHTTPError

CRLF = b"\r\n"
MAX_BOUNDARY = 70  # RFC 2046: a boundary is 1 to 70 characters


@dataclass(frozen=True)
class FormPart:
    """One part of a form: its ``name`` and ``filename`` (from ``Content-Disposition``), ``Content-Type`` and bytes."""

    name: str | None
    filename: str | None
    content_type: str | None
    data: bytes


def bad_form() -> DiscordHTTPError:
    return DiscordHTTPError(400, 50035, "Invalid Form Body")


def form_parts(body: bytes, content_type: str) -> list[FormPart]:
    """The parts of ``body``, a multipart body sent with ``content_type``, in order; a part that is itself a multipart
    (Discord's docs describe flat form parts only: ``payload_json`` and ``files[n]``) refuses the body."""
    boundary = parse_mimetype(content_type).parameters.get("boundary", "")
    if not 0 < len(boundary) <= MAX_BOUNDARY:
        raise bad_form()
    delimiter = b"--" + boundary.encode("latin-1", "replace")
    following = CRLF + delimiter
    if body.startswith(delimiter):
        at = len(delimiter)
    elif (found := body.find(following)) >= 0:  # a preamble before the first boundary is ignored
        at = found + len(following)
    else:
        raise bad_form()
    parts = []
    while not body.startswith(b"--", at):  # the close delimiter: what follows is the epilogue, ignored
        line_end = body.find(CRLF, at)
        if line_end < 0 or body[at:line_end].strip(b" \t"):  # only transport padding may follow a boundary
            raise bad_form()
        start = line_end + len(CRLF)
        end = body.find(following, start)
        if end < 0:  # no boundary closes the part: the body was cut short
            raise bad_form()
        parts.append(_part(body, start, end))
        at = end + len(following)
    return parts


def _part(body: bytes, start: int, end: int) -> FormPart:
    """The part between ``start`` and ``end`` of ``body``: its header lines, an empty line, its data."""
    if body.startswith(CRLF, start):
        headers, data_start = {}, start + len(CRLF)
    else:
        blank = body.find(CRLF + CRLF, start, end)
        if blank < 0:
            raise bad_form()
        headers, data_start = _headers(body[start:blank]), blank + 2 * len(CRLF)
    content_type = headers.get("content-type")
    if content_type is not None and parse_mimetype(content_type).type == "multipart":
        raise bad_form()
    name, filename = _disposition(headers.get("content-disposition"))
    return FormPart(name, filename, content_type, body[data_start:end])


def _headers(block: bytes) -> dict[str, str]:
    """A part's header lines by lower-case name (the first of a name repeated, as aiohttp's reader gives)."""
    headers: dict[str, str] = {}
    for line in block.decode("utf-8", "surrogateescape").split("\r\n"):
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            raise bad_form()
        headers.setdefault(name.lower(), value.strip(" \t"))
    return headers


@functools.lru_cache(maxsize=256)
def _disposition(header: str | None) -> tuple[str | None, str | None]:
    """The ``name`` and ``filename`` a ``Content-Disposition`` header gives, as aiohttp's part reader reads them."""
    _, params = parse_content_disposition(header)
    return content_disposition_filename(params, "name"), content_disposition_filename(params, "filename")
