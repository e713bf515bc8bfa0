"""League commands: seasons, standings, history, server settings and rules (docs/design.md §5).

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
from typing import Any, Optional, Union

import discord
from discord import app_commands
from discord.ext import commands

from bot import rules_text
from bot import text as user_text
from bot.main import ParlorBot
from bot.season_chart import attach_chart
from bot.settings import TURN_SECONDS
from bot.league import settings as league_settings
from bot.league.records import finished_table, record_file
from bot.league import export as league_export
from bot.league import officers, registration
from bot.league import rules as season_rules
from bot.league.points import columns, shown
from bot.league.standings import TIE_BREAK, GameStandings, Standing, standings as league_standings
from bot.store import GuildConfig, HistoryRow, SeasonRow, Store
from bot.text_option import GAME_NAME_MAX, TextOption
from bot.ui import add_dynamic_items, tell
from cogs.play import slash_type
from games import game_names, get_game
from games.base import GameError, option_error
from games.optionspec import offered_options
from pydantic import ValidationError

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0xC0392B)  # hanafuda red: the colour of every league embed
TOP_PER_GAME = 5  # /season show
STANDINGS_ONE_GAME = 20  # /standings <game>
STANDINGS_PER_GAME = 10  # /standings (all games)
HISTORY_LIMIT = 10
TURN_MIN, TURN_MAX = TURN_SECONDS
FIELD_MAX = 1024
OPTION_TEXT_MAX = 100  # Discord's limit on an option's description

SEASON_NAME = TextOption("name", user_text.SEASON_NAME_MAX)
GAME_NAME = TextOption("game", GAME_NAME_MAX)
ChannelArg = Union[app_commands.AppCommandChannel, app_commands.AppCommandThread]


# --------------------------------------------------------------------------- formatting helpers


def game_title(game: str) -> str:
    if game in rules_text.TITLES:
        return rules_text.TITLES[game]
    try:
        from games import get_game

        return get_game(game).title
    except Exception:  # unknown or not importable: a readable fallback
        return rules_text.title(game)


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


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fmt_seconds(seconds: int) -> str:
    if seconds < 60 or seconds % 60:
        return f"{seconds} s"
    minutes = seconds // 60
    return plural(minutes, "minute")


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
        lines.append("*Not ranked yet:* " + ", ".join(f"<@{r.user_id}> ({plural(r.games, 'game')})"
                                                      for r in waiting) + more)
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
    others = ", ".join(
        f"{user_text.name(o.name) if o.user_id is None else f'<@{o.user_id}>'} {shown(h.game, o.amount)}"
        for o in h.opponents
    ) or "nobody"
    return (f"**{game_title(h.game)}** #{h.table_id} · {ts(h.finished_at)} · **{shown(h.game, h.amount)}**{placing}"
            f" · vs {others}")


RECORD_TEMPLATE = r"parlor:record:(?P<table>[0-9]{1,20})"


class RecordButton(discord.ui.DynamicItem[discord.ui.Button], template=RECORD_TEMPLATE):
    """A finished game's **Record** (``/history``): the game's record as a file, for the one who asked
    (``bot/league/records.py``: a sanma game as a Tenhou JSON log). It works after a restart: its id says it all."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label=f"Record #{table_id}", style=discord.ButtonStyle.secondary,
                                           custom_id=f"parlor:record:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RecordButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        store: Store = interaction.client.store  # type: ignore[attr-defined]
        found = await finished_table(store, self.table_id, interaction.guild_id)
        if found is None:
            await tell(interaction, f"Game #{self.table_id} has no record on this server.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the game is played again to write it
        record = await asyncio.to_thread(record_file, *found)
        await interaction.edit_original_response(
            content=f"The record of {record.what}.", attachments=[discord.File(io.BytesIO(record.data), record.filename)])


def record_buttons(rows: list[HistoryRow]) -> discord.ui.View:
    """One **Record** button per game listed (at most 25, Discord's limit for a message)."""
    view = discord.ui.View(timeout=None)
    for row in rows[:25]:
        view.add_item(RecordButton(row.table_id))
    return view


def clip(text: str, limit: int = FIELD_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rules_sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Split a rules text into its introduction and ``## Heading`` sections."""
    parts = re.split(r"^## +(.+)$", text.strip(), flags=re.MULTILINE)
    intro = parts[0].strip()
    sections = [(parts[i].strip(), parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
    return intro, sections


def embed(title: str, description: str | None = None) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=COLOUR)


def season_label(season: SeasonRow) -> str:
    default, name = f"Season {season.number}", user_text.season_name(season.name)
    return name if season.name == default else f"{name} (season {season.number})"


def rules_command(cog: "League", game_name: str) -> app_commands.Command:
    """``/season rules <game>``: the game's table options (the ones ``/play`` offers) and, for Sanma, its
    placement points, each left out unless given; ``clear`` drops the game's rules."""
    game = get_game(game_name)
    specs = offered_options(game.Options)
    placement = season_rules.PLACEMENT.get(game_name)
    placement_specs = offered_options(placement) if placement else []

    async def rules(self: League, interaction: discord.Interaction, clear: bool | None = None, **given: Any) -> None:
        given = {k: v for k, v in given.items() if v is not None}
        await self.set_season_rules(interaction, game_name, given, bool(clear))

    parameters = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for name in ("self", "interaction")]
    parameters += [inspect.Parameter(s.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                     annotation=Optional[slash_type(s)]) for s in [*specs, *placement_specs]]
    parameters.append(inspect.Parameter("clear", inspect.Parameter.KEYWORD_ONLY, default=None,
                                        annotation=Optional[bool]))
    rules.__signature__ = inspect.Signature(parameters)
    rules.__qualname__ = f"League.season_rules_{game_name}"
    app_commands.describe(**{s.name: clip(f"{s.described} (unset: not fixed)", OPTION_TEXT_MAX)
                             for s in [*specs, *placement_specs]},
                          clear=f"Drop the season's {game.title} rules")(rules)
    return app_commands.Command(name=game_name, description=f"Fix {game.title}'s rules for this season — Manage Server",
                                callback=types.MethodType(rules, cog))


# --------------------------------------------------------------------------- the cog


class League(commands.Cog):
    """Seasons, standings, history, server settings and rules."""

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot
        for name in game_names():  # every game registered when the cog is loaded
            self.season_rules_group.add_command(rules_command(self, name))

    async def cog_load(self) -> None:
        add_dynamic_items(self.bot, RecordButton)  # the Record buttons of /history, whatever message holds them

    @property
    def store(self) -> Store:
        return self.bot.store

    def games(self) -> list[str]:
        return list(self.bot.games_available)

    def default_turn_seconds(self) -> int:
        return self.bot.settings.turn_seconds

    async def in_guild(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            await tell(interaction, "League commands work in a server, not in direct messages.")
            return False
        return True

    async def is_manager(self, interaction: discord.Interaction) -> bool:
        if not await self.in_guild(interaction):
            return False
        if not interaction.permissions.manage_guild:
            await tell(interaction, "Sorry, only members with the **Manage Server** permission can do that.")
            return False
        return True

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = dict.fromkeys(self.games() + list(rules_text.RULES))
        current = current.lower()
        return [
            app_commands.Choice(name=game_title(g), value=g)
            for g in names
            if current in g.lower() or current in game_title(g).lower()
        ][:25]

    # ---- /season

    season = app_commands.Group(name="season", description="League seasons on this server", guild_only=True)

    season_rules_group = app_commands.Group(name="rules", description="The rules every table of a game uses this "
                                            "season — Manage Server", parent=season)

    async def set_season_rules(self, interaction: discord.Interaction, game: str, given: dict[str, Any],
                               clear: bool) -> None:
        if not await self.is_manager(interaction):
            return
        current = await self.store.seasons.current(interaction.guild_id)
        if current is None:
            await tell(interaction, "No season is running: start one with `/season start`, then set its rules.")
            return
        title = game_title(game)
        fixed = (await season_rules.season_rules(self.store, current.id)).get(game, {})
        if clear:
            await season_rules.set_rules(self.store, current.id, game, {}, interaction.user.id)
            await interaction.response.send_message(embed=embed(
                f"{title} rules — {user_text.season_name(current.name)}", f"{title} tables choose their own options again."))
            return
        if not given:
            await tell(interaction, f"{user_text.season_name(current.name)} plays {title} with: {season_rules.rules_text(game, fixed)}.")
            return
        placement = season_rules.PLACEMENT.get(game)
        options = {**fixed, **{k: v for k, v in given.items() if not placement or k not in placement.model_fields}}
        try:
            if placement and any(k in placement.model_fields for k in given):
                now = placement.from_options(fixed).model_dump()
                options |= placement(**{**now, **{k: v for k, v in given.items() if k in placement.model_fields}}
                                     ).engine_options()
            await season_rules.set_rules(self.store, current.id, game, options, interaction.user.id)
        except ValidationError as error:
            await tell(interaction, str(option_error(error, title)))
            return
        except GameError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(embed=embed(
            f"{title} rules — {user_text.season_name(current.name)}",
            f"While {user_text.season_name(current.name)} runs, every {title} table plays with: "
            f"**{season_rules.rules_text(game, options)}**. `/play {game}` refuses other values of these."))

    @season.command(name="start", description="Start a new season (ends the current one) — Manage Server")
    @app_commands.describe(name="Name of the new season (default: Season N)")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_start(self, interaction: discord.Interaction,
                           name: Optional[app_commands.Transform[str, SEASON_NAME]] = None) -> None:
        if not await self.is_manager(interaction):
            return
        previous = await self.store.seasons.current(interaction.guild_id)
        new = await self.store.seasons.start(interaction.guild_id, name, interaction.user.id)
        text = f"**{season_label(new)}** has started {ts(new.started_at)}. Good luck, everyone!"
        if previous is not None:
            text += f"\n{season_label(previous)} is now closed; its results stay in the records."
        await interaction.response.send_message(embed=embed("New season", text))

    @season.command(name="end", description="End the current season — Manage Server")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_end(self, interaction: discord.Interaction) -> None:
        if not await self.is_manager(interaction):
            return
        ended = await self.store.seasons.end(interaction.guild_id)
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
        if not await self.in_guild(interaction):
            return
        current = await self.store.seasons.current(interaction.guild_id)
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
            e.add_field(name="Rules", value=clip("\n".join(
                f"**{game_title(g)}**: {season_rules.rules_text(g, o)}" for g, o in fixed.items())), inline=False)
        if not await self.add_top(e, current, TOP_PER_GAME, heading="Top {n}"):
            e.add_field(name="Results", value="No games finished yet this season.", inline=False)
        min_games = await league_settings.min_games(self.store, current.guild_id)
        top = await league_standings(self.store, current.guild_id, current.id, min_games=min_games, limit=TOP_PER_GAME)
        chart = await attach_chart(e, self.store, current, top)
        await interaction.response.send_message(embed=e, files=chart)

    @season.command(name="export", description="The season's games, standings and ledger as CSV files — Manage Server")
    @app_commands.describe(number="Which season (default: the one running, else the latest)")
    @app_commands.default_permissions(manage_guild=True)  # a hint only; checked below
    async def season_export(self, interaction: discord.Interaction,
                            number: Optional[app_commands.Range[int, 1, 1_000_000]] = None) -> None:
        if not await self.is_manager(interaction):
            return
        seasons = await self.store.seasons.of_guild(interaction.guild_id)
        if number is not None:
            chosen = next((x for x in seasons if x.number == number), None)
        else:
            chosen = next((x for x in seasons if x.is_open), seasons[-1] if seasons else None)
        if chosen is None:
            await tell(interaction, "There is no such season on this server yet." if number is not None
                       else "There is no season on this server yet: nothing to export.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the files may take a moment to build
        min_games = await league_settings.min_games(self.store, interaction.guild_id)
        files = await league_export.season_files(self.store, interaction.guild_id, chosen.id, min_games)
        await interaction.edit_original_response(
            content=f"**{season_label(chosen)}**: one line per player per game, the standings, and every ledger line.",
            attachments=[discord.File(io.BytesIO(data), filename=name) for name, data in files.items()])

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
    async def standings(self, interaction: discord.Interaction,
                        game: Optional[app_commands.Transform[str, GAME_NAME]] = None) -> None:
        if not await self.in_guild(interaction):
            return
        current = await self.store.seasons.current(interaction.guild_id)
        if current is None:
            await tell(interaction, "No season is running yet — standings appear once a game has finished.")
            return
        min_games = await league_settings.min_games(self.store, interaction.guild_id)
        by_game = await league_standings(self.store, interaction.guild_id, current.id, game, min_games=min_games,
                                         limit=STANDINGS_ONE_GAME if game else STANDINGS_PER_GAME)
        if not by_game:
            what = f"{user_text.escape(game_title(game))} games" if game else "games"
            await tell(interaction, f"No {what} have finished in {user_text.season_name(current.name)} yet.")
            return
        if game:
            e = embed(f"{user_text.escape(game_title(game))} standings — {user_text.season_name(current.name)}",
                      clip(standing_lines(by_game[game], STANDINGS_ONE_GAME), 4096))
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
        if not await self.in_guild(interaction):
            return
        who = user or interaction.user
        rows = await self.store.results.history(interaction.guild_id, who.id, limit=HISTORY_LIMIT)
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

    # ---- /config

    config = app_commands.Group(
        name="config",
        description="Server settings for Parlor",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )
    config_channels = app_commands.Group(
        name="channels", description="Channels where tables may be opened", parent=config
    )

    def config_embed(self, cfg: GuildConfig, title: str = "Parlor settings") -> discord.Embed:
        default = self.default_turn_seconds()
        if cfg.turn_seconds is None:
            turn = f"{fmt_seconds(default)} (default)"
        else:
            turn = fmt_seconds(cfg.turn_seconds)
        if cfg.allowed_channels:
            channels = clip(" ".join(f"<#{c}>" for c in cfg.allowed_channels))
        else:
            channels = "Any channel"
        e = embed(title)
        e.add_field(name="Turn time", value=f"{turn} — used by new tables", inline=False)
        e.add_field(name="Table channels", value=channels, inline=False)
        start = "1000 (default)" if cfg.starting_balance is None else str(cfg.starting_balance)
        e.add_field(name="Starting balance", value=f"{start} chips per player and money game each season", inline=False)
        return e

    async def full_config_embed(self, cfg: GuildConfig, title: str = "Parlor settings") -> discord.Embed:
        """The settings of the store's ``guild_config`` and the league's own."""
        e = self.config_embed(cfg, title)
        least = await league_settings.min_games(self.store, cfg.guild_id)
        e.add_field(name="Games to be ranked", value=(f"{plural(least, 'game')} of a game per season" if least
                                                      else "none: everyone who played is ranked"), inline=False)
        required = await registration.registration_on(self.store, cfg.guild_id)
        e.add_field(name="Registration", value=("required: only registered players may join tables" if required
                                                else "optional"), inline=False)
        role = await officers.officer_role(self.store, cfg.guild_id)
        e.add_field(name="League officers", value=(f"<@&{role}> and members with Manage Server" if role
                                                   else "members with Manage Server"), inline=False)
        return e

    @config.command(name="show", description="Show this server's Parlor settings")
    async def config_show(self, interaction: discord.Interaction) -> None:
        if not await self.in_guild(interaction):
            return
        cfg = await self.store.config.get(interaction.guild_id)
        await interaction.response.send_message(embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="turn_time", description="Seconds each player has to decide (new tables)")
    @app_commands.describe(seconds=f"Between {TURN_MIN} and {TURN_MAX}")
    async def config_turn_time(
        self, interaction: discord.Interaction, seconds: app_commands.Range[int, TURN_MIN, TURN_MAX]
    ) -> None:
        if not await self.is_manager(interaction):
            return
        if not TURN_MIN <= seconds <= TURN_MAX:
            await tell(interaction, f"Please choose a turn time between {TURN_MIN} and {TURN_MAX} seconds.")
            return
        cfg = await self.store.config.set(interaction.guild_id, turn_seconds=int(seconds))
        await interaction.response.send_message(
            f"New tables will give each player **{fmt_seconds(cfg.turn_seconds or seconds)}** per decision.",
            embed=await self.full_config_embed(cfg),
            ephemeral=True,
        )

    @config.command(name="starting_balance", description="Chips each player starts a season with, per money game")
    @app_commands.describe(chips="Between 0 and 1000000 (games that start from now on use it)")
    async def config_starting_balance(
        self, interaction: discord.Interaction, chips: app_commands.Range[int, 0, 1_000_000]
    ) -> None:
        if not await self.is_manager(interaction):
            return
        if not 0 <= chips <= 1_000_000:
            await tell(interaction, "Please choose a starting balance between 0 and 1000000 chips.")
            return
        cfg = await self.store.config.set(interaction.guild_id, starting_balance=int(chips))
        await interaction.response.send_message(
            f"Every player now starts a season with **{chips}** chips in each money game (balances are this "
            "plus the season's ledger, so current balances move by the change too).",
            embed=await self.full_config_embed(cfg),
            ephemeral=True,
        )

    @config.command(name="min_games", description="Games a player must play in a season to be ranked in a game")
    @app_commands.describe(games=f"Between 0 (everyone is ranked) and {league_settings.MAX_MIN_GAMES}")
    async def config_min_games(
        self, interaction: discord.Interaction, games: app_commands.Range[int, 0, league_settings.MAX_MIN_GAMES]
    ) -> None:
        if not await self.is_manager(interaction):
            return
        try:  # a forged payload skips the client's range check
            await league_settings.set_min_games(self.store, interaction.guild_id, int(games))
        except ValueError as error:
            await tell(interaction, str(error))
            return
        cfg = await self.store.config.get(interaction.guild_id)
        text = ("Everyone who played is ranked in the standings." if not games else
                f"A player is ranked in a game's standings from **{plural(games, 'game')}** of it in the season; "
                "the others are listed as not ranked yet.")
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="officer_role", description="The role whose members run the league's officer commands")
    @app_commands.describe(role="The league officers' role (left out: none; Manage Server always counts)")
    async def config_officer_role(self, interaction: discord.Interaction, role: Optional[discord.Role] = None) -> None:
        if not await self.is_manager(interaction):
            return
        async with self.store.transaction() as db:
            await officers.set_officer_role(self.store, interaction.guild_id, role.id if role else None, db)
            await officers.record(db, self.store, interaction.guild_id, interaction.user, "officer role",
                                  target=f"role {role.id}" if role else "no role")
        cfg = await self.store.config.get(interaction.guild_id)
        text = (f"Members with {role.mention} are league officers (and members with Manage Server)." if role
                else "No officer role: only members with Manage Server are league officers.")
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="registration", description="Whether only registered players may join this server's tables")
    @app_commands.describe(required="On: only players registered with /league register may join (every table "
                                    "here is a league table)")
    async def config_registration(self, interaction: discord.Interaction, required: bool) -> None:
        if not await self.is_manager(interaction):
            return
        async with self.store.transaction() as db:
            await registration.set_registration(db, self.store, interaction.guild_id, required)
            await officers.record(db, self.store, interaction.guild_id, interaction.user, "registration",
                                  target="required" if required else "optional")
        cfg = await self.store.config.get(interaction.guild_id)
        text = ("Only registered players (/league register) may join this server's tables from now on; players "
                "already seated keep their seats." if required else "Anyone may join this server's tables.")
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config_channels.command(name="add", description="Allow tables in a channel")
    @app_commands.describe(channel="The channel to allow")
    async def channels_add(self, interaction: discord.Interaction, channel: ChannelArg) -> None:
        if not await self.is_manager(interaction):
            return
        cfg = await self.store.config.get(interaction.guild_id)
        if channel.id in cfg.allowed_channels:
            await tell(interaction, f"{channel.mention} is already on the list.")
            return
        cfg = await self.store.config.set(interaction.guild_id, allowed_channels=[*cfg.allowed_channels, channel.id])
        note = "" if len(cfg.allowed_channels) > 1 else " Tables can now only be opened in the listed channels."
        await interaction.response.send_message(
            f"Tables may be opened in {channel.mention}.{note}", embed=await self.full_config_embed(cfg), ephemeral=True
        )

    @config_channels.command(name="remove", description="Stop allowing tables in a channel")
    @app_commands.describe(channel="The channel to remove")
    async def channels_remove(self, interaction: discord.Interaction, channel: ChannelArg) -> None:
        if not await self.is_manager(interaction):
            return
        cfg = await self.store.config.get(interaction.guild_id)
        if channel.id not in cfg.allowed_channels:
            await tell(interaction, f"{channel.mention} is not on the list.")
            return
        remaining = [c for c in cfg.allowed_channels if c != channel.id]
        cfg = await self.store.config.set(interaction.guild_id, allowed_channels=remaining)
        note = "" if remaining else " The list is empty, so tables may be opened in any channel."
        await interaction.response.send_message(
            f"{channel.mention} removed.{note}", embed=await self.full_config_embed(cfg), ephemeral=True
        )

    @config_channels.command(name="clear", description="Allow tables in any channel")
    async def channels_clear(self, interaction: discord.Interaction) -> None:
        if not await self.is_manager(interaction):
            return
        cfg = await self.store.config.set(interaction.guild_id, allowed_channels=[])
        await interaction.response.send_message(
            "Tables may now be opened in any channel.", embed=await self.full_config_embed(cfg), ephemeral=True
        )

    # ---- /rules

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
            shown.add_field(name="This channel's table", value=clip(f"{options}; turn time {table.turn_seconds} s"),
                            inline=False)
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
    await bot.add_cog(League(bot))
