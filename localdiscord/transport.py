"""How the local Discord's gateway sends on one websocket: the connection's query string (``v``, ``encoding``,
``compress``) read as Discord's docs describe it (events/gateway, "Connecting" and "Encoding and Compression"), and
its frames sent as plain JSON text or, with ``compress=zlib-stream``, as binary frames that are the next part of
ONE zlib stream per connection, each message ending in a ``Z_SYNC_FLUSH`` (``00 00 ff ff``).
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

API_VERSION = "10"
ZLIB_SUFFIX = b"\x00\x00\xff\xff"

# Gateway close codes (topics/opcodes-and-status-codes, "Gateway Close Event Codes").
CLOSE_DECODE_ERROR, CLOSE_INVALID_API_VERSION = 4002, 4012


@dataclass(frozen=True)
class GatewayQuery:
    """What a client asked for on its gateway URL, and why the fake refuses it (``None``: it serves it)."""

    compress: bool
    refusal: tuple[int, str] | None

    @classmethod
    def read(cls, query: Mapping[str, str]) -> GatewayQuery:
        compress = query.get("compress")
        return cls(compress == "zlib-stream", _refusal(query.get("v"), query.get("encoding"), compress))


def _refusal(version: str | None, encoding: str | None, compress: str | None) -> tuple[int, str] | None:
    # Discord still serves v9 and picks a default version when ``v`` is left out; the fake writes v10's payloads
    # only, so it closes with Discord's "Invalid API version" rather than send a client shapes it did not ask for.
    if version != API_VERSION:
        return CLOSE_INVALID_API_VERSION, f"localdiscord speaks only gateway v{API_VERSION}, not v={version}"
    # ``encoding`` is listed as required (no ``?``) and the docs do not say how a wrong one is refused: the strict
    # reading closes at once. ETF is valid on Discord but not emulated here; the close says so instead of sending
    # JSON to a client that decodes ETF. 4002 ("Decode error") is the nearest documented code.
    if encoding != "json":
        return CLOSE_DECODE_ERROR, f"localdiscord speaks only encoding=json, not encoding={encoding}"
    # ``zstd-stream`` is valid on Discord and not emulated; any other value is no transport compression Discord
    # documents. Neither is served as plain text, which the client would fail to read.
    if compress not in (None, "zlib-stream"):
        return CLOSE_DECODE_ERROR, f"localdiscord compresses only with zlib-stream, not compress={compress}"
    return None


class ZlibStream:
    """Discord's ``zlib-stream``: one deflate context for a whole connection; each message is the stream's next part,
    flushed with ``Z_SYNC_FLUSH`` so that it ends in ``00 00 ff ff`` and inflates on its own once the earlier parts
    have been."""

    def __init__(self) -> None:
        # The docs do not say how hard Discord deflates; any level makes the same stream for the client to inflate,
        # and level 1 costs the local Discord about half of the default's CPU a message.
        self._deflate = zlib.compressobj(1)

    def part(self, text: str) -> bytes:
        return self._deflate.compress(text.encode()) + self._deflate.flush(zlib.Z_SYNC_FLUSH)


class GatewayLink:
    """One websocket of the gateway: every message sent on it goes through :meth:`send`, in order, so that with
    transport compression they are consecutive parts of the connection's one zlib stream."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self._stream = ZlibStream() if compress else None
        # compressing and writing are one step: a message compressed first must reach the socket first
        self._lock = asyncio.Lock()

    @property
    def closed(self) -> bool:
        return self.ws.closed

    @property
    def compressed(self) -> bool:
        """Whether this connection's messages are sent as a ``zlib-stream``."""
        return self._stream is not None

    async def send(self, text: str) -> None:
        """Send one gateway message (a JSON text); raises what aiohttp raises on a closing socket."""
        async with self._lock:
            if self._stream is None:
                await self.ws.send_str(text)
            else:
                await self.ws.send_bytes(self._stream.part(text))
