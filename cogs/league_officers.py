"""``/league`` commands of the league's officers: the action log, table control (``/league table
pause|resume|replace|seat|end|void|correct``) and registration (``/league register``, ``/league players``), a mixin
of ``cogs/league_group.py``.

Officers are named in ``bot/league/officers.py``: members with the server's league-officer role, and
members with Manage Server. Every officer command answers anyone else with one polite private line.
"""

from __future__ import annotations

from collections.abc import Awaitable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot import text as user_text
from bot.league import control, late_seats, officers, registration
from bot.league.control import Officer
from bot.league.ratings import ratings_now
from bot.league.server import channel_of, server_of
from bot.tables import PLAYING, Refusal, Table, TableManager
from bot.text_option import TextOption
from bot.ui import tell
from cogs.replies import guild_of

if TYPE_CHECKING:  # the commands of this mixin belong to the one group cog, cogs/league_group.py
    CogBase = commands.GroupCog
else:
    CogBase = object

REASON_OPTION = TextOption("reason", officers.REASON_MAX)  # declared to Discord and checked on arrival
NAME_OPTION = TextOption("name", registration.NAME_MAX)
LOG_PAGE = 10  # actions per page of /league log
PLAYERS_SHOWN = 40  # registered players listed by /league players
COLOUR = discord.Colour(0xC0392B)  # the league embeds' colour
SERVER_ONLY = "League commands work in a server's channels, not in direct messages."


def action_line(action: officers.OfficerAction) -> str:
    when = f"<t:{int(action.at)}:f>"
    on = f" · {user_text.escape(action.target, 80)}" if action.target else ""
    why = f" — *{user_text.escape(action.reason, 200)}*" if action.reason else ""
    return f"{when} · **{user_text.escape(action.action)}**{on} by {user_text.name(action.officer_name)}{why}"


REASON = "Why (kept on the officers' record, /league log)"
TABLE = "The table's number (default: this channel's)"
Number = int | None  # a table's number; None: this channel's table
Reason = app_commands.Transform[str, REASON_OPTION] | None


class Act(Protocol):
    """An officer's action on a table in play (``bot/league/control.py``): the answer for the officer."""

    def __call__(self, manager: TableManager, table: Table, *, officer: Officer, reason: str) -> Awaitable[str]: ...


class OfficerCommands(CogBase):
    """League officers."""

    store: Any
    bot: Any

    table_control = app_commands.Group(name="table", description="League officers: control a table", guild_only=True)

    async def _officer(self, interaction: discord.Interaction) -> bool:
        """True for an officer (the interaction is then answered "thinking", privately, before any table lock);
        anyone else gets the one polite refusal and nothing changes."""
        refusal = await officers.check_officer(interaction, self.store)
        if refusal is not None:
            await tell(interaction, refusal)
            return False
        await interaction.response.defer(ephemeral=True, thinking=True)
        return True

    def _controlled_table(self, interaction: discord.Interaction, table_id: int | None) -> Table:
        """The table asked for (by id) or this channel's, if it is one of this server's tables in play."""
        manager: TableManager = self.bot.tables
        table = manager.get(table_id) if table_id is not None else manager.in_channel(channel_of(interaction))
        if table is None or table.guild_id != interaction.guild_id:
            raise Refusal(
                "There is no table in play here."
                if table_id is None
                else f"There is no table {table_id} in play on this server."
            )
        return table

    async def _control(self, interaction: discord.Interaction, table: int | None, reason: str | None, act: Act) -> None:
        """An officer's command on a table in play: the officer checked and answered first, then :meth:`_act`."""
        if await self._officer(interaction):
            await self._act(interaction, table, reason, act)

    async def _act(self, interaction: discord.Interaction, table: int | None, reason: str | None, act: Act) -> None:
        """``act`` run on the table asked for, or this channel's, and its answer told privately to the officer."""
        live = self._controlled_table(interaction, table)
        await tell(interaction, await act(self.bot.tables, live, officer=interaction.user, reason=reason or ""))

    @table_control.command(name="pause", description="Stop a table's clock: nobody moves until it resumes")
    @app_commands.describe(table=TABLE, reason=REASON)
    async def table_pause(self, interaction: discord.Interaction, table: Number = None, reason: Reason = None) -> None:
        await self._control(interaction, table, reason, control.pause)

    @table_control.command(name="resume", description="Restart a paused table with the time it had left")
    @app_commands.describe(table=TABLE, reason=REASON)
    async def table_resume(self, interaction: discord.Interaction, table: Number = None, reason: Reason = None) -> None:
        await self._control(interaction, table, reason, control.resume)

    @table_control.command(name="replace", description="A bot plays an absent player's seat from now on")
    @app_commands.describe(player="The absent player", table=TABLE, reason=REASON)
    async def table_replace(
        self, interaction: discord.Interaction, player: discord.User, table: Number = None, reason: Reason = None
    ) -> None:
        await self._control(interaction, table, reason, partial(control.bench, user_id=player.id))

    @table_control.command(name="seat", description="A late player takes a bot's seat when the next deal begins")
    @app_commands.describe(player="The late player", table=TABLE, reason=REASON)
    async def table_seat(
        self, interaction: discord.Interaction, player: discord.User, table: Number = None, reason: Reason = None
    ) -> None:
        if await self._officer(interaction):
            if player.bot:
                raise Refusal("A bot account cannot take a seat: name the person who came late.")
            late = partial(late_seats.promise, user_id=player.id, name=player.display_name)
            await self._act(interaction, table, reason, late)

    @table_control.command(name="end", description="End a table now by its game's own end rule: its results count")
    @app_commands.describe(table=TABLE, reason=REASON)
    async def table_end(self, interaction: discord.Interaction, table: Number = None, reason: Reason = None) -> None:
        await self._control(interaction, table, reason, control.end_early)

    @table_control.command(name="void", description="Void a table: its results leave the standings and ratings")
    @app_commands.describe(reason=REASON, table="The table's number (default: this channel's table in play)")
    async def table_void(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Transform[str, REASON_OPTION],
        table: int | None = None,
    ) -> None:
        if not await self._officer(interaction):
            return
        manager: TableManager = self.bot.tables
        live = manager.get(table) if table is not None else manager.in_channel(channel_of(interaction))
        if live is not None and live.guild_id == interaction.guild_id and live.status == PLAYING:
            await control.void_playing(manager, live, interaction.user, reason)
            await tell(interaction, f"Table {live.id} is voided: it closed without results.")
            return
        if table is None:
            raise Refusal("There is no table in play here; name the finished table to void by its number.")
        done = await control.finished_table(self.store, server_of(interaction), table)
        lines = await control.void_finished(self.store, done, interaction.user, reason)
        await tell(
            interaction,
            f"Table {done.id} is voided: {lines} compensating ledger lines; it left the "
            "standings and the ratings were rebuilt.",
        )

    @table_control.command(name="correct", description="Correct a player's result at a finished table")
    @app_commands.describe(
        table="The finished table's number",
        player="Whose result",
        points="Added to their result, in the game's points (negative to take away)",
        reason=REASON,
    )
    async def table_correct(
        self,
        interaction: discord.Interaction,
        table: int,
        player: discord.User,
        points: float,
        reason: app_commands.Transform[str, REASON_OPTION],
    ) -> None:
        if not await self._officer(interaction):
            return
        done = await control.finished_table(self.store, server_of(interaction), table)
        await tell(interaction, await control.correct(self.store, done, player.id, points, interaction.user, reason))

    @app_commands.command(name="log", description="Every officer action of this server's league, newest first")
    @app_commands.describe(page="Which page (1: the newest actions)")
    @app_commands.guild_only()
    async def log(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100000] | None = None
    ) -> None:
        if (guild_id := await guild_of(interaction, SERVER_ONLY)) is None:
            return
        number = page or 1
        # pages by id: the newest LOG_PAGE * number actions, the last LOG_PAGE of them shown
        shown = await officers.actions(self.store, guild_id, limit=LOG_PAGE * number)
        rows = shown[LOG_PAGE * (number - 1) :]
        if not rows:
            await tell(
                interaction,
                "No officer action is on the record yet."
                if number == 1
                else f"There is no page {number}: the record has {len(shown)} actions.",
            )
            return
        embed = discord.Embed(
            title="League officers' record", colour=COLOUR, description="\n".join(action_line(a) for a in rows)
        )
        embed.set_footer(text=f"Page {number} · newest first · {LOG_PAGE} actions a page")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="register", description="Register for this server's league, under a name")
    @app_commands.describe(name="The name your seats and the league's exports show (default: your display name)")
    @app_commands.guild_only()
    async def register(
        self, interaction: discord.Interaction, name: app_commands.Transform[str, NAME_OPTION] | None = None
    ) -> None:
        if (guild_id := await guild_of(interaction, SERVER_ONLY)) is None:
            return
        kept = registration.clean_name(name or interaction.user.display_name)
        if kept is None:
            await tell(interaction, "Please choose a name with some letters or digits in it.")
            return
        await registration.register(self.store, guild_id, interaction.user.id, kept)
        await tell(
            interaction,
            f"You are registered for this server's league as **{user_text.escape(kept)}**. "
            "Tables you join from now on show this name.",
        )

    @app_commands.command(name="players", description="The league's registered players, with games and rating")
    @app_commands.guild_only()
    async def players(self, interaction: discord.Interaction) -> None:
        if (guild_id := await guild_of(interaction, SERVER_ONLY)) is None:
            return
        listed = await registration.players(self.store, guild_id)
        if not listed:
            await tell(interaction, "Nobody has registered yet: /league register.")
            return
        games = await registration.games_played(self.store, guild_id)
        rated = {game: await ratings_now(self.store, guild_id, game) for game in sorted({g for _, g in games})}
        lines = []
        for player in listed[:PLAYERS_SHOWN]:
            played = [(g, n) for (u, g), n in sorted(games.items()) if u == player.user_id]
            detail = ", ".join(
                f"{g} {n} games, rating {rated[g][player.user_id].shown:.1f}"
                if player.user_id in rated[g]
                else f"{g} {n} games"
                for g, n in played
            )
            lines.append(f"{user_text.name(player.name)} (<@{player.user_id}>) — {detail or 'no games yet'}")
        on = await registration.registration_on(self.store, guild_id)
        embed = discord.Embed(title="Registered players", colour=COLOUR, description="\n".join(lines))
        embed.set_footer(
            text=f"{len(listed)} registered · "
            + ("only registered players may join this server's tables" if on else "registration is optional here")
        )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
