"""``/league`` commands of league nights: sign-up, draws, rounds and tournaments (a mixin of
``cogs/league_group.py``).

An officer posts a sign-up (``/league signup``); players press Join / Leave (``bot/league/signup_ui.py``).
``/league draw`` seats them with ``bot/league/pairing.py`` and ``/league round`` draws each next round from
the same sign-up: the round is stored with the officer's record in one transaction, then each table is
opened by the table manager (``TableManager.open_seated``, the lobby's own path), in the chosen channel or
in a thread of it named after the table. ``/league tournament`` fixes a sign-up's rounds and method; once
its final round's tables have all finished, the results are posted with a picture (``faces/tournament.py``).
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.league import nights, officers, pairing, signup_ui
from bot.league.server import channel_of, server_of
from bot.ui import tell
from cogs.league_night_draws import NO_SIGNUP, NightDraws
from games import game_names, get_game

log = logging.getLogger(__name__)

MethodName = Literal["random", "rating", "swiss"]
MAX_ROUNDS = 20  # rounds a tournament may have


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=get_game(g).title, value=g) for g in game_names()]


class NightCommands(NightDraws):
    """League nights."""

    bot: Any
    store: Any

    # ---------------------------------------------------------------- commands

    @app_commands.command(name="signup", description="Post a league night's sign-up with Join and Leave — officers")
    @app_commands.describe(
        game="The game of the night",
        tables_in="Where the tables open (this channel if not given)",
        threads="Open each table in its own thread of that channel (default: yes)",
    )
    @app_commands.choices(game=_game_choices())
    @app_commands.guild_only()
    async def signup(
        self,
        interaction: discord.Interaction,
        game: str,
        tables_in: discord.TextChannel | None = None,
        threads: bool | None = None,
    ) -> None:
        if (refusal := await officers.check_officer(interaction, self.store)) is not None:
            return await tell(interaction, refusal)
        if game not in game_names():
            return await tell(interaction, "That is not one of Parlor's games.")
        guild_id, here = server_of(interaction), channel_of(interaction)
        channel_id = tables_in.id if tables_in is not None else here
        in_threads = True if threads is None else threads
        if in_threads and (lacking := self._lacks_thread_permissions(interaction, channel_id)):
            return await tell(
                interaction, f"Parlor needs {lacking} in <#{channel_id}> to open tables in threads there."
            )
        allowed = (await self.store.config.get(guild_id)).allowed_channels or []
        if allowed and channel_id not in allowed:
            return await tell(
                interaction, f"Tables can be opened only in {' '.join(f'<#{c}>' for c in allowed)} on this server."
            )
        season = await self.store.seasons.ensure(guild_id)
        async with self.store.transaction() as db:
            number = await nights.create_signup(
                db,
                self.store,
                guild_id=guild_id,
                channel_id=here,
                game=game,
                tables_in=channel_id,
                threads=in_threads,
                season_id=season.id,
                created_by=interaction.user.id,
            )
            await officers.record(
                db,
                self.store,
                guild_id,
                interaction.user,
                "signup",
                target=f"sign-up {number}",
                details={"game": game, "tables_in": channel_id, "threads": in_threads},
            )
        signup = await nights.stored_signup(self.store, number)
        await interaction.response.send_message(
            embed=await signup_ui.embed(self.store, signup), view=signup_ui.buttons(number)
        )
        message = await interaction.original_response()
        await nights.set_message(self.store, number, message.id)

    @app_commands.command(name="draw", description="Seat the signed-up players at tables — officers")
    @app_commands.describe(
        method="random (seeded), rating (close ratings together) or swiss (fewest repeats)",
        allow_bots="Fill a short table with bots instead of a waiting list",
    )
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction, method: MethodName, allow_bots: bool | None = None) -> None:
        await self._draw(interaction, first=True, method=method, allow_bots=allow_bots)

    @app_commands.command(name="round", description="Draw the next round from the same sign-up — officers")
    @app_commands.describe(
        method="How to draw it (the last round's method if not given)",
        allow_bots="Fill a short table with bots (as the last round if not given)",
    )
    @app_commands.guild_only()
    async def round(
        self, interaction: discord.Interaction, method: MethodName | None = None, allow_bots: bool | None = None
    ) -> None:
        await self._draw(interaction, first=False, method=method, allow_bots=allow_bots)

    @app_commands.command(
        name="tournament", description="A tournament's standings; officers: set its rounds and pairing method"
    )
    @app_commands.describe(
        rounds="How many rounds the tournament has (officers)", method="How each round is drawn (officers)"
    )
    @app_commands.guild_only()
    async def tournament(
        self,
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        method: MethodName | None = None,
    ) -> None:
        signup = await nights.latest_signup(self.store, interaction.guild_id) if interaction.guild_id else None
        if rounds is None and method is None:
            return await self._show_tournament(interaction, signup)
        if (refusal := await officers.check_officer(interaction, self.store)) is not None:
            return await tell(interaction, refusal)
        if signup is None:
            return await tell(interaction, NO_SIGNUP)
        if rounds is None or method is None:
            return await tell(interaction, "A tournament needs both its number of rounds and its pairing method.")
        if not 1 <= rounds <= MAX_ROUNDS or method not in pairing.METHODS:  # a forged value Discord did not check
            return await tell(
                interaction, f"A tournament has 1 to {MAX_ROUNDS} rounds, drawn by random, rating or swiss."
            )
        drawn = await nights.rounds(self.store, signup.id)
        if len(drawn) > rounds:
            return await tell(
                interaction,
                f"This sign-up has {len(drawn)} rounds drawn already; a tournament of {rounds} cannot hold them.",
            )
        async with self.store.transaction() as db:
            await nights.set_tournament(db, signup.id, rounds, method)
            await officers.record(
                db,
                self.store,
                signup.guild_id,
                interaction.user,
                "tournament",
                target=f"sign-up {signup.id}",
                details={"rounds": rounds, "method": method},
            )
        signup = await nights.stored_signup(self.store, signup.id)
        await interaction.response.send_message(
            f"The {get_game(signup.game).title} sign-up is now a tournament of {rounds} rounds drawn by {method}; "
            "its standings count its own tables only."
        )
        await self._refresh_signup(signup)
        if len(drawn) == rounds:  # its final round is drawn already: it ends once that round is played
            self._watch(signup.id)

    # ---------------------------------------------------------------- tournaments

    async def _show_tournament(self, interaction: discord.Interaction, signup: nights.Signup | None) -> None:
        if signup is None or not signup.is_tournament:
            return await tell(
                interaction,
                "There is no tournament running on this server. An officer makes the "
                "open sign-up one with /league tournament rounds method.",
            )
        joined = await nights.players(self.store, signup.id)
        drawn = await nights.rounds(self.store, signup.id)
        embed = discord.Embed(
            title=f"{get_game(signup.game).title} tournament",
            description=f"{len(drawn)} of {signup.rounds} rounds drawn · {signup.method}",
            colour=signup_ui.COLOUR,
        )
        embed.add_field(name="Standings", value=await signup_ui.standings_text(self.store, signup, joined))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # ---------------------------------------------------------------- restarts

    @commands.Cog.listener("on_ready")
    async def resume_league_nights(self) -> None:
        """After a start: open the drawn tables a stop interrupted, start their lobbies, watch tournaments."""
        if self.__dict__.get("_nights_resumed"):
            return
        self.__dict__["_nights_resumed"] = True
        manager = self.bot.tables
        try:
            for table in await nights.unopened(self.store, manager.serves):
                signup = await nights.stored_signup(self.store, table.signup_id)
                try:
                    await self._open_table(signup, table)
                except Exception as error:
                    log.warning(
                        "sign-up %s: table %s could not be opened (%s)",
                        table.signup_id,
                        table.number,
                        type(error).__name__,
                    )
            for signup in await nights.open_tournaments(self.store):
                if manager.serves(signup.guild_id) and len(await nights.rounds(self.store, signup.id)) == signup.rounds:
                    self._watch(signup.id)
            for table_id in await nights.drawn_lobbies(self.store):
                lobby = manager.get(table_id)
                if lobby is not None and lobby.status == "lobby":
                    await manager.start(lobby.id, lobby.host_id)
        except Exception:
            log.exception("resuming league nights failed")
