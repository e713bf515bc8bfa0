"""Shows tables on Discord: the public table message, summaries and private hand panels.

Public messages are built from ``public_view`` only. A player's hand goes only into their
ephemeral panel, edited in place through the player's latest interaction token while it
is fresh (DESIGN §4). The presenter only presents: the table manager calls it after every
transition and records which message shows a table; ``origin`` is the interaction that asked
for the change (None when nobody did), answered here exactly once.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

from bot.render import get_renderer
from bot.tables import FINISHED, LOBBY, PLAYING, Presenter, Table, players_wanted, public_to_act
from bot.ui import build_view, hand_button, lobby_buttons, tell
from games.base import Event

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60 - 30  # Discord keeps an interaction token 15 minutes; keep a margin
RECENT_LINES = 8


@dataclass
class PanelToken:
    interaction: discord.Interaction
    at: float

    def fresh(self, now: float) -> bool:
        return now - self.at < TOKEN_LIFETIME


class DiscordPresenter(Presenter):
    def __init__(self, client: discord.Client | None) -> None:
        self.client = client
        self.panels: dict[tuple[int, int], PanelToken] = {}
        self.pinged: dict[tuple[int, int], int] = {}  # (table, user) → that seat's version when last pinged

    # ---------------------------------------------------------------- public message

    def names(self, table: Table) -> list[str]:
        return [s.name for s in table.seats]

    def table_payload(self, table: Table) -> dict[str, Any]:
        if table.status == LOBBY:
            return self._lobby_payload(table)
        renderer = get_renderer(table.game.name)
        embed = renderer.table_embed(table.game.public_view(table.state), self.names(table),
                                     table.deadline if table.status == PLAYING else None)
        if table.recent:
            embed.add_field(name="Latest", value="\n".join(table.recent[-RECENT_LINES:])[-1024:], inline=False)
        buttons = [hand_button()] if table.status == PLAYING else []
        view = build_view(table.id, table.version, buttons) if buttons else None
        return {"content": self.turn_line(table), "embed": embed, "view": view}

    def turn_line(self, table: Table) -> str | None:
        """``Turn: <@id>`` for the players to act (a bot by its name); during a secret window (who
        may call is hidden) the line stays, saying so."""
        if table.status != PLAYING:
            return None
        named = [table.seats[s] for s in public_to_act(table)]
        if named:
            return "Turn: " + " ".join(f"**{s.name}**" if s.automated or not s.user_id else f"<@{s.user_id}>"
                                       for s in named)
        return "Turn: waiting for calls (who may call stays secret)" if table.to_act() else None

    def _lobby_payload(self, table: Table) -> dict[str, Any]:
        game = table.game
        seats = "\n".join(
            f"{i + 1}. {'🤖 ' + s.name if s.bot else f'<@{s.user_id}>'}{' (host)' if s.user_id == table.host_id else ''}"
            for i, s in enumerate(table.seats)
        )
        options = ", ".join(f"{k}={v}" for k, v in table.options.items()) or "defaults"
        embed = discord.Embed(
            title=f"{game.title} — table open",
            description=(f"**Seats ({len(table.seats)}/{game.max_players}):**\n{seats}\n\n"
                         f"**Options:** {options}\n**Turn time:** {table.turn_seconds} s\n\n"
                         f"Press **Join** to sit down. The host presses **Start** when "
                         f"{players_wanted(table)} are seated."),
            colour=discord.Colour.blurple(),
        )
        full = len(table.seats) >= game.max_players
        return {"content": None, "embed": embed, "view": build_view(table.id, table.version, lobby_buttons(full))}

    async def show_table(self, table: Table, *, repost: bool = False) -> int:
        return await self._put_table(table, None if repost else table.message_id)

    async def _put_table(self, table: Table, message_id: int | None) -> int:
        """Show the table in message ``message_id``, edited in place, or when there is none (or it is gone)
        in a new message; the id of the message that shows it."""
        payload = self.table_payload(table)
        channel = self.client.get_partial_messageable(table.channel_id)
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(**payload)
                return message_id
            except discord.NotFound:
                pass
        message = await channel.send(**{k: v for k, v in payload.items() if v is not None})
        return message.id

    async def table_opened(self, table: Table, origin: discord.Interaction | None) -> int:
        """The new table, posted as the answer to the command that opened it."""
        if origin is None:
            return await self._put_table(table, None)
        payload = self.table_payload(table)
        await origin.response.send_message(**{k: v for k, v in payload.items() if v is not None})
        return (await origin.original_response()).id

    async def lobby_changed(self, table: Table, origin: discord.Interaction | None, answer: str | None = None) -> int | None:
        """A click on the lobby is answered by the lobby itself, edited in place; a command by ``answer``."""
        if origin is not None and origin.type is discord.InteractionType.component and not origin.response.is_done():
            await origin.response.edit_message(**self.table_payload(table))
            return None
        await self.acknowledge(origin, answer)
        return await self._put_table(table, table.message_id)

    async def acknowledge(self, origin: discord.Interaction | None, answer: str | None = None) -> None:
        if origin is None:
            return
        if answer is not None and origin.type is discord.InteractionType.application_command:
            await tell(origin, answer)
        elif not origin.response.is_done():
            await origin.response.defer()

    async def table_closed(self, table: Table, text: str, origin: discord.Interaction | None,
                           answer: str | None = None) -> None:
        await self.acknowledge(origin, answer)
        if not table.message_id:
            return
        channel = self.client.get_partial_messageable(table.channel_id)
        embed = discord.Embed(title=f"{table.game.title} — table closed", description=text, colour=discord.Colour.dark_grey())
        try:
            await channel.get_partial_message(table.message_id).edit(content=None, embed=embed, view=None)
        except discord.HTTPException:
            log.warning("could not edit the closed table message %s", table.message_id)

    # ---------------------------------------------------------------- panels

    def panel_payload(self, table: Table, user_id: int) -> dict[str, Any]:
        seat = table.seat_of(user_id)
        renderer = get_renderer(table.game.name)
        legal = table.game.legal_actions(table.state, seat) if seat in table.to_act() and not table.seats[seat].automated else []
        embed, buttons = renderer.panel(table.game.view(table.state, seat), legal, self.names(table), table.deadline)
        if table.status != PLAYING:
            over = "This game is over" if table.status == FINISHED else "This table is closed"
            embed.description = f"**{over}** — the final result is in the channel.\n\n{embed.description or ''}"
            buttons = []
        elif table.seats[seat].resigned:
            embed.set_footer(text="You resigned; a bot plays your seat.")
            buttons = []
        return {"content": None, "embed": embed, "view": build_view(table.id, table.seat_version(seat), buttons)}

    async def show_panel(self, table: Table, user_id: int, origin: discord.Interaction | None, *, replace: bool,
                         note: str | None = None) -> None:
        if origin is None:
            return
        payload = self.panel_payload(table, user_id)
        if note is not None:
            payload["content"] = note
        if replace:
            await origin.response.edit_message(**payload)
        else:
            await origin.response.send_message(ephemeral=True, **payload)
        self.panels[(table.id, user_id)] = PanelToken(origin, time.time())

    async def refresh_panels(self, table: Table, skip_user: int | None = None) -> None:
        now = time.time()
        for seat in table.humans():
            key = (table.id, seat.user_id)
            token = self.panels.get(key)
            if seat.user_id == skip_user or token is None:
                continue
            if not token.fresh(now):
                self.panels.pop(key, None)
                continue
            try:
                await token.interaction.edit_original_response(**self.panel_payload(table, seat.user_id))
            except discord.HTTPException:
                self.panels.pop(key, None)  # expired or deleted: "My hand" brings it back

    async def ping_stale_turns(self, table: Table) -> None:
        """Players to act whose panel cannot be updated get one public mention per decision."""
        now = time.time()
        mentions = []
        for seat_no in public_to_act(table):
            seat = table.seats[seat_no]
            if seat.automated or seat.user_id is None:
                continue
            token = self.panels.get((table.id, seat.user_id))
            if token and token.fresh(now):
                continue
            decision = table.seat_version(seat_no)  # changes with this seat's decision, not when others act
            if self.pinged.get((table.id, seat.user_id)) == decision:
                continue
            self.pinged[(table.id, seat.user_id)] = decision
            mentions.append(f"<@{seat.user_id}>")
        if mentions:
            channel = self.client.get_partial_messageable(table.channel_id)
            await channel.send(f"{' '.join(mentions)} — your turn at {table.game.title}: press **My hand** on the table.",
                               allowed_mentions=discord.AllowedMentions(users=True))

    # ---------------------------------------------------------------- after a change

    async def table_changed(self, table: Table, events: list[Event], notes: list[str]) -> int:
        renderer = get_renderer(table.game.name)
        names = self.names(table)
        channel = self.client.get_partial_messageable(table.channel_id)
        shown = table.message_id
        lines = list(notes)
        for event in events:
            if event.seat is not None:
                continue  # private events never reach the channel
            if event.type == "round_start":  # a new deal: the log of the last one is in its summary
                table.recent, lines = [], []
            if line := renderer.narrate(event, names):
                lines.append(line)
            if embed := renderer.summary(event, names):
                table.recent = (table.recent + lines)[-RECENT_LINES:]
                lines = []
                shown = await self._put_table(table, shown)
                await channel.send(embed=embed)
        table.recent = (table.recent + lines)[-RECENT_LINES:]
        shown = await self._put_table(table, shown)
        await self.refresh_panels(table)
        if table.status == PLAYING:
            await self.ping_stale_turns(table)
        return shown
