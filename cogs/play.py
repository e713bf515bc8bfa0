"""Playing at a table: /play, /table, /hand, /leave, /resign (the table buttons are routed in ``bot.ui``).

Each command hands its wish to the table manager, which answers through the presenter; a Refusal
is answered privately by the command tree's error handler (``bot.main.ParlorTree``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.main import ParlorBot
from bot.settings import TURN_SECONDS
from bot.tables import PLAYING, Refusal, TableManager
from games import get_game
from games.base import option_range

def ranged(game: str, option: str) -> Any:
    """A game option's slash type: Discord's client checks the range the game's Options declare,
    and the table manager checks the same range again (a forged payload skips the client)."""
    low, high = option_range(get_game(game).Options, option)
    return app_commands.Range[int, low, high]


TurnTime = app_commands.Range[int, TURN_SECONDS[0], TURN_SECONDS[1]]


class Play(commands.Cog):
    play = app_commands.Group(name="play", description="Open a game table in this channel", guild_only=True)

    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @property
    def tables(self) -> TableManager:
        return self.bot.tables

    # ---------------------------------------------------------------- slash commands

    @play.command(name="koikoi", description="Open a Koi-Koi table (2 players, 2 with toppa, 3, or 4 in teams)")
    @app_commands.describe(
        players="Number of players (2, 3 or 4); default: however many are seated at Start",
        toppa="2 players only: 10 cards each, play until the pile is empty",
        viewing_yaku="Count Hanami-zake and Tsukimi-zake (5 points each)",
        double_over_7="Double a hand worth 7 or more (default on)",
        months="Number of rounds (1-12, default 12)",
        turn_time="Seconds per decision before a bot plays for you (default: the server's)",
    )
    async def play_koikoi(
        self,
        interaction: discord.Interaction,
        players: ranged("koikoi", "players") | None = None,
        toppa: bool = False,
        viewing_yaku: bool = False,
        double_over_7: bool = True,
        months: ranged("koikoi", "months") = 12,
        turn_time: TurnTime | None = None,
    ) -> None:
        options = {"toppa": toppa, "viewing_yaku": viewing_yaku, "double_over_7": double_over_7, "months": months}
        if players is not None:
            options["players"] = players
        await self.open_table(interaction, "koikoi", options, turn_time)

    @play.command(name="hachihachi", description="Open a Hachi-Hachi table: 3-7 players, a year of months played for money")
    @app_commands.describe(
        players="Number of players (3-7); default: however many are seated at Start",
        payment="each-opponent-full (default: each opponent pays the full value) or split (halved)",
        months="Length of the year: 12 (default), 10 or 6 months",
        campaign="Play as many games as players, each opened by another dealer",
        shiso_ends_game="A Shiso hand ends the whole game (default on)",
        turn_time="Seconds per decision before a bot plays for you (default: the server's)",
    )
    @app_commands.choices(
        payment=[app_commands.Choice(name=n, value=n) for n in ("each-opponent-full", "split")],
        months=[app_commands.Choice(name=str(n), value=n) for n in (12, 10, 6)],
    )
    async def play_hachihachi(
        self,
        interaction: discord.Interaction,
        players: ranged("hachihachi", "players") | None = None,
        payment: str = "each-opponent-full",
        months: int = 12,
        campaign: bool = False,
        shiso_ends_game: bool = True,
        turn_time: TurnTime | None = None,
    ) -> None:
        options = {"payment": payment, "months": months, "campaign": campaign, "shiso_ends_game": shiso_ends_game}
        if players is not None:
            options["players"] = players
        await self.open_table(interaction, "hachihachi", options, turn_time)

    @play.command(name="blackflower", description="Open a Black Flower table: bet season chips against a banker (2-10)")
    @app_commands.describe(
        banker="Who banks after each round: rotate (offered clockwise), fixed, or the round's winner",
        rounds="Number of rounds (default: one per player; 0 = until the host ends the game)",
        min_bet="Smallest bet (default 10)",
        max_bet="Largest first bet (default 100)",
        split_by_month="Two dealt cards of one month may be split",
        split_by_kind="Two dealt cards of one kind may be split",
        double_down="Double the stake before any extra card, then take at most one",
        banker_advantage="No pushes: the banker wins every tie",
        no_pair_advantage="Same-month cards cannot overlap (+1)",
        turn_time="Seconds per decision before a bot plays for you (default: the server's)",
    )
    @app_commands.choices(banker=[app_commands.Choice(name=n, value=n) for n in ("rotate", "fixed", "winner")])
    async def play_blackflower(
        self,
        interaction: discord.Interaction,
        banker: str = "rotate",
        rounds: ranged("blackflower", "rounds") | None = None,
        min_bet: ranged("blackflower", "min_bet") = 10,
        max_bet: ranged("blackflower", "max_bet") = 100,
        split_by_month: bool = False,
        split_by_kind: bool = False,
        double_down: bool = False,
        banker_advantage: bool = False,
        no_pair_advantage: bool = False,
        turn_time: TurnTime | None = None,
    ) -> None:
        options = {"banker": banker, "min_bet": min_bet, "max_bet": max_bet, "split_by_month": split_by_month,
                   "split_by_kind": split_by_kind, "double_down": double_down,
                   "banker_advantage": banker_advantage, "no_pair_advantage": no_pair_advantage}
        if rounds is not None:
            options["rounds"] = rounds
        await self.open_table(interaction, "blackflower", options, turn_time)

    @play.command(name="sanma", description="Open a Sanma table: 3-player riichi mahjong (bots fill empty seats)")
    @app_commands.describe(
        east_only="Play only the East round (a short game; default: East and South)",
        red_fives="Use the red 5p and 5s (default on)",
        call_seconds="Seconds to decide a pon/kan/ron call before it passes (default 15)",
        double_ron="Allow two players to ron the same tile (default on)",
        tobi="End the game when a player goes below zero (default on)",
        nagashi_mangan="Allow nagashi mangan (default on)",
        turn_time="Seconds per decision before a bot plays for you (default: the server's)",
    )
    async def play_sanma(
        self,
        interaction: discord.Interaction,
        east_only: bool = False,
        red_fives: bool = True,
        call_seconds: ranged("sanma", "call_seconds") = 15,
        double_ron: bool = True,
        tobi: bool = True,
        nagashi_mangan: bool = True,
        turn_time: TurnTime | None = None,
    ) -> None:
        options = {"east_only": east_only, "red_fives": red_fives, "call_seconds": call_seconds,
                   "double_ron": double_ron, "tobi": tobi, "nagashi_mangan": nagashi_mangan}
        await self.open_table(interaction, "sanma", options, turn_time)

    @play.command(name="bcpoker", description="Open a Black Christmas Poker table (2-7 players; two decks for 4+)")
    @app_commands.describe(
        players="Number of players (2-7); default: however many are seated at Start",
        riichi_required="A normal win needs Riichi (default on); off: anyone may win at any time",
        black_christmas="Black Christmas hits, chains and Black Gift (default on)",
        special_hands="The special hands S01-S06 (default on)",
        lead_rounds="How many times everyone leads before the game ends (default 2)",
        max_reshuffles="Deck rebuilds per round before it ends without a winner (default 3; 0 = unlimited)",
        turn_time="Seconds per decision before a bot plays for you (default: the server's)",
    )
    async def play_bcpoker(
        self,
        interaction: discord.Interaction,
        players: ranged("bcpoker", "players") | None = None,
        riichi_required: bool = True,
        black_christmas: bool = True,
        special_hands: bool = True,
        lead_rounds: ranged("bcpoker", "lead_rounds") = 2,
        max_reshuffles: ranged("bcpoker", "max_reshuffles") = 3,
        turn_time: TurnTime | None = None,
    ) -> None:
        options = {"riichi_required": riichi_required, "black_christmas": black_christmas,
                   "special_hands": special_hands, "lead_rounds": lead_rounds, "max_reshuffles": max_reshuffles}
        if players is not None:
            options["players"] = players
        await self.open_table(interaction, "bcpoker", options, turn_time)

    async def open_table(self, interaction: discord.Interaction, game: str, options: dict, turn_time: int | None) -> None:
        await self.tables.open_table(
            game_name=game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            options=options, turn_seconds=turn_time, origin=interaction,
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
