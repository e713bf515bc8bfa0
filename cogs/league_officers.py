"""``/league`` commands of the league's officers: the action log (a mixin of ``cogs/league_group.py``).

Officers are named in ``bot/league/officers.py``: members with the server's league-officer role, and
members with Manage Server. Every officer command answers anyone else with one polite private line.
"""

from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands

from bot import text as user_text
from bot.league import officers
from bot.ui import tell

LOG_PAGE = 10  # actions per page of /league log
COLOUR = discord.Colour(0xC0392B)  # the league embeds' colour


def action_line(action: officers.OfficerAction) -> str:
    when = f"<t:{int(action.at)}:f>"
    on = f" · {user_text.escape(action.target, 80)}" if action.target else ""
    why = f" — *{user_text.escape(action.reason, 200)}*" if action.reason else ""
    return f"{when} · **{user_text.escape(action.action)}**{on} by {user_text.name(action.officer_name)}{why}"


class OfficerCommands:
    """League officers."""

    store: Any

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
