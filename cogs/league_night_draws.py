"""Drawing a league night's rounds and opening their tables (a mixin under ``cogs/league_nights.py``'s
commands): the checks before a draw, the plan stored with the officer's record in one transaction, then each
table opened by the table manager (``TableManager.open_seated``) in the chosen channel or in a thread named
after it, its players pinged once."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import discord

from bot import text as user_text
from bot.league import nights, officers, pairing
from bot.league.rules import season_options
from bot.league.server import server_of
from bot.ui import tell
from cogs.league_night_messages import NightMessages
from games import get_game
from games.base import GameError

log = logging.getLogger(__name__)

NO_SIGNUP = "There is no open sign-up on this server. An officer starts one with /league signup."
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


def thread_name(game: str, round_no: int, number: int) -> str:
    return f"{get_game(game).title} · round {round_no} · table {number}"


class NightDraws(NightMessages):
    """A round's draw and its tables."""

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
        busy = self._seated_elsewhere(signup)
        if (refusal := await self._cannot_seat(signup, options, busy, bots)) is not None:
            return await tell(interaction, refusal)
        await interaction.response.defer(thinking=True)  # a big swiss draw, then several calls to Discord
        seed = self.bot.tables.new_seed()
        plan = await nights.plan(
            self.store, signup, method=method, seed=seed, allow_bots=bots, options=options, busy=busy
        )
        round_no = len(drawn) + 1
        if not await self._save_round(interaction, signup, round_no, plan, method, seed, bots):
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

    async def _cannot_seat(self, signup: nights.Signup, options: Any, busy: frozenset[int], bots: bool) -> str | None:
        """Why the signed-up players (``busy`` ones apart) cannot be seated at tables of ``options``, or None."""
        size, minimum = nights.table_size(signup.game, options)
        joined = len([p for p, _ in await nights.players(self.store, signup.id) if p not in busy])
        sizes, _, _ = pairing.table_sizes(joined, size, minimum, bots)
        if not sizes:
            return (
                f"Nobody can be seated: a {get_game(signup.game).title} table needs {minimum} players and {joined} "
                "signed up" + ("" if bots else " (bots were not allowed)") + "."
            )
        if not signup.threads and len(sizes) > 1:
            return (
                f"This draw makes {len(sizes)} tables, but a channel holds one table at a time: post the sign-up "
                "with threads (each table in its own thread)."
            )
        return None

    async def _save_round(
        self,
        interaction: discord.Interaction,
        signup: nights.Signup,
        round_no: int,
        plan: Any,
        method: str,
        seed: str,
        bots: bool,
    ) -> bool:
        """The drawn round stored with the officer's record, in one transaction; False: another officer drew
        this round just now."""
        details = {"method": method, "seed": seed, "tables": plan.tables, "bots": plan.bots, "waiting": plan.waiting}
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
                    details=details,
                )
        except sqlite3.IntegrityError:  # both backends: the round's key was taken meanwhile
            return False
        return True

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
