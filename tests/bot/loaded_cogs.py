"""A cog on a table manager of its own, for tests that play games through the manager and read them back
through the cog's commands."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from discord.ext import commands

from bot.tables import TableManager
from tests.bot.test_league_cog import LeagueBot
from tests.bot.test_ledger_properties import new_manager


@asynccontextmanager
async def cog_and_manager(
    path: Path, extension: str, name: str, *also: str
) -> AsyncIterator[tuple[commands.Cog, TableManager]]:
    """The cog ``name`` of ``extension`` (``"cogs.league"``) on a bot whose store is a new table manager's
    (``new_manager(path)``), with the extensions ``also`` loaded beside it; the bot, the manager and its store
    closed after."""
    manager = await new_manager(path)
    bot = LeagueBot(manager.store)
    try:
        for loaded in (extension, *also):
            await bot.load_extension(loaded)
        cog = bot.get_cog(name)
        assert cog is not None, f"{extension} has no cog {name}"
        yield cog, manager
    finally:
        await bot.close()
        await manager.close()
        await manager.store.close()
