"""League commands: seasons, standings and history (docs/design.md §5).

Thin by design: every number comes from ``bot.store``; this module only checks who may
do what, and formats embeds. Refusals are polite one-line ephemeral messages.

The bot (:class:`bot.main.ParlorBot`) carries ``store``, ``settings``, ``tables`` and
``games_available``; a write the database refuses is answered by the command tree's error handler.
"""

from __future__ import annotations

import asyncio
import inspect
import io
import logging
import re
import types
from typing import Any, Optional

import discord
from discord import app_commands
from pydantic import ValidationError

from bot import text as user_text
from bot.league import export as league_export
from bot.league import rules as season_rules
from bot.league import settings as league_settings
from bot.league.points import columns, shown
from bot.league.records import finished_table, record_file
from bot.league.server import server_of
from bot.league.standings import TIE_BREAK, GameStandings, Standing
from bot.league.standings import standings as league_standings
from bot.main import ParlorBot
from bot.season_chart import attach_chart
from bot.store import HistoryRow, SeasonRow, Store
from bot.text_option import TextOption
from bot.ui import add_dynamic_items, tell
from cogs.parlor_cog import ParlorCog
from cogs.play import slash_type
from cogs.replies import GameArg, ServerCheck, clip, embed, game_choices, game_title, guild_of, managed_guild, plural
from games import game_names, get_game
from games.base import GameError, option_error
from games.optionspec import offered_options

log = logging.getLogger(__name__)

TOP_PER_GAME = 5  # /season show
STANDINGS_ONE_GAME = 20  # /standings <game>
STANDINGS_PER_GAME = 10  # /standings (all games)
HISTORY_LIMIT = 10
OPTION_TEXT_MAX = 100  # Discord's limit on an option's description

SEASON_NAME = TextOption("name", user_text.SEASON_NAME_MAX)


# --------------------------------------------------------------------------- formatting helpers


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ts(when: float, style: str = "R") -> str:
    return f"<t:{int(when)}:{style}>"


def standing_line(r: Standing) -> str:
    """One player's row: rank, who, league points, then the game's own columns (see :func:`columns_text`)."""
    c = columns(r.game)
    parts = [f"**{shown(r.game, r.points)}**", plural(r.games, "game")]
    if c.placement:
        avg = r.average_placing
        parts.append(f"{r.firsts}× 1st")
        if avg is not None:
            parts.append(f"avg {avg:.2f}")
    if c.rounds:
        parts.append(f"{plural(r.rounds_won or 0, 'round')} won")
    rank = f"`{r.rank:>2}.`" if r.rank is not None else "`  –`"
    return f"{rank} <@{r.user_id}> " + " · ".join(parts)


def standing_lines(table: GameStandings, limit: int) -> str:
    """Ranked rows first (equal on every tie-break: the same rank), then those not yet ranked."""
    ranked = [r for r in table.rows if r.rank is not None][:limit]
    waiting = [r for r in table.rows if r.rank is None][:limit]
    lines = [standing_line(r) for r in ranked]
    if table.ranked > len(ranked):
        lines.append(f"*…and {table.ranked - len(ranked)} more*")
    if waiting:
        more = f" and {table.waiting - len(waiting)} more" if table.waiting > len(waiting) else ""
        lines.append(
            "*Not ranked yet:* " + ", ".join(f"<@{r.user_id}> ({plural(r.games, 'game')})" for r in waiting) + more
        )
    return clip("\n".join(lines))


def columns_text(game: str) -> str:
    """What each column of ``game``'s standings is, in words (the embed's footer)."""
    c = columns(game)
    parts = [f"{game_title(game)}: league points = the sum of your {c.unit} in the season's games", "games played"]
    if c.placement:
        parts.append("1st = games placed first, avg = average placing (1 is best)")
    if c.rounds:
        parts.append("rounds won = rounds whose chips you ended above zero")
    return " · ".join(parts) + "."


def standings_footer(games: list[str], min_games: int) -> str:
    text = " ".join(columns_text(g) for g in games)
    text += f" Ranked by {TIE_BREAK}."
    if min_games:
        text += f" A player needs {plural(min_games, 'game')} of a game to be ranked in it."
    return clip(text + " Bots are not ranked.", 2048)


def history_line(h: HistoryRow) -> str:
    placing = f" ({ordinal(h.placing)})" if h.placing is not None else ""
    others = (
        ", ".join(
            f"{user_text.name(o.name) if o.user_id is None else f'<@{o.user_id}>'} {shown(h.game, o.amount)}"
            for o in h.opponents
        )
        or "nobody"
    )
    return (
        f"**{game_title(h.game)}** #{h.table_id} · {ts(h.finished_at)} · **{shown(h.game, h.amount)}**{placing}"
        f" · vs {others}"
    )


RECORD_TEMPLATE = r"parlor:record:(?P<table>[0-9]{1,20})"


class RecordButton(discord.ui.DynamicItem[discord.ui.Button], template=RECORD_TEMPLATE):
    """A finished game's **Record** (``/history``): the game's record as a file, for the one who asked
    (``bot/league/records.py``: a sanma game as a Tenhou JSON log). It works after a restart: its id says it all."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Record #{table_id}", style=discord.ButtonStyle.secondary, custom_id=f"parlor:record:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RecordButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        store: Store = interaction.client.store  # type: ignore[attr-defined]
        found = await finished_table(store, self.table_id, server_of(interaction))
        if found is None:
            await tell(interaction, f"Game #{self.table_id} has no record on this server.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the game is played again to write it
        record = await asyncio.to_thread(record_file, *found)
        await interaction.edit_original_response(
            content=f"The record of {record.what}.",
            attachments=[discord.File(io.BytesIO(record.data), record.filename)],
        )


def record_buttons(rows: list[HistoryRow]) -> discord.ui.View:
    """One **Record** button per game listed (at most 25, Discord's limit for a message)."""
    view = discord.ui.View(timeout=None)
    for row in rows[:25]:
        view.add_item(RecordButton(row.table_id))
    return view


def season_label(season: SeasonRow) -> str:
    default, name = f"Season {season.number}", user_text.season_name(season.name)
    return name if season.name == default else f"{name} (season {season.number})"


def rules_command(cog: League, game_name: str) -> app_commands.Command:
    """``/season rules <game>``: the game's table options (the ones ``/play`` offers) and, for Sanma, its
    placement points, each left out unless given; ``clear`` drops the game's rules."""
    game = get_game(game_name)
    specs = offered_options(game.Options)
    placement = season_rules.placement_of(game_name)
    placement_specs = offered_options(placement) if placement else []

    async def rules(self: League, interaction: discord.Interaction, clear: bool | None = None, **given: Any) -> None:
        given = {k: v for k, v in given.items() if v is not None}
        await self.set_season_rules(interaction, game_name, given, bool(clear))

    parameters = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for name in ("self", "interaction")]
    parameters += [
        inspect.Parameter(s.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Optional[slash_type(s)])  # noqa: UP045  # a run-time annotation
        for s in [*specs, *placement_specs]
    ]
    parameters.append(
        inspect.Parameter("clear", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Optional[bool])  # noqa: UP045  # a run-time annotation
    )
    # discord.py reads a command's options from its callback's signature: this one is built from the game's options
    rules.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    rules.__qualname__ = f"League.season_rules_{game_name}"
    app_commands.describe(
        **{s.name: clip(f"{s.described} (unset: not fixed)", OPTION_TEXT_MAX) for s in [*specs, *placement_specs]},
        clear=f"Drop the season's {game.title} rules",
    )(rules)
    return app_commands.Command(
        name=game_name,
        description=f"Fix {game.title}'s rules for this season — Manage Server",
        callback=types.MethodType(rules, cog),
    )


# --------------------------------------------------------------------------- the cog


class League(ParlorCog):
    """Seasons, standings and history."""

    def __init__(self, bot: ParlorBot) -> None:
        super().__init__(bot)
        for name in game_names():  # every game registered when the cog is loaded
            self.season_rules_group.add_command(rules_command(self, name))

    async def cog_load(self) -> None:
        add_dynamic_items(self.bot, RecordButton)  # the Record buttons of /history, whatever message holds them

    async def running_season(
        self, interaction: discord.Interaction, server: ServerCheck, none_running: str
    ) -> SeasonRow | None:
        """The season running on the server, when ``server`` lets the command through there; None (the user
        told, ``none_running`` when it is the season that is missing) otherwise."""
        if (guild_id := await server(interaction)) is None:
            return None
        current = await self.store.seasons.current(guild_id)
        if current is None:
            await tell(interaction, none_running)
        return current

    def games(self) -> list[str]:
        return list(self.bot.games_available)

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(self.games(), current)

    # ---- /season

    season = app_commands.Group(name="season", description="League seasons on this server", guild_only=True)

    season_rules_group = app_commands.Group(
        name="rules", description="The rules every table of a game uses this season — Manage Server", parent=season
    )

    async def set_season_rules(
        self, interaction: discord.Interaction, game: str, given: dict[str, Any], clear: bool
    ) -> None:
        current = await self.running_season(
            interaction, managed_guild, "No season is running: start one with `/season start`, then set its rules."
        )
        if current is None:
            return
        title = game_title(game)
        fixed = (await season_rules.season_rules(self.store, current.id)).get(game, {})
        if clear:
            await season_rules.set_rules(self.store, current.id, game, {}, interaction.user.id)
            await interaction.response.send_message(
                embed=embed(
                    f"{title} rules — {user_text.season_name(current.name)}",
                    f"{title} tables choose their own options again.",
                )
            )
            return
        if not given:
            await tell(
                interaction,
                f"{user_text.season_name(current.name)} plays {title} with: {season_rules.rules_text(game, fixed)}.",
            )
            return
        placement = season_rules.placement_of(game)
        options = {**fixed, **{k: v for k, v in given.items() if not placement or k not in placement.model_fields}}
        try:
            if placement and any(k in placement.model_fields for k in given):
                now = placement.from_options(fixed).model_dump()
                options |= placement(
                    **{**now, **{k: v for k, v in given.items() if k in placement.model_fields}}
                ).engine_options()
            await season_rules.set_rules(self.store, current.id, game, options, interaction.user.id)
        except ValidationError as error:
            await tell(interaction, str(option_error(error, title)))
            return
        except GameError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            embed=embed(
                f"{title} rules — {user_text.season_name(current.name)}",
                f"While {user_text.season_name(current.name)} runs, every {title} table plays with: "
                f"**{season_rules.rules_text(game, options)}**. `/play {game}` refuses other values of these.",
            )
        )

    @season.command(name="start", description="Start a new season (ends the current one) — Manage Server")
    @app_commands.describe(name="Name of the new season (default: Season N)")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_start(
        self, interaction: discord.Interaction, name: app_commands.Transform[str, SEASON_NAME] | None = None
    ) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        previous = await self.store.seasons.current(guild_id)
        new = await self.store.seasons.start(guild_id, name, interaction.user.id)
        text = f"**{season_label(new)}** has started {ts(new.started_at)}. Good luck, everyone!"
        if previous is not None:
            text += f"\n{season_label(previous)} is now closed; its results stay in the records."
        await interaction.response.send_message(embed=embed("New season", text))

    @season.command(name="end", description="End the current season — Manage Server")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_end(self, interaction: discord.Interaction) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        ended = await self.store.seasons.end(guild_id)
        if ended is None:
            await tell(interaction, "There is no season running right now.")
            return
        e = embed(
            f"{season_label(ended)} is over",
            f"Ran from {ts(ended.started_at, 'D')} to {ts(ended.ended_at or ended.started_at, 'D')}. "
            "The next game played starts a new season automatically.",
        )
        await self.add_top(e, ended, TOP_PER_GAME, heading="Final top {n}")
        await interaction.response.send_message(embed=e)

    @season.command(name="show", description="Show the current season and its leaders")
    async def season_show(self, interaction: discord.Interaction) -> None:
        if (guild_id := await guild_of(interaction)) is None:
            return
        current = await self.store.seasons.current(guild_id)
        if current is None:
            await interaction.response.send_message(
                embed=embed(
                    "No season running",
                    "A season starts automatically with the next game, or a moderator can use `/season start`.",
                ),
                ephemeral=True,
            )
            return
        since = f"Season {current.number} · started {ts(current.started_at, 'D')} ({ts(current.started_at)})"
        if current.started_by:
            since += f" by <@{current.started_by}>"
        e = embed(user_text.season_name(current.name), since)
        fixed = await season_rules.season_rules(self.store, current.id)
        if fixed:
            e.add_field(
                name="Rules",
                value=clip(
                    "\n".join(f"**{game_title(g)}**: {season_rules.rules_text(g, o)}" for g, o in fixed.items())
                ),
                inline=False,
            )
        if not await self.add_top(e, current, TOP_PER_GAME, heading="Top {n}"):
            e.add_field(name="Results", value="No games finished yet this season.", inline=False)
        min_games = await league_settings.min_games(self.store, current.guild_id)
        top = await league_standings(self.store, current.guild_id, current.id, min_games=min_games, limit=TOP_PER_GAME)
        chart = await attach_chart(e, self.store, current, top)
        await interaction.response.send_message(embed=e, files=chart)

    @season.command(name="export", description="The season's games, standings and ledger as CSV files — Manage Server")
    @app_commands.describe(number="Which season (default: the one running, else the latest)")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_export(
        self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 1000000] | None = None
    ) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        seasons = await self.store.seasons.of_guild(guild_id)
        if number is not None:
            chosen = next((x for x in seasons if x.number == number), None)
        else:
            chosen = next((x for x in seasons if x.is_open), seasons[-1] if seasons else None)
        if chosen is None:
            await tell(
                interaction,
                "There is no such season on this server yet."
                if number is not None
                else "There is no season on this server yet: nothing to export.",
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the files may take a moment to build
        min_games = await league_settings.min_games(self.store, guild_id)
        files = await league_export.season_files(self.store, guild_id, chosen.id, min_games)
        await interaction.edit_original_response(
            content=f"**{season_label(chosen)}**: one line per player per game, the standings, and every ledger line.",
            attachments=[discord.File(io.BytesIO(data), filename=name) for name, data in files.items()],
        )

    async def add_top(self, e: discord.Embed, season: SeasonRow, n: int, heading: str) -> bool:
        min_games = await league_settings.min_games(self.store, season.guild_id)
        by_game = await league_standings(self.store, season.guild_id, season.id, min_games=min_games, limit=n)
        for game, game_rows in by_game.items():
            e.add_field(
                name=f"{game_title(game)} — {heading.format(n=min(n, game_rows.ranked))}",
                value=standing_lines(game_rows, n),
                inline=False,
            )
        if by_game:
            e.set_footer(text=standings_footer(list(by_game), min_games))
        return bool(by_game)

    # ---- /standings

    @app_commands.command(name="standings", description="This season's standings")
    @app_commands.describe(game="Only this game")
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction, game: GameArg = None) -> None:
        current = await self.running_season(
            interaction, guild_of, "No season is running yet — standings appear once a game has finished."
        )
        if current is None:
            return
        guild_id = current.guild_id
        min_games = await league_settings.min_games(self.store, guild_id)
        by_game = await league_standings(
            self.store,
            guild_id,
            current.id,
            game,
            min_games=min_games,
            limit=STANDINGS_ONE_GAME if game else STANDINGS_PER_GAME,
        )
        if not by_game:
            what = f"{user_text.escape(game_title(game))} games" if game else "games"
            await tell(interaction, f"No {what} have finished in {user_text.season_name(current.name)} yet.")
            return
        if game:
            e = embed(
                f"{user_text.escape(game_title(game))} standings — {user_text.season_name(current.name)}",
                clip(standing_lines(by_game[game], STANDINGS_ONE_GAME), 4096),
            )
        else:
            e = embed(f"Standings — {user_text.season_name(current.name)}")
            for g, game_rows in by_game.items():
                e.add_field(name=game_title(g), value=standing_lines(game_rows, STANDINGS_PER_GAME), inline=False)
        e.set_footer(text=standings_footer(list(by_game), min_games))
        chart = await attach_chart(e, self.store, current, by_game, game)
        await interaction.response.send_message(embed=e, files=chart)

    standings.autocomplete("game")(game_autocomplete)

    # ---- /history

    @app_commands.command(name="history", description="Recent games of a player")
    @app_commands.describe(user="Whose games (default: yours)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if (guild_id := await guild_of(interaction)) is None:
            return
        who = user or interaction.user
        rows = await self.store.results.history(guild_id, who.id, limit=HISTORY_LIMIT)
        if not rows:
            whose = "You have" if who.id == interaction.user.id else f"{user_text.name(who.display_name)} has"
            await tell(interaction, f"{whose} no finished games on this server yet.")
            return
        lines = [history_line(h) for h in rows]
        description = ""
        for line in lines:
            if len(description) + len(line) + 1 > 4000:
                break
            description += line + "\n"
        e = embed(f"Recent games of {user_text.name(who.display_name)}", description.strip())
        e.set_footer(text=f"Last {plural(len(rows), 'game')}, newest first. Record: the game's log as a file.")
        await interaction.response.send_message(embed=e, view=record_buttons(rows))


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(League(bot))
