"""The base of Parlor's cogs: each keeps the bot and reads the store through it."""

from __future__ import annotations

from discord.ext import commands

from bot.main import ParlorBot
from bot.store import Store


class ParlorCog(commands.Cog):
    """A cog of Parlor's: the bot it belongs to, and that bot's store."""

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @property
    def store(self) -> Store:
        return self.bot.store
