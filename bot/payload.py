"""A message as Parlor shows it: its payload (``content``, ``embed``, ``view`` and a ``picture``, drawn off the event
loop or drawn), compared by what it shows, and handed to discord.py as keywords; a deal's result message; one redraw
of a table (its frame); a hand panel's interaction token."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
from dataclasses import dataclass, field
from typing import Any

import discord
import orjson

from bot.message_edits import AnswerHook, KeptAttachment, Sent
from bot.painter import Painter, awaited

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60 - 30  # Discord keeps an interaction token 15 minutes; keep a margin
ANSWER_WINDOW = 3.0  # Discord waits 3 s for an interaction's answer
PICTURE = "table.png"  # the table picture's file name: the embed shows it (attachment://table.png)
PANEL_PICTURE = "hand.png"  # the hand panel's picture, shown as its embed's image
RESULT_PICTURE = "result.png"  # a result's picture (faces/results.py), shown in the result's embed


@dataclass
class PanelToken:
    """An open hand panel: what its edits and its deletion need of the interaction it answered (``hook``, never the
    interaction itself: its clicked message and components are let go once answered), and since when."""

    hook: AnswerHook
    at: float
    message_id: int | None = None  # the panel message its token edits (None: unknown)
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # set once the interaction's answer went out

    def fresh(self, now: float) -> bool:
        return now - self.at < TOKEN_LIFETIME

    async def until_answered(self) -> None:
        """Back once the panel's answer went out, or after Discord's answer window: at once, with no task nor
        timer made, when it went out already (as it has for nearly every edit)."""
        if self.answered.is_set():
            return
        try:
            await asyncio.wait_for(self.answered.wait(), ANSWER_WINDOW)
        except TimeoutError:
            pass


def digest(picture: bytes | None) -> str | None:
    """The SHA-256 of a picture's bytes: what tells whether a message holds that picture already."""
    return _digest(picture) if picture is not None else None


@functools.lru_cache(maxsize=64)
def _digest(picture: bytes) -> str:
    """Hashed once per picture: a redraw compares the same bytes several times (the call's needs, its keywords,
    what the message holds after it), and the pictures of the latest redraws are the ones compared."""
    return hashlib.sha256(picture).hexdigest()


@dataclass
class Picture:
    """A picture being drawn off the event loop (bot/painter.py): what it is drawn from (``key``, its JSON: the same
    key, the same picture) and the drawing, done or not."""

    key: bytes
    drawing: asyncio.Future
    painter: Painter
    sign: str = field(init=False)  # the key's digest: what a message signature compares

    def __post_init__(self) -> None:
        self.sign = hashlib.sha256(self.key).hexdigest()

    async def png(self, *, urgent: bool) -> bytes | None:
        """The PNG bytes, once drawn; None when drawing failed (the text embed still shows it all). ``urgent``: an
        answer waits for it, so it is drawn before any picture queued for a redraw."""
        if urgent and not self.drawing.done():
            self.painter.hurry(self.drawing)
        try:
            return await awaited(self.drawing)
        except Exception:
            log.exception("drawing a picture failed")
            return None


async def drawn_now(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its picture drawn (None when drawing failed): for tools and tests."""
    picture = payload.get("picture")
    if not isinstance(picture, Picture):
        return payload
    return {**payload, "picture": await picture.png(urgent=True)}


def payload_signature(payload: dict[str, Any]) -> str:
    """What a message payload shows, comparable: an unchanged message is not sent again (a picture compared by
    what it is drawn from, drawn or not yet)."""
    embed, view, picture = payload.get("embed"), payload.get("view"), payload.get("picture")
    # ``is not None``, not truth: an embed's truth builds a proxy object of each of its parts. orjson: a third of the
    # standard library's time for these (the signature is taken a few times a move)
    return orjson.dumps(
        [
            payload.get("content"),
            embed.to_dict() if embed is not None else None,
            view.to_components() if view is not None else None,
            picture.sign if isinstance(picture, Picture) else digest(picture),
        ],
        option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS,
        default=str,
    ).decode()


async def resolved(payload: dict[str, Any], *, urgent: bool = False) -> dict[str, Any]:
    """``payload`` with its picture drawn (PNG bytes); a picture that could not be drawn is left out of it and of
    its embed."""
    picture = payload.get("picture")
    if not isinstance(picture, Picture):
        return payload
    png = await picture.png(urgent=urgent)
    payload = {**payload, "picture": png}
    if png is None and payload.get("embed") is not None:
        payload["embed"] = payload["embed"].copy().set_image(url=None)
    return payload


@dataclass(frozen=True)
class Held:
    """The picture a message holds: its digest, and the attachment Discord keeps it as."""

    digest: str
    attachment: discord.Attachment | KeptAttachment


def message_args(payload: dict[str, Any], held: Held | None, *, edit: bool, name: str = PICTURE) -> dict[str, Any]:
    """A payload as discord.py's keywords. Its ``picture`` (PNG bytes, or None) is uploaded as file ``name``
    only when the message does not hold those bytes already (``held``: the picture it holds, None: none). An
    edit always says which file stays: Discord keeps only the attachments an edit lists (its docs, "Editing
    Message Attachments"), so the picture held is listed to be kept, and ``attachments=[]`` removes it."""
    args = {k: v for k, v in payload.items() if k != "picture" and (edit or v is not None)}
    picture = payload.get("picture")
    if picture is None:
        if held is not None:
            args["attachments"] = []
    elif held is not None and digest(picture) == held.digest:
        if edit:
            args["attachments"] = [held.attachment]
    else:
        file = discord.File(io.BytesIO(picture), name)
        args.update({"attachments": [file]} if edit else {"file": file})
    return args


class Shown:
    """What each message shows, so that an unchanged one is not sent again: its payload's signature (by message id,
    or by the interaction of a hand panel), and the picture it holds (by message id)."""

    def __init__(self) -> None:
        self.drawn: dict[Any, str] = {}  # message id (or a panel's interaction token) → signature of what it shows
        self.pictured: dict[int, Held] = {}  # message id → the picture it holds (table or panel)

    def holds(self, message: discord.Message | Sent | None, payload: dict[str, Any], name: str = PICTURE) -> int | None:
        """``message`` (as Discord answered a call) now shows ``payload``: remember which picture it holds, and as
        which attachment; its id."""
        if message is None:
            return None
        picture = digest(payload.get("picture"))
        attachment = next((a for a in message.attachments if a.filename == name), None)
        if picture is None or attachment is None:
            self.pictured.pop(message.id, None)  # (a picture not found is uploaded again by the next edit)
        else:
            self.pictured[message.id] = Held(picture, attachment)
        return message.id

    def held(self, message_id: int | None) -> Held | None:
        """The picture message ``message_id`` holds (None: none, or no message)."""
        return self.pictured.get(message_id) if message_id else None

    def forget(self, message_id: int | None) -> None:
        self.drawn.pop(message_id, None)
        if message_id is not None:
            self.pictured.pop(message_id, None)


@dataclass
class Frame:
    """One redraw of a table's message, built under its lock: the summaries to post, the table message, the players
    to ping. (The hand panels are drawn apart, ``bot/hand_panels.py``.)"""

    message_id: int | None
    # the table's lines and the table as the summary's deal ended, the summary
    summaries: list[tuple[list[str], dict[str, Any], Summary]]
    table: dict[str, Any]
    pings: list[int] = field(default_factory=list)


@dataclass
class Summary:
    """A deal's or a game's result message: its embed and its picture (None: text only)."""

    embed: discord.Embed
    picture: Picture | bytes | None = None

    async def message_args(self) -> dict[str, Any]:
        """The message's keywords, its picture drawn (left out, and out of the embed, when drawing failed)."""
        shown = await resolved({"embed": self.embed, "picture": self.picture})
        if shown["picture"] is None:
            return {"embed": shown["embed"]}
        return {"embed": shown["embed"], "file": discord.File(io.BytesIO(shown["picture"]), RESULT_PICTURE)}
