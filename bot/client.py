"""What cogs and clicks reach through the bot (``self.bot``, ``interaction.client``), typed, as RoboDanny
types its pool. :class:`bot.main.ParlorBot` sets them up; this module imports none of the Discord side of
``bot/`` (presenter, UI kit), so that side can name the bot's type without an import cycle."""

from __future__ import annotations

from discord.ext import commands

from bot.settings import Settings
from bot.store import Store
from bot.tables import Presenter, TableManager


class ParlorClient(commands.Bot):
    settings: Settings
    store: Store
    presenter: Presenter
    tables: TableManager
    games_available: list[str]

    async def wait_settled(self) -> None:
        """Until no table change, bot move or redraw is under way (tests, through the fake's wait_idle)."""
        await self.tables.idle()
