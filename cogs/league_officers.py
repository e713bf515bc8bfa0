"""``/league`` commands of the league's officers: the action log and table control (``/league table
pause|resume|replace|void|correct``), a mixin of ``cogs/league_group.py``.

Officers are named in ``bot/league/officers.py``: members with the server's league-officer role, and
members with Manage Server. Every officer command answers anyone else with one polite private line.
"""

from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands

from bot import text as user_text
from bot.league import control, officers
from bot.tables import Refusal, Table, TableManager
from bot.ui import tell

LOG_PAGE = 10  # actions per page of /league log
COLOUR = discord.Colour(0xC0392B)  # the league embeds' colour


def action_line(action: officers.OfficerAction) -> str:
    when = f"<t:{int(action.at)}:f>"
    on = f" · {user_text.escape(action.target, 80)}" if action.target else ""
    why = f" — *{user_text.escape(action.reason, 200)}*" if action.reason else ""
    return f"{when} · **{user_text.escape(action.action)}**{on} by {user_text.name(action.officer_name)}{why}"


REASON = "Why (kept on the officers' record, /league log)"


class OfficerCommands:
    """League officers."""

    store: Any
    bot: Any

    table_control = app_commands.Group(name="table", description="League officers: control a table",
                                       guild_only=True)

    async def _officer(self, interaction: discord.Interaction) -> bool:
        """True for an officer (the interaction is then answered "thinking", privately, before any table lock);
        anyone else gets the one polite refusal and nothing changes."""
        refusal = await officers.check_officer(interaction, self.store)
        if refusal is not None:
            await tell(interaction, refusal)
            return False
        await interaction.response.defer(ephemeral=True, thinking=True)
        return True

    def _open_table(self, interaction: discord.Interaction, table_id: int | None) -> Table:
        """The table asked for (by id) or this channel's, if it is one of this server's tables in play."""
        manager: TableManager = self.bot.tables
        table = manager.get(table_id) if table_id is not None else manager.in_channel(interaction.channel_id)
        if table is None or table.guild_id != interaction.guild_id:
            raise Refusal("There is no table in play here." if table_id is None
                          else f"There is no table {table_id} in play on this server.")
        return table

    @table_control.command(name="pause", description="Stop a table's clock: nobody moves until it resumes")
    @app_commands.describe(table="The table's number (default: this channel's)", reason=REASON)
    async def table_pause(self, interaction: discord.Interaction, table: Optional[int] = None,
                          reason: Optional[str] = None) -> None:
        if await self._officer(interaction):
            await tell(interaction, await control.pause(self.bot.tables, self._open_table(interaction, table),
                                                        interaction.user, reason or ""))

    @table_control.command(name="resume", description="Restart a paused table with the time it had left")
    @app_commands.describe(table="The table's number (default: this channel's)", reason=REASON)
    async def table_resume(self, interaction: discord.Interaction, table: Optional[int] = None,
                           reason: Optional[str] = None) -> None:
        if await self._officer(interaction):
            await tell(interaction, await control.resume(self.bot.tables, self._open_table(interaction, table),
                                                         interaction.user, reason or ""))

    @table_control.command(name="replace", description="A bot plays an absent player's seat from now on")
    @app_commands.describe(player="The absent player", table="The table's number (default: this channel's)",
                           reason=REASON)
    async def table_replace(self, interaction: discord.Interaction, player: discord.User,
                            table: Optional[int] = None, reason: Optional[str] = None) -> None:
        if await self._officer(interaction):
            await tell(interaction, await control.bench(self.bot.tables, self._open_table(interaction, table),
                                                        player.id, interaction.user, reason or ""))

    @table_control.command(name="void", description="Void a table: its results leave the standings and ratings")
    @app_commands.describe(reason=REASON, table="The table's number (default: this channel's table in play)")
    async def table_void(self, interaction: discord.Interaction, reason: app_commands.Range[str, 1, 300],
                         table: Optional[int] = None) -> None:
        if not await self._officer(interaction):
            return
        manager: TableManager = self.bot.tables
        live = manager.get(table) if table is not None else manager.in_channel(interaction.channel_id)
        if live is not None and live.guild_id == interaction.guild_id and live.is_open:
            await control.void_playing(manager, live, interaction.user, reason)
            await tell(interaction, f"Table {live.id} is voided: it closed without results.")
            return
        if table is None:
            raise Refusal("There is no table in play here; name the finished table to void by its number.")
        done = await control.finished_table(self.store, interaction.guild_id, table)
        lines = await control.void_finished(self.store, done, interaction.user, reason)
        await tell(interaction, f"Table {done.id} is voided: {lines} compensating ledger lines; it left the "
                                "standings and the ratings were rebuilt.")

    @table_control.command(name="correct", description="Correct a player's result at a finished table")
    @app_commands.describe(table="The finished table's number", player="Whose result",
                           points="Added to their result, in the game's points (negative to take away)",
                           reason=REASON)
    async def table_correct(self, interaction: discord.Interaction, table: int, player: discord.User,
                            points: float, reason: app_commands.Range[str, 1, 300]) -> None:
        if not await self._officer(interaction):
            return
        done = await control.finished_table(self.store, interaction.guild_id, table)
        await tell(interaction, await control.correct(self.store, done, player.id, points, interaction.user, reason))

    @app_commands.command(name="log", description="Every officer action of this server's league, newest first")
    @app_commands.describe(page="Which page (1: the newest actions)")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction,
                  page: Optional[app_commands.Range[int, 1, 100_000]] = None) -> None:
        if interaction.guild_id is None:
            await tell(interaction, "League commands work in a server's channels, not in direct messages.")
            return
        number = page or 1
        # pages by id: the newest LOG_PAGE * number actions, the last LOG_PAGE of them shown
        shown = await officers.actions(self.store, interaction.guild_id, limit=LOG_PAGE * number)
        rows = shown[LOG_PAGE * (number - 1):]
        if not rows:
            await tell(interaction, "No officer action is on the record yet." if number == 1
                       else f"There is no page {number}: the record has {len(shown)} actions.")
            return
        embed = discord.Embed(title="League officers' record", colour=COLOUR,
                              description="\n".join(action_line(a) for a in rows))
        embed.set_footer(text=f"Page {number} · newest first · {LOG_PAGE} actions a page")
        await interaction.response.send_message(embed=embed)
