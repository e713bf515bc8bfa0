"""Shows tables on Discord: the public table message, summaries and private hand panels.

Public messages are built from ``public_view`` only. A player's hand goes only into their
ephemeral panel, edited in place through the player's latest interaction token while it
is fresh (docs/design.md §4). The presenter only presents: the table manager calls it after every
transition and records which message shows a table; ``origin`` is the interaction that asked
for the change (None when nobody did), answered here exactly once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import io
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable, TypeVar

import discord

from bot import text as user_text
from bot.access import ChannelAccess
from bot.emoji import fit, fit_embed
from bot.permissions import needed_in
from bot.painter import Painter, awaited, painter
from bot.render import get_renderer
from bot.lobby import most_seats, players_wanted
from bot.tables import CANCELLED, FINISHED, LOBBY, PLAYING, Presenter, Table, public_to_act
from bot.ui import build_view, fill, hand_button, lobby_buttons, panel_in_place, tell
from faces.panel import DRAWERS as PANEL_DRAWERS, drawn_from, has_picture, panel_picture
from faces.results import result_picture
from faces.table import draws_table, table_picture
from games.base import Event

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60 - 30  # Discord keeps an interaction token 15 minutes; keep a margin
ANSWER_WINDOW = 3.0  # Discord waits 3 s for an interaction's answer
REPOST_AFTER = 50 * 60  # Discord throttles edits of messages older than an hour (3 per 6 s a channel)
RECENT_LINES = 8
MISSING_PERMISSION = ("⚠️ Parlor cannot post or edit its messages in <#{channel}>: a permission is missing. "
                      "The game goes on (use **My hand**); a server admin can give Parlor "
                      + ", ".join(name for _, name in needed_in(in_thread=False))
                      + " in that channel (and Send Messages in Threads for a thread).")
PICTURE = "table.png"  # the table picture's file name: the embed shows it (attachment://table.png)
PANEL_PICTURE = "hand.png"  # the hand panel's picture, shown as its embed's image
RESULT_PICTURE = "result.png"  # a result's picture (faces/results.py), shown in the result's embed
# Under load a table is redrawn at most once a second: Discord lets a channel's messages be edited 5 times in 5 s,
# and changes made meanwhile are drawn at once (the latest state wins)
REDRAW_EVERY = 1.0
T = TypeVar("T")


@dataclass
class PanelToken:
    interaction: discord.Interaction
    at: float
    message_id: int | None = None  # the panel message its token edits (None: unknown)
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # set once the interaction's answer went out

    def fresh(self, now: float) -> bool:
        return now - self.at < TOKEN_LIFETIME


def digest(picture: bytes | None) -> str | None:
    return hashlib.sha256(picture).hexdigest() if picture is not None else None


@dataclass
class Picture:
    """A picture being drawn off the event loop (bot/painter.py): what it is drawn from (``key``: the same key,
    the same picture) and the drawing, done or not."""
    key: str
    drawing: concurrent.futures.Future
    painter: Painter
    sign: str = field(init=False)  # the key's digest: what a message signature compares

    def __post_init__(self) -> None:
        self.sign = hashlib.sha256(self.key.encode()).hexdigest()

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


def drawn_now(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its picture drawn, waited for in this thread: for tools and tests, never the event loop."""
    picture = payload.get("picture")
    if not isinstance(picture, Picture):
        return payload
    try:
        return {**payload, "picture": picture.drawing.result()}
    except Exception:
        return {**payload, "picture": None}


def payload_signature(payload: dict[str, Any]) -> str:
    """What a message payload shows, comparable: an unchanged message is not sent again (a picture compared by
    what it is drawn from, drawn or not yet)."""
    embed, view, picture = payload.get("embed"), payload.get("view"), payload.get("picture")
    # ``is not None``, not truth: an embed's truth builds a proxy object of each of its parts
    return json.dumps([payload.get("content"), embed.to_dict() if embed is not None else None,
                       view.to_components() if view is not None else None,
                       picture.sign if isinstance(picture, Picture) else digest(picture)],
                      sort_keys=True, default=str)


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
    attachment: discord.Attachment


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


@dataclass
class Frame:
    """One redraw of a table, built under its lock: the summaries to post, the table message, each open
    panel with its payload, the players to ping."""
    message_id: int | None
    # the table's lines and the table as the summary's deal ended, the summary
    summaries: list[tuple[list[str], dict[str, Any], "Summary"]]
    table: dict[str, Any]
    panels: list[tuple[PanelToken, dict[str, Any], tuple[int, int]]] = field(default_factory=list)
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


def summary_of(game_name: str, embed: discord.Embed, event: Event, names: list[str],
               draws: Painter | None = None) -> Summary:
    """The result message of ``event``; its picture (drawn off the event loop) shown in the embed, when the game
    draws one."""
    seen = event.model_dump(mode="json")
    draws = draws or painter()
    picture = Picture(json.dumps([seen, names], sort_keys=True, default=str),
                      draws.submit(result_picture, game_name, seen, names), draws)
    embed.set_image(url=f"attachment://{RESULT_PICTURE}")
    return Summary(embed, picture)


class DiscordPresenter(Presenter):
    def __init__(self, client: discord.Client | None, clock: Callable[[], float] = time.time,
                 draws: Painter | None = None) -> None:
        self.client = client
        self.clock = clock
        self.draws = draws or painter()  # where pictures are drawn: off the event loop
        self.redrawn: dict[int, float] = {}  # table → when (the event loop's time) its last redraw began
        self.access = ChannelAccess(client)  # which calls to a channel Discord would refuse
        self.panels: dict[tuple[int, int], PanelToken] = {}
        self.pinged: dict[tuple[int, int], int] = {}  # (table, user) → that seat's version when last pinged
        self.drawn: dict[Any, str] = {}  # message id (or panel token) → signature of what it shows
        self.summaries: dict[int, list[tuple[list[str], Summary]]] = {}  # table → (its lines, summary) to post
        self.reported: set[int] = set()  # tables whose missing permission was reported (and that missed a call)
        # tables whose channel, in their redraw under way, refused a call or was not called (``missed``), or took one
        self.missed: set[int] = set()
        self.reached: set[int] = set()
        self.behind: set[int] = set()  # tables whose last redraw did not all land (Discord's 5xx, 429s): draw again
        self.pictured: dict[int, Held] = {}  # message id → the picture it holds (table or panel)
        # table (its picture), or (table, user) (that player's panel picture) → the picture of the view drawn last
        self.pictures: dict[Any, Picture] = {}

    # ---------------------------------------------------------------- public message

    def names(self, table: Table) -> list[str]:
        """The seats' names as every message shows them: escaped (bot/text.py), so no name is markup."""
        return [user_text.name(s.name) for s in table.seats]

    def drawn_names(self, table: Table) -> list[str]:
        """The seats' names as pictures draw them: plain text (a picture renders no markdown)."""
        return [user_text.plain_name(s.name) for s in table.seats]

    def table_payload(self, table: Table, recent: list[str] | None = None) -> dict[str, Any]:
        """The table message; ``recent``: the narration lines to show (by default the table's latest)."""
        recent = table.recent if recent is None else recent
        if table.status == LOBBY:
            return self._lobby_payload(table)
        if table.status == CANCELLED:
            self.pictures.pop(table.id, None)
            embed = discord.Embed(title=f"{table.game.title} — table closed", description=table.closing,
                                  colour=discord.Colour.dark_grey())
            return {"content": None, "embed": embed, "view": None, "picture": None}
        renderer = get_renderer(table.game.name)
        public_view = table.game.public_view(table.state)
        running = table.status == PLAYING and table.paused is None  # a paused table's clock is stopped
        embed = renderer.table_embed(public_view, self.names(table), table.deadline if running else None)
        if table.paused is not None and table.status == PLAYING:
            embed.add_field(name="Paused", value=table.paused.line(), inline=False)
        if recent:
            embed.add_field(name="Latest", value=fit("\n".join(recent[-RECENT_LINES:]), 1024, keep_end=True),
                            inline=False)
        picture = self.picture(table, public_view)
        if picture is not None:
            embed.set_image(url=f"attachment://{PICTURE}")
        fit_embed(embed)
        buttons = [hand_button()] if table.status == PLAYING else []
        view = build_view(table.id, table.version, buttons) if buttons else None
        return {"content": self.turn_line(table), "embed": embed, "view": view, "picture": picture}

    def picture(self, table: Table, public_view: dict[str, Any]) -> Picture | None:
        """The table picture (faces/table.py), drawn again only when the public view changed; None for a
        game without one."""
        if not draws_table(table.game.name):
            return None
        return self._drawn_picture(table, table.id, public_view, table_picture)

    def _drawn_picture(self, table: Table, slot: Any, view: dict[str, Any],
                       draw: Callable[[str, dict[str, Any]], bytes | None], drawn_part: Any = None, *,
                       urgent: bool = False) -> Picture:
        """``draw(game, view)`` in the painter's workers, drawn again only when ``drawn_part`` (the part of the view
        the picture shows; by default all of it) changed since ``slot``'s last picture. ``urgent``: an answer will
        wait for it (drawn before the pictures queued for redraws)."""
        key = json.dumps(view if drawn_part is None else drawn_part, sort_keys=True, default=str)
        if (cached := self.pictures.get(slot)) is None or cached.key != key:
            cached = self.pictures[slot] = Picture(key, self.draws.submit(draw, table.game.name, view, urgent=urgent),
                                                   self.draws)
        elif urgent and not cached.drawing.done():
            self.draws.hurry(cached.drawing)
        return cached

    def turn_line(self, table: Table) -> str | None:
        """``Turn: <@id>`` for the players to act (a bot by its name); during a secret window (who
        may call is hidden) the line stays, saying so."""
        if table.status != PLAYING:
            return None
        named = [table.seats[s] for s in public_to_act(table)]
        if named:
            return "Turn: " + " ".join(
                f"**{user_text.name(s.name)}**" if s.automated or not s.user_id else f"<@{s.user_id}>" for s in named)
        return "Turn: waiting for calls (who may call stays secret)" if table.to_act() else None

    def _lobby_payload(self, table: Table) -> dict[str, Any]:
        game = table.game
        seats = "\n".join(
            f"{i + 1}. {'🤖 ' + user_text.name(s.name) if s.bot else f'<@{s.user_id}>'}{' (host)' if s.user_id == table.host_id else ''}"
            for i, s in enumerate(table.seats)
        )
        options = ", ".join(f"{k}={v}" for k, v in table.options.items()) or "defaults"
        offered = most_seats(game, table.options)
        embed = discord.Embed(
            title=f"{game.title} — table open",
            description=(f"**Seats ({len(table.seats)}/{offered}):**\n{seats}\n\n"
                         f"**Options:** {options}\n**Turn time:** {table.turn_seconds} s\n\n"
                         f"Press **Join** to sit down. The host presses **Start** when "
                         f"{players_wanted(game, table.options)} are seated."),
            colour=discord.Colour.blurple(),
        )
        full = len(table.seats) >= offered
        return {"content": None, "embed": embed, "view": build_view(table.id, table.version, lobby_buttons(full))}

    async def _put_table(self, table: Table, message_id: int | None, payload: dict[str, Any]) -> int | None:
        """Show the table in message ``message_id``, edited in place (not when it shows this already), or
        when there is none, it is gone or nearly an hour old (Discord throttles edits of older messages)
        in a new message, the old one deleted; the id of the message that shows it (None: none does). When a
        new message cannot be posted, the old one is still edited while Parlor may: slower past an hour, but the
        table stays up to date. A call Discord would refuse (a permission missing) is not made: without Send
        Messages not even the edit, which would lose the embed (Embed Links goes with Send Messages)."""
        signature = payload_signature(payload)
        payload = await resolved(payload)
        channel = self.client.get_partial_messageable(table.channel_id)
        if message_id and self.age(message_id) >= REPOST_AFTER and table.id not in self.reported \
                and self.access.permits(table.channel_id, post=True, **self._needs(payload, None)):
            posted = await self._post_table(table, payload, signature)
            if posted is not None:
                await self.channel_call(table, "deleting the old table message",
                                        lambda: channel.get_partial_message(message_id).delete(), quiet=True)
                self.drawn.pop(message_id, None)
                self.pictured.pop(message_id, None)
                return posted
        if message_id:
            if self.drawn.get(message_id) == signature:
                return message_id
            held = self.pictured.get(message_id)
            try:
                edited = await self.channel_call(
                    table, "editing the table message",
                    lambda: channel.get_partial_message(message_id).edit(**message_args(payload, held, edit=True)),
                    lost=discord.NotFound, **self._needs(payload, held))
            except discord.NotFound:
                edited = None
                message_id = None  # gone: posted anew below
            if message_id is not None:
                if edited is not None:
                    self.drawn[message_id] = signature
                    self._holds(edited, payload)
                return message_id
        posted = await self._post_table(table, payload, signature)
        return message_id if posted is None else posted

    async def _post_table(self, table: Table, payload: dict[str, Any], signature: str) -> int | None:
        channel = self.client.get_partial_messageable(table.channel_id)
        message = await self.channel_call(table, "posting the table message",
                                          lambda: channel.send(**message_args(payload, None, edit=False)),
                                          post=True, **self._needs(payload, None))
        if message is None:
            return None
        self.drawn[message.id] = signature
        self._holds(message, payload)
        return message.id

    @staticmethod
    def _needs(payload: dict[str, Any], held: Held | None) -> dict[str, bool]:
        """What a message call showing ``payload`` needs besides posting: an embed, a file uploaded (a picture the
        message does not hold already, ``held`` the one it holds)."""
        picture = payload.get("picture")
        return {"embed": payload.get("embed") is not None,
                "files": picture is not None and (held is None or digest(picture) != held.digest)}

    def _holds(self, message: discord.Message | None, payload: dict[str, Any], name: str = PICTURE) -> int | None:
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

    def age(self, message_id: int) -> float:
        return self.clock() - discord.utils.snowflake_time(message_id).timestamp()

    async def channel_call(self, table: Table, what: str, call: Callable[[], Awaitable[T]], *, post: bool = False,
                           embed: bool = False, files: bool = False, quiet: bool = False,
                           lost: type[Exception] | tuple[type[Exception], ...] = ()) -> T | None:
        """A call to the table's channel that posts (``post``), shows an embed (``embed``) or uploads a file
        (``files``); None when it is not made because Discord would refuse it (``access``), or when Discord refuses
        it (HTTPException, retries spent): the game goes on, a missing permission reported once, the rest logged.
        ``lost``: errors raised to the caller (a message gone)."""
        if not self.access.permits(table.channel_id, post=post, embed=embed, files=files):
            self.missed.add(table.id)
            if not quiet:
                await self.held_back(table, what, self.access.lacking(table.channel_id, post=post, embed=embed,
                                                                      files=files))
            return None
        try:
            result = await call()
        except lost:
            raise
        except discord.HTTPException as error:
            if isinstance(error, discord.Forbidden):
                self.access.refused(table.channel_id)
                self.missed.add(table.id)
            if not quiet:
                await self.failed(table, what, error)
            return None
        self.access.taken(table.channel_id)
        self.reached.add(table.id)
        return result

    async def held_back(self, table: Table, what: str, lacking: list[str]) -> None:
        """A call not made, Discord would refuse it: reported once (and the table drawn again once it may be)."""
        log.info("table %s: %s not tried (%s)", table.id, what, ", ".join(lacking) or "refused there lately")
        if table.id not in self.reported:
            self.reported.add(table.id)
            await self.report_missing_permission(table)

    async def failed(self, table: Table, what: str, error: discord.HTTPException) -> None:
        log.warning("table %s: %s failed (%s, code %s)", table.id, what, error.status, error.code)
        if not isinstance(error, discord.Forbidden):  # not for good: the table is drawn again a little later
            self.behind.add(table.id)
        if isinstance(error, discord.Forbidden) and table.id not in self.reported:
            self.reported.add(table.id)
            await self.report_missing_permission(table)

    async def report_missing_permission(self, table: Table) -> None:
        """Told once per table: in the channel if Parlor can still post there, else to the host, privately."""
        text = MISSING_PERMISSION.format(channel=table.channel_id)
        if self.access.permits(table.channel_id, post=True):
            try:
                await self.client.get_partial_messageable(table.channel_id).send(text)
                return
            except discord.Forbidden:
                self.access.refused(table.channel_id)
            except discord.HTTPException:
                pass
        token = self.panels.get((table.id, table.host_id))
        try:
            if token and token.fresh(self.clock()):
                try:  # after the panel's own answer: the notice is a message of its own, never in its place
                    await asyncio.wait_for(token.answered.wait(), ANSWER_WINDOW)
                except asyncio.TimeoutError:
                    pass
                await tell(token.interaction, text)
            else:
                await (await self.client.create_dm(discord.Object(table.host_id))).send(text)  # no user fetched
        except discord.HTTPException as error:
            log.warning("table %s: could not tell the host of a missing permission (%s)", table.id, error.status)

    def reopened(self, tables: Iterable[Table], guild_id: int, channel_id: int | None) -> list[Table]:
        """The gateway says Parlor's permissions changed in a channel (None: in every channel of the server): what
        they say now decides the calls made there. The tables there that missed a call and may now make every one
        are returned, to be drawn again."""
        again = []
        for table in tables:
            if table.guild_id != guild_id or channel_id not in (None, table.channel_id):
                continue
            self.access.reopen(table.channel_id)
            if table.id in self.reported and not self.access.lacking(table.channel_id, post=True, embed=True,
                                                                     files=True):
                self.reported.discard(table.id)
                again.append(table)
        return again

    async def table_opened(self, table: Table, origin: discord.Interaction | None) -> int | None:
        """The new table, posted as the answer to the command that opened it."""
        if origin is None:
            return await self._put_table(table, None, self.table_payload(table))
        payload = self.table_payload(table)
        signature = payload_signature(payload)
        payload = await resolved(payload, urgent=True)
        await origin.response.send_message(**message_args(payload, None, edit=False))
        message = await origin.original_response()
        self.drawn[message.id] = signature
        return self._holds(message, payload)

    async def acknowledge(self, origin: discord.Interaction | None, answer: str | None = None) -> None:
        if origin is None:
            return
        if answer is not None and origin.type is discord.InteractionType.application_command:
            await tell(origin, answer)
        elif not origin.response.is_done():
            await origin.response.defer()

    async def receive(self, origin: discord.Interaction | None, *, private: bool = False) -> None:
        if origin is None or origin.response.is_done():
            return
        if private or origin.type is discord.InteractionType.application_command:
            await origin.response.defer(ephemeral=True, thinking=True)
        else:
            await origin.response.defer()  # a click: its message is edited in place later

    # ---------------------------------------------------------------- panels

    def panel_payload(self, table: Table, user_id: int, *, urgent: bool = False) -> dict[str, Any]:
        """A player's hand panel (``urgent``: an answer waits for it, its picture is drawn first)."""
        seat = table.seat_of(user_id)
        renderer = get_renderer(table.game.name)
        legal = table.game.legal_actions(table.state, seat) if seat in table.to_act() and not table.seats[seat].automated else []
        view = table.game.view(table.state, seat)  # the seat's own view: nothing of another seat's hand
        embed, buttons = renderer.panel(view, legal, self.names(table), table.deadline)
        fit_embed(embed)
        picture = self._drawn_picture(table, (table.id, user_id), view, panel_picture,
                                      drawn_from(table.game.name, view), urgent=urgent) \
            if table.game.name in PANEL_DRAWERS and has_picture(table.game.name, view) else None
        if picture:
            embed.set_image(url=f"attachment://{PANEL_PICTURE}")
        if table.status != PLAYING:
            over = "This game is over" if table.status == FINISHED else "This table is closed"
            embed.description = f"**{over}** — the final result is in the channel.\n\n{embed.description or ''}"
            buttons = []
        elif table.seats[seat].resigned:
            embed.set_footer(text="You resigned; a bot plays your seat.")
            buttons = []
        return {"content": None, "embed": embed, "view": build_view(table.id, table.seat_version(seat), buttons),
                "picture": picture}

    def answers_in_place(self, origin: discord.Interaction | None) -> bool:
        return origin is not None and panel_in_place(origin)

    def panel_reply(self, table: Table, user_id: int, origin: discord.Interaction | None, *, replace: bool,
                    note: str | None = None) -> Awaitable[None]:
        replace = replace and self.answers_in_place(origin)  # a public message is never replaced by a panel
        payload = self.panel_payload(table, user_id, urgent=True)
        if note is not None:
            payload["content"] = note
        return self._send_panel(table.id, user_id, origin, payload, replace)

    def _send_panel(self, table_id: int, user_id: int, origin: discord.Interaction | None,
                    payload: dict[str, Any], replace: bool) -> Awaitable[None]:
        """The panel as the answer to ``origin``: recorded now as the user's panel showing ``payload`` (under the
        table lock, so a redraw framed meanwhile neither edits the replaced panel nor sends this one again), sent
        when awaited. A player's previous panel of the table, when this one is a new message, is deleted while
        its token lives (one panel per player)."""
        if origin is None:
            return asyncio.sleep(0)
        key = (table_id, user_id)
        if (replaced := self.panels.get(key)) is not None:
            self.drawn.pop(id(replaced.interaction), None)  # one remembered payload per open panel
        token = self.panels[key] = PanelToken(origin, self.clock())
        self.drawn[id(origin)] = payload_signature(payload)
        return self._answer_panel(key, token, payload, replace, replaced)

    async def _answer_panel(self, key: tuple[int, int], token: PanelToken, payload: dict[str, Any], replace: bool,
                            replaced: PanelToken | None) -> None:
        origin = token.interaction
        payload = await resolved(payload, urgent=True)
        # the panel answered in place: the one clicked, or the one whose "Other amount…" prompt was submitted
        clicked = origin.message.id if origin.message and origin.type in (
            discord.InteractionType.component, discord.InteractionType.modal_submit) else None
        try:
            if origin.response.is_done():  # deferred on arrival: the deferred answer becomes the panel
                in_place = origin.response.type is discord.InteractionResponseType.deferred_message_update
                held = self.pictured.get(clicked) if in_place else None  # else a new message: it holds nothing
                shown = await fill(origin, **self._panel_args(payload, held, edit=True))
            elif replace:
                edited = await origin.response.edit_message(**self._panel_args(payload, self.pictured.get(clicked),
                                                                               edit=True))
                shown = edited.resource if isinstance(edited.resource, discord.Message) else None
                token.message_id = clicked
            else:
                sent = await origin.response.send_message(ephemeral=True, **self._panel_args(payload, None, edit=False))
                shown = sent.resource if isinstance(sent.resource, discord.Message) else None
            token.message_id = self._holds(shown, payload, PANEL_PICTURE) or token.message_id
        except BaseException:
            if self.panels.get(key) is token:
                self.panels.pop(key, None)
            raise
        finally:
            token.answered.set()
        if replaced is not None and None not in (replaced.message_id, token.message_id) \
                and replaced.message_id != token.message_id and replaced.fresh(self.clock()):
            await self._delete_panel(replaced)

    def _panel_args(self, payload: dict[str, Any], held: Held | None, *, edit: bool) -> dict[str, Any]:
        return message_args(payload, held, edit=edit, name=PANEL_PICTURE)

    async def _delete_panel(self, token: PanelToken) -> None:
        self.pictured.pop(token.message_id, None)
        try:
            await token.interaction.delete_original_response()
        except discord.HTTPException:
            pass  # already gone (dismissed by the player, or its token expired)

    async def _edit_panel(self, key: tuple[int, int], token: PanelToken, payload: dict[str, Any]) -> None:
        signature = payload_signature(payload)
        if self.drawn.get(id(token.interaction)) == signature:
            return  # it shows this already (the player's own answer, or nothing changed for them)
        payload = await resolved(payload)
        try:  # a panel is edited only once its answer is there
            await asyncio.wait_for(token.answered.wait(), ANSWER_WINDOW)
        except asyncio.TimeoutError:
            pass
        try:
            shown = await token.interaction.edit_original_response(**self._panel_args(
                payload, self.pictured.get(token.message_id) if token.message_id else None, edit=True))
            self.drawn[id(token.interaction)] = signature
            self._holds(shown, payload, PANEL_PICTURE)
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == 429:  # Discord's trouble: the panel stays, drawn again soon
                self.behind.add(key[0])
            elif self.panels.get(key) is token:
                self.panels.pop(key, None)  # expired or deleted: "My hand" brings it back

    # ---------------------------------------------------------------- after a change

    async def table_changed(self, table: Table, events: list[Event], notes: list[str]) -> None:
        """Narration into the table's latest lines, summaries kept for the next redraw (nothing sent here)."""
        renderer = get_renderer(table.game.name)
        names = self.names(table)
        lines = list(notes)
        for event in events:
            if event.seat is not None:
                continue  # private events never reach the channel
            if event.type == "round_start":  # a new deal: the log of the last one is in its summary
                table.recent, lines = [], []
            if line := renderer.narrate(event, names):
                lines.append(line)
            if embed := renderer.summary(event, names):
                fit_embed(embed)
                table.recent = (table.recent + lines)[-RECENT_LINES:]
                lines = []
                self.summaries.setdefault(table.id, []).append(
                    (list(table.recent), summary_of(table.game.name, embed, event, self.drawn_names(table),
                                                    self.draws)))
        table.recent = (table.recent + lines)[-RECENT_LINES:]

    def frame(self, table: Table, *, repost: bool = False) -> Frame:
        now = self.clock()
        summaries = [(lines, self.table_payload(table, lines), summary)
                     for lines, summary in self.summaries.pop(table.id, [])]
        frame = Frame(None if repost else table.message_id, summaries, self.table_payload(table))
        for seat in table.humans():
            key = (table.id, seat.user_id)
            token = self.panels.get(key)
            if token is None:
                continue
            if not token.fresh(now):
                self.panels.pop(key, None)
                continue
            frame.panels.append((token, self.panel_payload(table, seat.user_id), key))
        if table.status == PLAYING:
            frame.pings = self._due_pings(table, {s: table.seat_version(s) for s in public_to_act(table)},
                                          without_panel=True)
        return frame

    async def draw(self, table: Table, frame: Frame) -> int | None:
        """A deal's summary posted under the table as that deal ended; then the table message and every open
        panel edited at once, and the pings posted."""
        channel = self.client.get_partial_messageable(table.channel_id)
        shown = frame.message_id
        self.behind.discard(table.id)
        self.missed.discard(table.id)
        self.reached.discard(table.id)
        for n, (_, ended, summary) in enumerate(frame.summaries):
            shown = await self._put_table(table, shown, ended)
            shown_summary = await summary.message_args()
            posted = await self.channel_call(table, "posting a summary", lambda: channel.send(**shown_summary),
                                             post=True, embed=True, files="file" in shown_summary)
            if posted is None and table.id in self.missed:  # kept to be posted once Parlor may post there again
                self.summaries[table.id] = [(lines, s) for lines, _, s in frame.summaries[n:]] \
                    + self.summaries.get(table.id, [])
                break
        shown, *_ = await asyncio.gather(self._put_table_and_ping(table, shown, frame),
                                         *(self._edit_panel(key, token, payload) for token, payload, key in frame.panels))
        if table.id in self.reached and table.id not in self.missed:
            self.reported.discard(table.id)  # its channel takes every call again (a probe went through, say)
        if table.status in (FINISHED, CANCELLED) and table.id not in self.reported:
            self.forget(table, shown)  # (a table that missed a call keeps it all until it is drawn again)
        return shown

    async def _put_table_and_ping(self, table: Table, shown: int | None, frame: Frame) -> int | None:
        """The table message, then the pings that send players to it: one call to the channel at a time, so that
        a channel refusing Parlor refuses one call, not two at once."""
        shown = await self._put_table(table, shown, frame.table)
        await self._ping(table, frame.pings)
        return shown

    async def pace(self, table: Table) -> None:
        """Under load (pictures queue for the workers), wait until ``table`` may be redrawn: at most once every
        REDRAW_EVERY seconds, so that a busy table's changes are drawn together (the latest state wins), the workers
        draw the answers' pictures first, and its channel stays within Discord's edit limit."""
        loop = asyncio.get_running_loop()
        last = self.redrawn.get(table.id)
        if last is not None and self.draws.queued() and (wait := last + REDRAW_EVERY - loop.time()) > 0:
            await asyncio.sleep(min(wait, REDRAW_EVERY))
        self.redrawn[table.id] = loop.time()

    def redraw_wanted(self, table: Table) -> bool:
        return table.id in self.behind

    def forget(self, table: Table, message_id: int | None) -> None:
        """A closed table's last frame is drawn: what was kept to draw it again (its pictures, what each message
        shows, its panels and pings) is let go, so a long-running bot keeps only its open tables."""
        for key in [k for k in self.pictures if k == table.id or (isinstance(k, tuple) and k[0] == table.id)]:
            del self.pictures[key]
        for key in [k for k in self.panels if k[0] == table.id]:
            token = self.panels.pop(key)
            self.drawn.pop(id(token.interaction), None)
            self.pictured.pop(token.message_id, None)
        for key in [k for k in self.pinged if k[0] == table.id]:
            del self.pinged[key]
        self.drawn.pop(message_id, None)
        self.pictured.pop(message_id, None)
        self.reported.discard(table.id)
        self.missed.discard(table.id)
        self.reached.discard(table.id)
        self.redrawn.pop(table.id, None)

    def _due_pings(self, table: Table, decisions: dict[int, int], *, without_panel: bool) -> list[int]:
        """Users to ping now, each once per decision (``decisions``: seat → the version of its decision);
        ``without_panel``: only those whose panel cannot be updated."""
        now = self.clock()
        due = []
        for seat_no, decision in decisions.items():
            seat = table.seats[seat_no]
            if seat.automated or seat.user_id is None:
                continue
            token = self.panels.get((table.id, seat.user_id))
            if without_panel and token and token.fresh(now):
                continue
            if self.pinged.get((table.id, seat.user_id)) == decision:
                continue
            self.pinged[(table.id, seat.user_id)] = decision
            due.append(seat.user_id)
        return due

    async def remind(self, table: Table, decisions: dict[int, int]) -> None:
        await self._ping(table, self._due_pings(table, decisions, without_panel=False))

    async def _ping(self, table: Table, user_ids: list[int]) -> None:
        if user_ids:
            channel = self.client.get_partial_messageable(table.channel_id)
            await self.channel_call(table, "pinging players", lambda: channel.send(
                f"{' '.join(f'<@{u}>' for u in user_ids)} — your turn at {table.game.title}: press **My hand** on the table.",
                allowed_mentions=discord.AllowedMentions(users=True)), post=True)
