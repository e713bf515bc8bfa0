"""What a league night posts besides its draws: the sign-up message kept up to date, and a tournament's final
results once its last round has been played (a mixin under ``cogs/league_nights.py``'s commands)."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.league import nights, signup_ui
from bot.league.points import shown
from faces.tournament import Line, results_picture
from games import get_game

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # the commands of these mixins belong to the one group cog, cogs/league_group.py
    CogBase = commands.GroupCog
else:
    CogBase = object

WATCH_SECONDS = 2.0  # how often a tournament's final round is looked at (one small query)


class NightMessages(CogBase):
    """The sign-up message and a tournament's results."""

    bot: Any
    store: Any

    async def _refresh_signup(self, signup: nights.Signup) -> None:
        """The sign-up message shows the rounds drawn and a tournament's standings (best effort)."""
        signup = await nights.get_signup(self.store, signup.id) or signup
        if signup.message_id is None:
            return
        try:
            await (
                self.bot.get_partial_messageable(signup.channel_id)
                .get_partial_message(signup.message_id)
                .edit(embed=await signup_ui.embed(self.store, signup), view=signup_ui.buttons(signup.id))
            )
        except discord.HTTPException as error:
            log.warning("sign-up %s: its message could not be updated (%s)", signup.id, error.status)

    def _watch(self, signup_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._watch_final_round(signup_id))
        self.__dict__.setdefault("_night_watchers", set()).add(task)
        task.add_done_callback(self.__dict__["_night_watchers"].discard)

    async def _watch_final_round(self, signup_id: int) -> None:
        """Wait for a tournament's final round to be played, then post its results."""
        while not self.bot.is_closed():
            signup = await nights.get_signup(self.store, signup_id)
            if signup is None or signup.ended_at is not None or not signup.is_tournament:
                return
            drawn = await nights.rounds(self.store, signup.id)
            if len(drawn) == signup.rounds and not await nights.unfinished(self.store, signup.id, signup.rounds):
                if await nights.end(self.store, signup.id):
                    await self._post_results(signup)
                return
            await asyncio.sleep(WATCH_SECONDS)

    async def _post_results(self, signup: nights.Signup) -> None:
        joined = await nights.players(self.store, signup.id)
        rows = await signup_ui.tournament_rows(self.store, signup, joined)
        game = get_game(signup.game)
        lines = [
            Line(
                place,
                name,
                [shown(signup.game, r) if r is not None else "–" for r in by_round],
                shown(signup.game, total),
            )
            for place, name, by_round, total in rows
        ]
        picture = await asyncio.to_thread(results_picture, f"{game.title} tournament", lines, signup.rounds or 0)
        embed = discord.Embed(
            title=f"{game.title} tournament — final results",
            colour=signup_ui.COLOUR,
            description=await signup_ui.standings_text(self.store, signup, joined),
        )
        embed.set_image(url="attachment://tournament.png")
        try:
            await self.bot.get_partial_messageable(signup.channel_id).send(
                embed=embed,
                file=discord.File(io.BytesIO(picture), "tournament.png"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.warning("tournament %s: the results could not be posted (%s)", signup.id, error.status)
        await self._refresh_signup(await nights.get_signup(self.store, signup.id) or signup)
