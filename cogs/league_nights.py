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
import sqlite3
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import text as user_text
from bot.league import nights, officers, pairing, signup_ui
from bot.league.rules import season_options
from bot.league.server import channel_of, server_of
from bot.ui import tell
from cogs.league_night_messages import NightMessages
from games import game_names, get_game
from games.base import GameError

log = logging.getLogger(__name__)

MethodName = Literal["random", "rating", "swiss"]
MAX_ROUNDS = 20  # rounds a tournament may have
NO_SIGNUP = "There is no open sign-up on this server. An officer starts one with /league signup."
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=get_game(g).title, value=g) for g in game_names()]


def thread_name(game: str, round_no: int, number: int) -> str:
    return f"{get_game(game).title} · round {round_no} · table {number}"


class NightCommands(NightMessages):
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

    # ---------------------------------------------------------------- drawing

    async def _draw(
        self, interaction: discord.Interaction, *, first: bool, method: str | None, allow_bots: bool | None
    ) -> None:
        if (refusal := await officers.check_officer(interaction, self.store)) is not None:
            return await tell(interaction, refusal)
        if method is not None and method not in pairing.METHODS:  # a forged value Discord did not check
            return await tell(interaction, "A draw's method is random, rating or swiss.")
        signup = await nights.latest_signup(self.store, server_of(interaction))
        if signup is None:
            return await tell(interaction, NO_SIGNUP)
        drawn = await nights.rounds(self.store, signup.id)
        if drawn and any(t.table_id is None for t in await nights.tables(self.store, signup.id, drawn[-1].round)):
            return await self._finish_round(interaction, signup, drawn[-1])
        if (refusal := await self._cannot_draw(interaction, signup, drawn, first)) is not None:
            return await tell(interaction, refusal)
        method = method or (drawn[-1].method if drawn else None) or signup.method or "random"
        if signup.is_tournament and signup.method:
            method = signup.method
        bots = allow_bots if allow_bots is not None else (drawn[-1].allow_bots if drawn else False)
        try:
            options = await season_options(self.store, signup.guild_id, signup.game, {}, frozenset())
        except GameError as error:
            return await tell(interaction, str(error))
        size, minimum = nights.table_size(signup.game, options)
        busy = self._seated_elsewhere(signup)
        joined = len([p for p, _ in await nights.players(self.store, signup.id) if p not in busy])
        sizes, _, _ = pairing.table_sizes(joined, size, minimum, bots)
        if not sizes:
            return await tell(
                interaction,
                f"Nobody can be seated: a {get_game(signup.game).title} table needs "
                f"{minimum} players and {joined} signed up" + ("" if bots else " (bots were not allowed)") + ".",
            )
        if not signup.threads and len(sizes) > 1:
            return await tell(
                interaction,
                f"This draw makes {len(sizes)} tables, but a channel holds one table at a "
                "time: post the sign-up with threads (each table in its own thread).",
            )
        await interaction.response.defer(thinking=True)  # a big swiss draw, then several calls to Discord
        seed = self.bot.tables.new_seed()
        plan = await nights.plan(
            self.store, signup, method=method, seed=seed, allow_bots=bots, options=options, busy=busy
        )
        round_no = len(drawn) + 1
        try:
            async with self.store.transaction() as db:
                await nights.save_round(
                    db, self.store, signup.id, round_no, plan, allow_bots=bots, drawn_by=interaction.user.id
                )
                await officers.record(
                    db,
                    self.store,
                    signup.guild_id,
                    interaction.user,
                    "draw",
                    target=f"sign-up {signup.id} round {round_no}",
                    details={
                        "method": method,
                        "seed": seed,
                        "tables": plan.tables,
                        "bots": plan.bots,
                        "waiting": plan.waiting,
                    },
                )
        except sqlite3.IntegrityError:  # both backends: the round's key was taken meanwhile
            await interaction.edit_original_response(content=f"Round {round_no} was drawn by another officer just now.")
            return
        problems = await self._open_round(signup, round_no)
        names = dict(await nights.players(self.store, signup.id))
        if busy & set(names):
            problems.append(
                "Not drawn, still seated at another table: "
                + ", ".join(user_text.name(names[p]) for p in sorted(busy & set(names)))
            )
        await interaction.edit_original_response(
            content=await self._draw_text(signup, round_no, method, seed, names, problems),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._refresh_signup(signup)
        if signup.is_tournament and round_no == signup.rounds:
            self._watch(signup.id)

    async def _cannot_draw(
        self, interaction: discord.Interaction, signup: nights.Signup, drawn: list[nights.Round], first: bool
    ) -> str | None:
        """Why the next round of ``signup`` cannot be drawn now (``first``: by /league draw), or None."""
        if first and drawn:
            return "This sign-up's first round is drawn already; /league round draws the next."
        if not first and not drawn:
            return "No round is drawn yet; /league draw draws the first."
        if drawn and (left := await nights.unfinished(self.store, signup.id, drawn[-1].round)):
            where = ", ".join(f"table {t.number}" + (f" (<#{t.channel_id}>)" if t.channel_id else "") for t in left)
            return f"Round {drawn[-1].round} is still being played: {where}."
        if signup.is_tournament and len(drawn) >= (signup.rounds or 0):
            return f"The tournament's {signup.rounds} rounds are all drawn."
        if signup.threads and (lacking := self._lacks_thread_permissions(interaction, signup.tables_in)):
            return (
                f"Parlor needs {lacking} in <#{signup.tables_in}> to open the tables in threads there; "
                "nothing was drawn."
            )
        return None

    async def _finish_round(self, interaction: discord.Interaction, signup: nights.Signup, last: nights.Round) -> None:
        """The last round has tables not opened yet (Discord refused, or a stop): they are opened, not redrawn."""
        await interaction.response.defer(thinking=True)
        problems = await self._open_round(signup, last.round)
        names = dict(await nights.players(self.store, signup.id))
        text = await self._draw_text(signup, last.round, last.method, last.seed, names, problems)
        await interaction.edit_original_response(
            content=f"Round {last.round}'s tables not opened yet are opened now.\n{text}"[:2000],
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _draw_text(
        self, signup: nights.Signup, round_no: int, method: str, seed: str, names: dict[int, str], problems: list[str]
    ) -> str:
        game = get_game(signup.game)
        drawn = await nights.tables(self.store, signup.id, round_no)
        waiting = (await nights.rounds(self.store, signup.id))[round_no - 1].waiting
        lines = [f"**{game.title} · round {round_no}** drawn by {method} · seed `{seed}`"]
        for table in drawn:
            seated = ", ".join(user_text.name(names.get(p, str(p))) for p in table.players)
            bots = f" + {table.bots} bot{'s' if table.bots != 1 else ''}" if table.bots else ""
            where = f" in <#{table.channel_id}>" if table.channel_id else ""
            lines.append(f"Table {table.number}{where}: {seated}{bots}")
        if waiting:
            lines.append(
                "Waiting for the next round: " + ", ".join(user_text.name(names.get(p, str(p))) for p in waiting)
            )
        lines += problems
        return "\n".join(lines)[:2000]

    async def _open_round(self, signup: nights.Signup, round_no: int) -> list[str]:
        """Open every table of the round not opened yet; a line for each that could not be (tried again by
        the next draw or restart)."""
        problems = []
        for table in await nights.tables(self.store, signup.id, round_no):
            if table.table_id is not None:
                continue
            try:
                await self._open_table(signup, table)
            except Exception as error:  # Discord or the store refused: the table stays drawn, not opened
                log.warning(
                    "sign-up %s round %s table %s: could not open (%s)",
                    signup.id,
                    round_no,
                    table.number,
                    type(error).__name__,
                )
                problems.append(
                    f"⚠️ Table {table.number} could not be opened yet ({_why(error)}); "
                    "the next /league round or a restart tries again."
                )
                if isinstance(error, discord.Forbidden):  # the next table would be refused too: not asked again
                    problems.append("The round's other tables wait for the same.")
                    break
        return problems

    async def _open_table(self, signup: nights.Signup, table: nights.NightTable) -> None:
        channel_id = table.channel_id
        if channel_id is None:
            if signup.threads:
                parent = self.bot.get_channel(signup.tables_in) or await self.bot.fetch_channel(signup.tables_in)
                thread = await parent.create_thread(
                    name=thread_name(signup.game, table.round, table.number), type=discord.ChannelType.public_thread
                )
                channel_id = thread.id
            else:
                channel_id = signup.tables_in
            await nights.set_table_channel(self.store, table, channel_id)
        names = dict(await nights.players(self.store, signup.id))
        seated = [(p, names.get(p, f"player {p}")) for p in table.players]
        await self.bot.tables.open_seated(
            game_name=signup.game,
            guild_id=signup.guild_id,
            channel_id=channel_id,
            players=seated,
            bots=table.bots,
            linked=lambda db, table_id: nights.link_table(db, table, table_id),
            parent_id=signup.tables_in if signup.threads else None,
        )
        mentions = " ".join(f"<@{p}>" for p in table.players)  # once the table is there (a refused one pings nobody)
        try:
            await self.bot.get_partial_messageable(channel_id).send(
                f"Round {table.round}, table {table.number}: {mentions} — your table is above.",
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            )
        except discord.HTTPException as error:  # the table is open and plays on; its own message names whose turn
            log.warning(
                "sign-up %s: the players of table %s could not be pinged (%s)", signup.id, table.number, error.status
            )

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

    def _seated_elsewhere(self, signup: nights.Signup) -> frozenset[int]:
        """People seated at an open table of the server (a lobby, or a game they have not resigned): a draw
        seats nobody at two tables at once."""
        return frozenset(
            seat.user_id
            for table in self.bot.tables.tables.values()
            if table.guild_id == signup.guild_id and table.is_open
            for seat in table.seats
            if seat.user_id is not None and not seat.bot and not seat.resigned
        )

    def _lacks_thread_permissions(self, interaction: discord.Interaction, channel_id: int) -> str:
        guild = interaction.guild
        channel = guild.get_channel(channel_id) if guild is not None else None
        if guild is None or channel is None:
            return ""
        granted = channel.permissions_for(guild.me)
        lacking = [name for name in THREAD_PERMISSIONS if not getattr(granted, name)]
        return " and ".join(f"**{name.replace('_', ' ').title()}**" for name in lacking)


def _why(error: BaseException) -> str:
    if isinstance(error, discord.Forbidden):
        return "Parlor lacks a permission there"
    if isinstance(error, discord.HTTPException):
        return f"Discord answered {error.status}"
    return str(error)[:200] or type(error).__name__
