"""Reading a request's body and writing Discord-style responses (shared by the REST routes and
the interaction endpoints)."""

from __future__ import annotations

import json
from typing import Any, List, Tuple

from aiohttp import web

from .errors import DiscordHTTPError
from .messaging import UploadedFile

API = "/api/v{version:\\d+}"  # every REST route is under it
JSON_HEADERS = {"Content-Type": "application/json"}


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response with a Content-Type of exactly ``application/json``
    (discord.py compares the header verbatim)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers=JSON_HEADERS)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> Tuple[dict, List[UploadedFile]]:
        """Returns (json body, uploaded files as (index, filename, data, content_type))."""
        ctype = request.headers.get("Content-Type", "")
        files: List[UploadedFile] = []
        if ctype.startswith("multipart/"):
            body: dict = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                data = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(data.decode())
                elif name.startswith("files[") or name == "file" or name.startswith("file"):
                    idx = int(name[6:-1]) if name.startswith("files[") else len(files)
                    files.append((idx, part.filename or f"file{idx}", bytes(data),
                                  part.headers.get("Content-Type")))  # type: ignore[union-attr]
            return body, files
        text = await request.text()
        if not text:
            return {}, files
        try:
            return json.loads(text), files
        except ValueError:
            raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None
