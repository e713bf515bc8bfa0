"""Application emoji of the local Discord: ``/applications/{app_id}/emojis`` (list, get, create, modify,
delete) with Discord's checks, and the images at ``/emojis/{id}.png`` as Discord's CDN serves them.

Discord's rules (resources/emoji "Create Application Emoji"): a name of 2 to 32 of ``A-Za-z0-9_``, unique
within the application; an image as a data URI (PNG, JPEG, GIF or WebP) of at most 256 KiB — a bigger one is
refused with "400 Bad Request and an error message, but not a JSON status code" (:class:`TooLarge`); at most
2,000 emoji an application (:attr:`EmojiRoutes.limit`, which a test may lower to make uploads fail). How
many may be created an hour is not documented: ``Strictness.emoji_creates`` sets it.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from aiohttp import web

from .errors import DiscordHTTPError, FormErrors, not_found
from .httpio import API, add_routes, json_response, no_content, read_body
from .models import snowflake
from .world import World

NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
DATA_URI = re.compile(r"^data:(image/(?:png|jpeg|gif|webp));base64,(.*)$", re.S)
MAX_BYTES = 256 * 1024
MAX_EMOJI = 2000
UNKNOWN_EMOJI = (10014, "Unknown Emoji")


class TooLarge(DiscordHTTPError):
    """An image over 256 KiB: a 400 with an error message and no ``code``, as Discord's docs say (they give no
    wording; this one names the limit)."""

    def __init__(self) -> None:
        super().__init__(400, 0, f"File cannot be larger than {MAX_BYTES / 1024:.1f} kb.")

    def body(self) -> dict:
        return {"message": self.message}


@dataclass
class AppEmoji:
    id: int
    name: str
    data: bytes
    content_type: str = "image/png"

    def payload(self, world: World) -> dict:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": world.payloads.bot_user(),
            "require_colons": True,
            "managed": False,
            "animated": self.content_type == "image/gif",
            "available": True,
        }


def check_name(name: object, others: dict[int, AppEmoji], errors: FormErrors, own_id: int | None = None) -> None:
    if not isinstance(name, str) or not NAME.match(name):
        errors.add(
            ["name"],
            "BASE_TYPE_BAD_LENGTH" if isinstance(name, str) and not 2 <= len(name) <= 32 else "STRING_TYPE_REGEX",
            "Must be between 2 and 32 in length and only A-Z, a-z, 0-9 and _.",
        )
    elif any(e.name == name and e.id != own_id for e in others.values()):
        errors.add(["name"], "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Application emoji names must be unique.")


def decode_image(image: object, errors: FormErrors) -> tuple[bytes, str]:
    match = DATA_URI.match(image) if isinstance(image, str) else None
    if match is None:
        errors.add(["image"], "IMAGE_INVALID", "Invalid image data")
        return b"", ""
    try:
        data = base64.b64decode(match[2], validate=True)
    except (binascii.Error, ValueError):
        errors.add(["image"], "IMAGE_INVALID", "Invalid image data")
        return b"", ""
    if len(data) > MAX_BYTES:
        raise TooLarge()
    return data, match[1]


class EmojiRoutes:
    """The application's emoji, kept in ``world.app_emoji`` (id → :class:`AppEmoji`)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.limit = MAX_EMOJI

    def add_routes(self, r: web.UrlDispatcher) -> None:
        add_routes(
            r,
            {
                "/applications/{app_id}/emojis": {"GET": self._list, "POST": self._create},
                "/applications/{app_id}/emojis/{emoji_id}": {
                    "GET": self._get,
                    "PATCH": self._modify,
                    "DELETE": self._delete,
                },
            },
            API,
        )
        r.add_get("/emojis/{file}", self._image)

    @property
    def emoji(self) -> dict[int, AppEmoji]:
        return self.world.app_emoji

    def _check_app(self, request: web.Request) -> None:
        if request.match_info["app_id"] != str(self.world.application_id):
            raise DiscordHTTPError(403, 50001, "Missing Access")

    def _find(self, request: web.Request) -> AppEmoji:
        self._check_app(request)
        try:
            return self.emoji[int(request.match_info["emoji_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_EMOJI) from None

    async def _list(self, request: web.Request) -> web.Response:
        self._check_app(request)
        return json_response({"items": [e.payload(self.world) for e in self.emoji.values()]})

    async def _get(self, request: web.Request) -> web.Response:
        return json_response(self._find(request).payload(self.world))

    async def _create(self, request: web.Request) -> web.Response:
        self._check_app(request)
        strict = self.world.strict
        if strict.rate_limits and strict.emoji_creates is not None:
            self.world.rate_limiter.take(
                "application emoji creates", str(self.world.application_id), strict.emoji_creates, announced=False
            )
        body, _ = await read_body(request)
        if len(self.emoji) >= self.limit:
            raise DiscordHTTPError(400, 30008, f"Maximum number of emojis reached ({self.limit})")
        errors = FormErrors()
        check_name(body.get("name"), self.emoji, errors)
        data, content_type = decode_image(body.get("image"), errors)
        errors.raise_if_any()
        emoji = AppEmoji(snowflake(), body["name"], data, content_type)
        self.emoji[emoji.id] = emoji
        self.world.changed()
        return json_response(emoji.payload(self.world), 201)

    async def _modify(self, request: web.Request) -> web.Response:
        emoji = self._find(request)
        body, _ = await read_body(request)
        errors = FormErrors()
        check_name(body.get("name"), self.emoji, errors, own_id=emoji.id)
        errors.raise_if_any()
        emoji.name = body["name"]
        self.world.changed()
        return json_response(emoji.payload(self.world))

    async def _delete(self, request: web.Request) -> web.Response:
        emoji = self._find(request)
        del self.emoji[emoji.id]
        self.world.changed()
        return no_content()

    async def _image(self, request: web.Request) -> web.Response:
        stem = request.match_info["file"].rsplit(".", 1)[0]
        emoji = self.emoji.get(int(stem)) if stem.isdigit() else None
        if emoji is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=emoji.data, content_type=emoji.content_type, headers={"Cache-Control": "max-age=86400"}
        )
