"""``/league``: league nights, tournaments, officers and registration, as one command group.

Its commands come from mixins, each in a module named for what it does — ``cogs/league_officers.py``
(officers: the action log, table control, registration) and ``cogs/league_nights.py`` (sign-up, draws,
rounds, tournaments) — gathered here into the one group cog Discord sees.
"""

from __future__ import annotations

from discord.ext import commands

from bot.main import ParlorBot
from cogs.league_nights import NightCommands
from cogs.league_officers import OfficerCommands


class LeagueGroup(
    OfficerCommands,
    NightCommands,
    commands.GroupCog,
    group_name="league",
    group_description="League nights, tournaments, officers and registration",
):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot
        self.store = bot.store
        super().__init__()


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(LeagueGroup(bot))
