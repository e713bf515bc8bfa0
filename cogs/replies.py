"""What the league, settings and rules cogs' answers are made of: their embeds and texts, the checks that refuse
politely (a server only, Manage Server only), and the game names offered as a command option is typed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot import rules_text
from bot.text_option import GAME_NAME_MAX, TextOption
from bot.ui import tell

COLOUR = discord.Colour(0xC0392B)  # hanafuda red: the colour of every league embed
FIELD_MAX = 1024
GAME_NAME = TextOption("game", GAME_NAME_MAX)  # a game's name typed as an option
GameArg = app_commands.Transform[str, GAME_NAME] | None  # a command's optional game, by name
ServerCheck = Callable[[discord.Interaction], Awaitable[int | None]]  # guild_of, managed_guild: the server or None


def game_title(game: str) -> str:
    if game in rules_text.TITLES:
        return rules_text.TITLES[game]
    try:
        from games import get_game

        return get_game(game).title
    except Exception:  # unknown or not importable: a readable fallback
        return rules_text.title(game)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fmt_seconds(seconds: int) -> str:
    if seconds < 60 or seconds % 60:
        return f"{seconds} s"
    minutes = seconds // 60
    return plural(minutes, "minute")


def clip(text: str, limit: int = FIELD_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def embed(title: str, description: str | None = None) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=COLOUR)


def game_choices(games: list[str], current: str) -> list[app_commands.Choice[str]]:
    """The games (those played here and those with rules) whose name or title holds what was typed, at most 25."""
    names = dict.fromkeys(games + list(rules_text.RULES))
    current = current.lower()
    return [
        app_commands.Choice(name=game_title(g), value=g)
        for g in names
        if current in g.lower() or current in game_title(g).lower()
    ][:25]


async def guild_of(
    interaction: discord.Interaction, refusal: str = "League commands work in a server, not in direct messages."
) -> int | None:
    """The server the command was used in; None (the user told ``refusal``) in a direct message."""
    if interaction.guild_id is None:
        await tell(interaction, refusal)
    return interaction.guild_id


async def managed_guild(interaction: discord.Interaction) -> int | None:
    """The server the command was used in, when the user has Manage Server there; None (the user told) otherwise."""
    guild_id = await guild_of(interaction)
    if guild_id is not None and not interaction.permissions.manage_guild:
        await tell(interaction, "Sorry, only members with the **Manage Server** permission can do that.")
        return None
    return guild_id


async def in_guild(interaction: discord.Interaction) -> bool:
    return await guild_of(interaction) is not None


async def is_manager(interaction: discord.Interaction) -> bool:
    return await managed_guild(interaction) is not None
