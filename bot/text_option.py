"""Text options of slash commands, limited in length on Discord's side and checked again on Parlor's.

``app_commands.Range[str, 1, 80]`` only tells Discord's client the limit: discord.py passes on whatever
arrives, so a modified client could send a season name of thousands of characters, stored and then too long
for every message that shows it. :class:`TextOption` declares the same ``min_length``/``max_length`` and
refuses, privately and saying the limit, a text outside it (or one with nothing visible in it) before the
command runs. The command receives the text as :func:`bot.text.plain` makes it: one line of visible
characters.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.tables import Refusal
from bot.text import plain

GAME_NAME_MAX = 40  # a game's name or title, typed or picked (the longest title is 21 characters)


class TextOption(app_commands.Transformer):
    """A string option of ``min_length`` to ``max_length`` characters, checked when it arrives."""

    def __init__(self, name: str, max_length: int, min_length: int = 1) -> None:
        super().__init__()
        self.name, self.min_length, self.max_length = name, min_length, max_length

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def min_value(self) -> int:  # discord.py declares these as the option's min_length and max_length
        return self.min_length

    @property
    def max_value(self) -> int:
        return self.max_length

    def refusal(self) -> Refusal:
        return Refusal(f"The option {self.name} must be from {self.min_length} to {self.max_length} characters long.")

    async def transform(self, interaction: discord.Interaction, value: object, /) -> str:
        if not isinstance(value, str) or not self.min_length <= len(value) <= self.max_length:
            raise self.refusal()
        text = plain(value)
        if len(text) < self.min_length:  # only spaces, line breaks or invisible characters
            raise self.refusal()
        return text
