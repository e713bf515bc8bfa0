"""Playing at a table: /play, /table, /hand, /leave, /resign (the table buttons are routed in ``bot.ui``).

Each command hands its wish to the table manager, which answers through the presenter; a Refusal
is answered privately by the command tree's error handler (``bot.main.ParlorTree``)."""

from __future__ import annotations

import inspect
import types
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import text as user_text
from bot.main import ParlorBot
from bot.permissions import missing, missing_text
from bot.settings import TURN_SECONDS
from bot.tables import PLAYING, Refusal, TableManager
from games import game_names, get_game
from games.optionspec import OptionSpec, offered_options

TurnTime = app_commands.Range[int, TURN_SECONDS[0], TURN_SECONDS[1]]
TURN_TIME_TEXT = "Seconds per decision before a bot plays for you (default: the server's)"
MAX_OPTIONS = 25  # per slash command, Discord's limit


def slash_type(spec: OptionSpec) -> Any:
    """An option's slash type: its choices, or its range (Discord's client checks it; the table
    manager checks it again, since a forged payload skips the client), optional when it has no default."""
    if spec.choices:
        kind: Any = Literal[spec.choices]
    elif spec.bounds:
        kind = app_commands.Range[spec.kind, spec.bounds[0], spec.bounds[1]]
    else:
        kind = spec.kind
    return kind | None if spec.table_default is None else kind


def slash_description(spec: OptionSpec) -> str:
    return f"{spec.description} (default: {spec.default_text(spec.table_default)})"


def play_command(cog: Play, game_name: str) -> app_commands.Command:
    """``/play <game>``: its options are the game's Options fields (games/optionspec.py), plus turn_time."""
    game = get_game(game_name)
    specs = offered_options(game.Options)

    async def play(self: Play, interaction: discord.Interaction, turn_time: int | None = None, **given: Any) -> None:
        options = {s.name: given[s.name] for s in specs if given.get(s.name) is not None}
        await self.open_table(interaction, game_name, options, turn_time)

    parameters = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for name in ("self", "interaction")]
    parameters += [
        inspect.Parameter(s.name, inspect.Parameter.KEYWORD_ONLY, default=s.table_default, annotation=slash_type(s))
        for s in specs
    ]
    parameters.append(
        inspect.Parameter("turn_time", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=TurnTime | None)
    )
    if len(parameters) - 2 > MAX_OPTIONS:
        raise ValueError(f"/play {game_name} would have {len(parameters) - 2} options; Discord takes {MAX_OPTIONS}")
    # inspect.signature (and so discord.py) reads a function's __signature__, which typeshed does not declare
    play.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    play.__qualname__ = f"Play.play_{game_name}"  # a method of the cog: discord.py passes the cog first
    app_commands.describe(**{s.name: slash_description(s) for s in specs}, turn_time=TURN_TIME_TEXT)(play)
    low, high = game.min_players, game.max_players
    players = f"{low} players" if low == high else f"{low}-{high} players"
    return app_commands.Command(
        name=game_name, description=f"Open a {game.title} table ({players})", callback=types.MethodType(play, cog)
    )


class Play(commands.Cog):
    play = app_commands.Group(name="play", description="Open a game table in this channel", guild_only=True)

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot
        for name in game_names():  # every game registered when the cog is loaded
            self.play.add_command(play_command(self, name))

    @property
    def tables(self) -> TableManager:
        return self.bot.tables

    # ---------------------------------------------------------------- slash commands

    async def open_table(
        self, interaction: discord.Interaction, game: str, options: dict, turn_time: int | None
    ) -> None:
        lacking = missing(interaction.app_permissions, in_thread=isinstance(interaction.channel, discord.Thread))
        if lacking:  # else the table would open and then freeze on the first post it cannot make
            raise Refusal(missing_text(lacking))
        if interaction.guild_id is None or interaction.channel_id is None:  # /play is for servers only
            raise Refusal("Tables are played in a server's channels, not in direct messages.")
        await self.tables.open_table(
            game_name=game,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=user_text.plain_name(interaction.user.display_name),
            options=options,
            turn_seconds=turn_time,
            origin=interaction,
            chosen=frozenset(name for name, _ in interaction.namespace),  # typed by the host, not defaults
        )

    @app_commands.command(name="table", description="Show this channel's table again")
    @app_commands.guild_only()
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        await self.tables.show_again(interaction.channel_id, interaction)

    @app_commands.command(name="hand", description="Open your private hand panel for this channel's game")
    @app_commands.guild_only()
    async def hand_cmd(self, interaction: discord.Interaction) -> None:
        table = self.tables.table_here(interaction.channel_id)
        await self.tables.show_hand(table.id, interaction.user.id, interaction)

    @app_commands.command(name="leave", description="Leave the table you joined in this channel (before it starts)")
    @app_commands.guild_only()
    async def leave_cmd(self, interaction: discord.Interaction) -> None:
        table = self.tables.table_here(interaction.channel_id)
        if table.status == PLAYING:
            raise Refusal("The game has started; use /resign to let a bot finish it for you.")
        await self.tables.leave(table.id, interaction.user.id, interaction)

    @app_commands.command(name="resign", description="Stop playing this channel's game; a bot takes your seat")
    @app_commands.guild_only()
    async def resign_cmd(self, interaction: discord.Interaction) -> None:
        table = self.tables.table_here(interaction.channel_id)
        await self.tables.resign(table.id, interaction.user.id, interaction)


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(Play(bot))
