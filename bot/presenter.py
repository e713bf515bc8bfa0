"""Shows tables on Discord: the public table message, summaries and private hand panels.

Public messages are built from ``public_view`` only. A player's hand goes only into their
ephemeral panel, edited in place through the player's latest interaction token while it
is fresh (docs/design.md §4). The presenter only presents: the table manager calls it after every
transition and records which message shows a table; ``origin`` is the interaction that asked
for the change (None when nobody did), answered here exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord
from pydantic import BaseModel
from pydantic_core import to_json

from bot import text as user_text
from bot.channel_calls import MISSING_PERMISSION, ChannelCalls
from bot.emoji import faces_stamp, fit, fit_embed
from bot.global_limit import GlobalPacer
from bot.hand_panels import HandPanels, PanelEdit
from bot.lobby import most_seats, players_wanted
from bot.painter import Painter, painter
from bot.payload import (
    ANSWER_WINDOW,
    PANEL_PICTURE,
    PICTURE,
    RESULT_PICTURE,
    TOKEN_LIFETIME,
    Frame,
    Held,
    PanelToken,
    Picture,
    Shown,
    Summary,
    digest,
    drawn_now,
    message_args,
    payload_signature,
    resolved,
)
from bot.pings import Pings
from bot.render import presentation
from bot.render.pictures import (
    drawn_from_json,
    draws_table,
    has_panel_picture,
    panel_drawn_from,
    panel_picture,
    result_picture,
    table_picture,
)
from bot.table_message import REPOST_AFTER, TableMessages
from bot.tables import CANCELLED, FINISHED, LOBBY, PLAYING, Presenter, Table, public_to_act
from bot.ui import Item, build_view, hand_button, lobby_buttons, panel_in_place, tell
from games.base import Event

__all__ = [
    "ANSWER_WINDOW",
    "MISSING_PERMISSION",
    "PANEL_PICTURE",
    "PICTURE",
    "REDRAW_EVERY",
    "REPOST_AFTER",
    "RESULT_PICTURE",
    "TOKEN_LIFETIME",
    "DiscordPresenter",
    "Frame",
    "Held",
    "PanelToken",
    "Picture",
    "Summary",
    "TablePayloads",
    "digest",
    "drawn_now",
    "message_args",
    "payload_signature",
    "resolved",
    "summary_of",
]

RECENT_LINES = 8
# Under load a table is redrawn at most once a second: Discord lets a channel's messages be edited 5 times in 5 s,
# and changes made meanwhile are drawn at once (the latest state wins)
REDRAW_EVERY = 1.0


def summary_of(
    game_name: str, embed: discord.Embed, event: Event, names: list[str], draws: Painter | None = None
) -> Summary:
    """The result message of ``event``; its picture (drawn off the event loop) shown in the embed, when the game
    draws one."""
    seen = event.model_dump(mode="json")
    draws = draws or painter()
    picture = Picture(
        json.dumps([seen, names], sort_keys=True, default=str).encode(),
        draws.submit(result_picture, game_name, seen, names),
        draws,
    )
    embed.set_image(url=f"attachment://{RESULT_PICTURE}")
    return Summary(embed, picture)


class TablePayloads:
    """What a table's messages show: the public table message (from the public view only) and each player's hand
    panel (from that seat's own view), their pictures drawn off the event loop and only when what they show
    changed."""

    def __init__(self, draws: Painter) -> None:
        self.draws = draws  # where pictures are drawn: off the event loop
        # table (its picture), or (table, user) (that player's panel picture) → the picture of the view drawn last
        self.pictures: dict[Any, Picture] = {}
        # (table, user) → what that player's panel was last built from (``panel_inputs``), and the panel built
        self.panels: dict[tuple[int, int], tuple[tuple[Any, ...], dict[str, Any]]] = {}

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
            embed = discord.Embed(
                title=f"{table.game.title} — table closed", description=table.closing, colour=discord.Colour.dark_grey()
            )
            return {"content": None, "embed": embed, "view": None, "picture": None}
        renderer = presentation(table.game.name)
        public_view = table.game.public_view(table.state)
        running = table.status == PLAYING and table.paused is None  # a paused table's clock is stopped
        embed = renderer.table_embed(public_view, self.names(table), table.deadline if running else None)
        if table.paused is not None and table.status == PLAYING:
            embed.add_field(name="Paused", value=table.paused.line(), inline=False)
        if recent:
            embed.add_field(
                name="Latest", value=fit("\n".join(recent[-RECENT_LINES:]), 1024, keep_end=True), inline=False
            )
        picture = self.picture(table, public_view)
        if picture is not None:
            embed.set_image(url=f"attachment://{PICTURE}")
        fit_embed(embed)
        buttons: list[Item] = [hand_button()] if table.status == PLAYING else []
        view = build_view(table.id, table.version, buttons) if buttons else None
        return {"content": self.turn_line(table), "embed": embed, "view": view, "picture": picture}

    def picture(self, table: Table, public_view: BaseModel) -> Picture | None:
        """The table picture (faces/table.py), drawn again only when the public view changed; None for a
        game without one."""
        if not draws_table(table.game.name):
            return None
        return self._drawn_picture(table, table.id, public_view, table_picture)

    def _drawn_picture(
        self,
        table: Table,
        slot: Any,
        view: BaseModel,
        draw: Callable[[str, Any], bytes | None],
        drawn_part: Any = None,
        *,
        urgent: bool = False,
    ) -> Picture:
        """``draw(game, view)`` in the painter's workers, drawn again only when ``drawn_part`` (the part of the view
        the picture shows; by default all of it) changed since ``slot``'s last picture. ``urgent``: an answer will
        wait for it (drawn before the pictures queued for redraws). The view goes to the worker as its JSON, which is
        also the picture's key (serialized once, by pydantic's serializer: a third of the CPU of the sorted JSON and
        the pickled view it replaces)."""
        key = to_json(view if drawn_part is None else drawn_part)
        if (cached := self.pictures.get(slot)) is None or cached.key != key:
            data = key if drawn_part is None or drawn_part is view else to_json(view)
            drawing = self.draws.submit(drawn_from_json, draw, table.game.name, type(view), data, urgent=urgent)
            cached = self.pictures[slot] = Picture(key, drawing, self.draws)
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
                f"**{user_text.name(s.name)}**" if s.automated or not s.user_id else f"<@{s.user_id}>" for s in named
            )
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
            description=(
                f"**Seats ({len(table.seats)}/{offered}):**\n{seats}\n\n"
                f"**Options:** {options}\n**Turn time:** {table.turn_seconds} s\n\n"
                f"Press **Join** to sit down. The host presses **Start** when "
                f"{players_wanted(game, table.options)} are seated."
            ),
            colour=discord.Colour.blurple(),
        )
        full = len(table.seats) >= offered
        buttons: list[Item] = [*lobby_buttons(full)]
        return {"content": None, "embed": embed, "view": build_view(table.id, table.version, buttons)}

    def panel_payload(self, table: Table, user_id: int, *, urgent: bool = False) -> dict[str, Any]:
        """A player's hand panel (``urgent``: an answer waits for it, its picture is drawn first). Built again only
        when what it is built from changed: a /hand just after a redraw, or a redraw just after the player's own
        answer, shows the panel built then."""
        inputs = panel_inputs(table)
        built = self.panels.get((table.id, user_id))
        if built is not None and built[0] == inputs:
            payload = dict(built[1])
            picture = payload["picture"]
            if urgent and isinstance(picture, Picture) and not picture.drawing.done():
                self.draws.hurry(picture.drawing)
            return payload
        payload = self._panel_payload(table, user_id, urgent=urgent)
        self.panels[(table.id, user_id)] = (inputs, payload)
        return dict(payload)

    def _panel_payload(self, table: Table, user_id: int, *, urgent: bool) -> dict[str, Any]:
        seat = table.seat_of(user_id)
        assert seat is not None, "a hand panel is shown to a seated player only"
        renderer = presentation(table.game.name)
        choices = table.choices(seat)  # what the seat may do now, the panel's buttons unless a bot plays it
        legal = [] if table.seats[seat].automated else choices
        view = table.game.view(table.state, seat)  # the seat's own view: nothing of another seat's hand
        embed, buttons = renderer.panel(view, legal, self.names(table), table.deadline)
        fit_embed(embed)
        picture = (
            self._drawn_picture(
                table, (table.id, user_id), view, panel_picture, panel_drawn_from(table.game.name, view), urgent=urgent
            )
            if has_panel_picture(table.game.name, view)
            else None
        )
        if picture:
            embed.set_image(url=f"attachment://{PANEL_PICTURE}")
        if table.status != PLAYING:
            over = "This game is over" if table.status == FINISHED else "This table is closed"
            embed.description = f"**{over}** — the final result is in the channel.\n\n{embed.description or ''}"
            buttons = []
        elif table.seats[seat].resigned:
            embed.set_footer(text="You resigned; a bot plays your seat.")
            buttons = []
        return {
            "content": None,
            "embed": embed,
            "view": build_view(table.id, table.seat_version(seat, choices), buttons),
            "picture": picture,
        }

    def forget(self, table: Table) -> None:
        for key in [k for k in self.pictures if k == table.id or (isinstance(k, tuple) and k[0] == table.id)]:
            del self.pictures[key]
        for built in [k for k in self.panels if k[0] == table.id]:
            del self.panels[built]


def panel_inputs(table: Table) -> tuple[Any, ...]:
    """Everything a hand panel is built from besides the player: the table's version (every move, seat change and
    resignation makes a new one: the state, whose turn, the seat versions), its status and deadline, the seats'
    names and kinds, and the card faces the renderers may show as emoji (their stamp: any face shown, replaced or
    dropped changes it)."""
    return (
        table.version,
        table.status,
        table.deadline,
        tuple((s.name, s.bot, s.resigned) for s in table.seats),
        faces_stamp(),
    )


class DiscordPresenter(Presenter):
    """Shows tables on Discord: what the messages show (``payloads``), the table message (``messages``), the hand
    panels (``hand_panels``), the pings (``pings``), every call through ``calls``; the redraws after each change,
    the table message's at its turn at ``pacer`` (this process's share of Discord's global limit; None: unpaced)."""

    def __init__(
        self,
        client: discord.Client | None,
        clock: Callable[[], float] = time.time,
        draws: Painter | None = None,
        pacer: GlobalPacer | None = None,
    ) -> None:
        self.client = client
        self.clock = clock
        self.draws = draws or painter()  # where pictures are drawn: off the event loop
        self.pacer = pacer
        self.payloads = TablePayloads(self.draws)
        self.redrawn: dict[int, float] = {}  # table → when (the event loop's time) its last redraw began
        self.summaries: dict[int, list[tuple[list[str], Summary]]] = {}  # table → (its lines, summary) to post
        now = self._now  # the parts read this clock (a test may set another)
        self.shown = Shown()
        self.calls = ChannelCalls(client, lambda table: self.hand_panels.host_panel(table))
        self.hand_panels = HandPanels(self.shown, now)
        self.messages = TableMessages(self.calls, self.shown, now)
        self.pings = Pings(self.calls, self.hand_panels, now)

    def _now(self) -> float:
        return self.clock()

    # what tests and the bot read of the parts
    @property
    def access(self) -> Any:
        return self.calls.access

    @property
    def reported(self) -> set[int]:
        return self.calls.reported

    @property
    def pictures(self) -> dict[Any, Picture]:
        return self.payloads.pictures

    @property
    def panels(self) -> dict[tuple[int, int], PanelToken]:
        return self.hand_panels.tokens

    @property
    def pinged(self) -> dict[tuple[int, int], int]:
        return self.pings.pinged

    @property
    def drawn(self) -> dict[Any, str]:
        return self.shown.drawn

    @property
    def pictured(self) -> dict[int, Held]:
        return self.shown.pictured

    def table_payload(self, table: Table, recent: list[str] | None = None) -> dict[str, Any]:
        return self.payloads.table_payload(table, recent)

    def panel_payload(self, table: Table, user_id: int, *, urgent: bool = False) -> dict[str, Any]:
        return self.payloads.panel_payload(table, user_id, urgent=urgent)

    # ---------------------------------------------------------------- answers

    async def table_opened(self, table: Table, origin: discord.Interaction | None) -> int | None:
        """The new table, posted as the answer to the command that opened it."""
        if origin is None:
            return await self.messages.put(table, None, self.table_payload(table))
        return await self.messages.opened(table, origin, self.table_payload(table))

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

    def answers_in_place(self, origin: discord.Interaction | None) -> bool:
        return origin is not None and panel_in_place(origin)

    def panel_reply(
        self, table: Table, user_id: int, origin: discord.Interaction | None, *, replace: bool, note: str | None = None
    ) -> Awaitable[None]:
        replace = replace and self.answers_in_place(origin)  # a public message is never replaced by a panel
        payload = self.panel_payload(table, user_id, urgent=True)
        if note is not None:
            payload["content"] = note
        return self.hand_panels.send(table.id, user_id, origin, payload, replace)

    def reopened(self, tables: Iterable[Table], guild_id: int, channel_id: int | None) -> list[Table]:
        return self.calls.reopened(tables, guild_id, channel_id)

    async def remind(self, table: Table, decisions: dict[int, int]) -> None:
        await self.pings.remind(table, decisions)

    # ---------------------------------------------------------------- after a change

    async def table_changed(self, table: Table, events: list[Event], notes: list[str]) -> None:
        """Narration into the table's latest lines, summaries kept for the next redraw (nothing sent here)."""
        renderer = presentation(table.game.name)
        names = self.payloads.names(table)
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
                    (
                        list(table.recent),
                        summary_of(table.game.name, embed, event, self.payloads.drawn_names(table), self.draws),
                    )
                )
        table.recent = (table.recent + lines)[-RECENT_LINES:]

    def frame(self, table: Table, *, repost: bool = False) -> Frame:
        summaries = [
            (lines, self.table_payload(table, lines), summary) for lines, summary in self.summaries.pop(table.id, [])
        ]
        frame = Frame(None if repost else table.message_id, summaries, self.table_payload(table))
        if table.status == PLAYING:
            frame.pings = self.pings.due(
                table, {s: table.seat_version(s) for s in public_to_act(table)}, without_panel=True
            )
        return frame

    def panel_frame(self, table: Table) -> list[PanelEdit]:
        """Every open panel of the table with what it is to show now."""
        now = self.clock()
        edits: list[PanelEdit] = []
        for seat in table.humans():
            if seat.user_id is None:
                continue
            key = (table.id, seat.user_id)
            if (token := self.hand_panels.open(key, now)) is not None:
                edits.append((token, self.panel_payload(table, seat.user_id), key))
        return edits

    def turn(self, table: Table) -> contextlib.AbstractAsyncContextManager[None]:
        """The table message's turn at the global pacer, taken before its frame is built (the request that uses
        it is not counted again)."""
        return self.pacer.turn() if self.pacer is not None else contextlib.nullcontext()

    async def draw(self, table: Table, frame: Frame) -> int | None:
        """A deal's summary posted under the table as that deal ended; then the table message edited, and the
        pings posted."""
        channel = self.calls.channel(table)
        shown = frame.message_id
        self.calls.redraw_begins(table)
        for n, (_, ended, summary) in enumerate(frame.summaries):
            shown = await self.messages.put(table, shown, ended)
            shown_summary = await summary.message_args()
            posted = await self.calls.call(
                table,
                "posting a summary",
                functools.partial(channel.send, **shown_summary),
                post=True,
                embed=True,
                files="file" in shown_summary,
            )
            if posted is None and table.id in self.calls.missed:  # kept to be posted once Parlor may post there again
                self.summaries[table.id] = [(lines, s) for lines, _, s in frame.summaries[n:]] + self.summaries.get(
                    table.id, []
                )
                break
        shown = await self._put_table_and_ping(table, shown, frame)
        self.calls.redraw_ended(table)
        return shown

    async def draw_panels(self, table: Table, edits: list[PanelEdit]) -> None:
        await self.hand_panels.edit_all(table.id, edits)

    async def _put_table_and_ping(self, table: Table, shown: int | None, frame: Frame) -> int | None:
        """The table message, then the pings that send players to it: one call to the channel at a time, so that
        a channel refusing Parlor refuses one call, not two at once."""
        shown = await self.messages.put(table, shown, frame.table)
        await self.pings.ping(table, frame.pings)
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
        return table.id in self.calls.behind

    def panels_wanted(self, table: Table) -> bool:
        return table.id in self.hand_panels.behind

    def closed(self, table: Table) -> None:
        if table.status in (FINISHED, CANCELLED) and table.id not in self.calls.reported:
            self.forget(table, table.message_id)  # (a table that missed a call keeps it all until drawn again)

    def forget(self, table: Table, message_id: int | None) -> None:
        """A closed table's last frame is drawn: what was kept to draw it again (its pictures, what each message
        shows, its panels and pings) is let go, so a long-running bot keeps only its open tables."""
        self.payloads.forget(table)
        self.hand_panels.forget(table)
        self.pings.forget(table)
        self.shown.forget(message_id)
        self.calls.forget(table)
        self.redrawn.pop(table.id, None)
