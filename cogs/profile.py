"""``/profile [member] [game]``: a player's page for the current season — games, placings, league
points over the season as a chart, and the game's statistics counted from the stored action logs.

The page is a picture (``faces/profile.py``) with the same figures as the embed's text, for screen
readers. Finding the games is a quick read; replaying games not counted yet and drawing run after the
interaction is answered (deferred), off the event loop.
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot import text as user_text
from bot.league import ratings
from bot.main import ParlorBot
from bot.profile import find, load_page, page_text
from bot.ui import tell
from faces.profile import profile_picture
from games import game_names, get_game

COLOUR = discord.Colour(0xC0392B)  # the league embeds' colour
PICTURE = "profile.png"


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=get_game(name).title, value=name) for name in game_names()]


class Profile(commands.Cog):
    """Player pages."""

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @app_commands.command(name="profile", description="A player's page: placings, league points and statistics")
    @app_commands.describe(
        member="Whose page (default: yours)", game="Which game (default: the one they played most this season)"
    )
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def profile(
        self, interaction: discord.Interaction, member: discord.Member | None = None, game: str | None = None
    ) -> None:
        if interaction.guild_id is None:
            await tell(interaction, "Player pages are kept per server: use /profile in a server.")
            return
        who = member or interaction.user
        if who.bot:
            await tell(interaction, "Bots have no player page: they are not ranked.")
            return
        if game is not None and game not in game_names():
            await tell(interaction, f"There is no game called {game!r}; pick one of the choices.")
            return
        store = self.bot.store
        record = await find(store, interaction.guild_id, who.id, game)
        if record is None:
            whose = "You have" if who.id == interaction.user.id else f"{user_text.name(who.display_name)} has"
            what = f"{get_game(game).title} games" if game else "games"
            await tell(interaction, f"{whose} finished no {what} this season yet.")
            return
        await interaction.response.defer(thinking=True)
        history = await ratings.rating_history(store, interaction.guild_id, who.id, record.game, record.season.id)
        after = {point.table_id: point.rating.shown for point in history}
        rating_after = [after[g.table_id] for g in record.games if g.table_id in after]
        page = await load_page(
            store,
            record,
            who.id,
            who.display_name,
            rating=history[-1].rating.shown if history else None,
            rating_after=rating_after if len(rating_after) == len(record.games) else None,
        )
        picture = await asyncio.to_thread(profile_picture, page)
        embed = discord.Embed(
            title=f"{user_text.name(who.display_name)} — {page.game}", description=page_text(page), colour=COLOUR
        )
        embed.set_image(url=f"attachment://{PICTURE}")
        await interaction.edit_original_response(embed=embed, attachments=[discord.File(io.BytesIO(picture), PICTURE)])


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(Profile(bot))
