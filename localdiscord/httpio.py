"""Reading a request's body and writing Discord-style responses (shared by the REST routes and
the interaction endpoints)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from .errors import DiscordHTTPError
from .messaging import UploadedFile
from .multipart import FormPart, bad_form, form_parts

API = "/api/v10"  # every REST route is under it: as the gateway (transport.py), the REST API of v10 only
JSON_HEADERS = {"Content-Type": "application/json"}


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Routes = dict[str, dict[str, Handler]]  # path → method ("GET", "POST" …, or "*" for any) → handler
F = TypeVar("F", bound=Callable[..., Any])


def route(method: str, *paths: str) -> Callable[[F], F]:
    """Declares a handler (a method) as answering ``method`` at each of ``paths``: :func:`declared_routes` reads it."""

    def declare(handler: F) -> F:
        handler.__dict__.setdefault("declared_routes", []).extend((path, method) for path in paths)
        return handler

    return declare


def declared_routes(owner: object) -> Routes:
    """The routes ``owner``'s methods declare with :func:`route`, in the order the methods are defined."""
    routes: Routes = {}
    for name, member in vars(type(owner)).items():
        for path, method in getattr(member, "declared_routes", ()):
            routes.setdefault(path, {})[method] = getattr(owner, name)
    return routes


def add_routes(router: web.UrlDispatcher, routes: Routes, prefix: str = "") -> None:
    """Every route of ``routes``, each path after ``prefix``; a GET answers HEAD too (as aiohttp's add_get)."""
    for path, methods in routes.items():
        for method, handler in methods.items():
            if method == "GET":
                router.add_get(prefix + path, handler)
            else:
                router.add_route(method, prefix + path, handler)


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response with a Content-Type of exactly ``application/json``
    (discord.py compares the header verbatim)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers=JSON_HEADERS)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict, list[UploadedFile]]:
    """Returns (json body, uploaded files as (index, filename, data, content_type))."""
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        return _form(form_parts(await _read(request), ctype))
    text = (await _read(request)).decode(request.charset or "utf-8")
    if not text:
        return {}, []
    try:
        return json.loads(text), []
    except ValueError:
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None


async def _read(request: web.Request) -> bytes:
    """The whole body, at most the app's ``client_max_size``: past it Discord's answer to an upload too large."""
    try:
        return await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise DiscordHTTPError(413, 40005, "Request entity too large") from None


def _form(parts: list[FormPart]) -> tuple[dict, list[UploadedFile]]:
    """The JSON of the ``payload_json`` part and the files of the ``files[n]`` parts (or the legacy ``file…``)."""
    body: dict = {}
    files: list[UploadedFile] = []
    for part in parts:
        name = part.name or ""
        if name == "payload_json":
            body = _payload_json(part.data)
        elif name.startswith("file"):  # files[n], or the legacy file…
            idx = _file_index(name) if name.startswith("files[") else len(files)
            files.append((idx, part.filename or f"file{idx}", part.data, part.content_type))
    return body, files


def _payload_json(data: bytes) -> dict:
    """The ``payload_json`` part's object: refused as a JSON body is (50109) when it is not JSON, and as an invalid
    form body (50035) when it is JSON but not an object (the docs say it holds the request's JSON body)."""
    try:
        body = json.loads(data.decode())
    except ValueError:  # UnicodeDecodeError included
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(body, dict):
        raise bad_form()
    return body


def _file_index(name: str) -> int:
    """``n`` of a ``files[n]`` part; any other name starting so (``files[a]``, ``files[1``) is an invalid form body:
    the docs name the parts ``files[n]`` and do not say how Discord refuses others, so the stricter reading."""
    index = name[6:-1]
    if not (name.endswith("]") and index.isascii() and index.isdigit()):
        raise bad_form()
    return int(index)
