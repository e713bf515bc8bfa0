"""``/rules <game>``: a short summary of a game's rules, with this channel's table's options, pointing to the full
rules in ``docs/rules/``."""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import rules_text
from bot import text as user_text
from bot.main import ParlorBot
from bot.ui import tell
from cogs.replies import GAME_NAME, clip, embed, game_choices, game_title


def rules_sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Split a rules text into its introduction and ``## Heading`` sections."""
    parts = re.split(r"^## +(.+)$", text.strip(), flags=re.MULTILINE)
    intro = parts[0].strip()
    sections = [(parts[i].strip(), parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
    return intro, sections


class Rules(commands.Cog):
    """The games' rules (``/rules``)."""

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(list(self.bot.games_available), current)

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game")
    async def rules(self, interaction: discord.Interaction, game: app_commands.Transform[str, GAME_NAME]) -> None:
        key = game.strip().lower().replace("-", "").replace(" ", "")
        text = rules_text.RULES.get(key) or rules_text.RULES.get(game)
        if text is None:
            known = ", ".join(f"`{g}`" for g in rules_text.RULES) or "none yet"
            await tell(interaction, f"I don't have rules for {user_text.escape(game)} yet. Available: {known}.")
            return
        shown = rules_embed(key if key in rules_text.RULES else game, text)
        table = self.bot.tables.in_channel(interaction.channel_id)
        if table is not None and table.game.name == key and len(shown.fields) < 25:
            options = ", ".join(f"{k}={v}" for k, v in table.options.items()) or "defaults"
            shown.add_field(
                name="This channel's table", value=clip(f"{options}; turn time {table.turn_seconds} s"), inline=False
            )
        await interaction.response.send_message(embed=shown, ephemeral=True)

    rules.autocomplete("game")(game_autocomplete)


def rules_embed(game: str, text: str) -> discord.Embed:
    intro, sections = rules_sections(text)
    e = embed(f"{game_title(game)} — rules", clip(intro, 4096))
    for name, body in sections[:25]:
        e.add_field(name=clip(name, 256), value=clip(body), inline=False)
    e.set_footer(text="Defaults shown; a table here lists its own options below and when it opens.")
    return e


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(Rules(bot))
