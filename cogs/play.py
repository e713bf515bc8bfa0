"""Playing at a table: /play, /table, /hand, /leave, /resign and every table button."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ui
from bot.settings import TURN_SECONDS
from bot.tables import LOBBY, PLAYING, Refusal, StaleClick, Table
from bot.ui import tell
from games import get_game
from games.base import option_range

log = logging.getLogger(__name__)


def ranged(game: str, option: str) -> Any:
    """A game option's slash type: Discord's client checks the range the game's Options declare,
    and the table manager checks the same range again (a forged payload skips the client)."""
    low, high = option_range(get_game(game).Options, option)
    return app_commands.Range[int, low, high]


TurnTime = app_commands.Range[int, TURN_SECONDS[0], TURN_SECONDS[1]]


class Play(commands.Cog):
    play = app_commands.Group(name="play", description="Open a game table in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tables(self):
        return self.bot.tables

    @property
    def presenter(self):
        return self.bot.presenter

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
        config = await self.bot.store.get_config(interaction.guild_id)
        allowed = config.allowed_channels or []
        if allowed and interaction.channel_id not in allowed:
            where = " ".join(f"<#{c}>" for c in allowed)
            await tell(interaction, f"Tables can be opened only in {where} on this server.")
            return
        turn_seconds = turn_time if turn_time is not None else config.turn_seconds  # None: the process default
        try:
            table = await self.tables.open_table(
                game_name=game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id, host_name=interaction.user.display_name,
                options=options, turn_seconds=turn_seconds,
            )
        except Refusal as refusal:
            await tell(interaction, str(refusal))
            return
        payload = self.presenter.table_payload(table)
        await interaction.response.send_message(**{k: v for k, v in payload.items() if v is not None})
        message = await interaction.original_response()
        table.message_id = message.id
        await self.bot.store.set_message(table.id, message.id)

    def _table_here(self, interaction: discord.Interaction) -> Table:
        table = self.tables.in_channel(interaction.channel_id)
        if table is None:
            raise Refusal("There is no table in this channel. Open one with /play.")
        return table

    @app_commands.command(name="table", description="Show this channel's table again")
    @app_commands.guild_only()
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        try:
            table = self._table_here(interaction)
        except Refusal as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.send_message("Here is the table again ⬇️", ephemeral=True)
        async with table.lock:
            await self.presenter.show_table(table, repost=True)

    @app_commands.command(name="hand", description="Open your private hand panel for this channel's game")
    @app_commands.guild_only()
    async def hand_cmd(self, interaction: discord.Interaction) -> None:
        try:
            table = self._table_here(interaction)
        except Refusal as refusal:
            await tell(interaction, str(refusal))
            return
        await self.open_panel(interaction, table)

    @app_commands.command(name="leave", description="Leave the table you joined in this channel (before it starts)")
    @app_commands.guild_only()
    async def leave_cmd(self, interaction: discord.Interaction) -> None:
        try:
            table = self._table_here(interaction)
            if table.status == PLAYING:
                raise Refusal("The game has started; use /resign to let a bot finish it for you.")
            await self.tables.leave(table.id, interaction.user.id)
        except Refusal as refusal:
            await tell(interaction, str(refusal))
            return
        await tell(interaction, "You left the table.")
        await self._after_lobby_change(table)

    @app_commands.command(name="resign", description="Stop playing this channel's game; a bot takes your seat")
    @app_commands.guild_only()
    async def resign_cmd(self, interaction: discord.Interaction) -> None:
        try:
            table = self._table_here(interaction)
            await self.tables.resign(table.id, interaction.user.id)
        except Refusal as refusal:
            await tell(interaction, str(refusal))
            return
        await tell(interaction, "You resigned. A bot plays your seat; the result still counts for you.")

    async def _after_lobby_change(self, table: Table) -> None:
        async with table.lock:
            if table.status == LOBBY:
                await self.presenter.show_table(table)
            elif not table.is_open:
                await self.presenter.closed(table, "Everyone left; the table is closed.")

    # ---------------------------------------------------------------- buttons

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await ui.route(interaction, self.on_table_button)

    async def open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        if table.status == LOBBY:
            await tell(interaction, "The game has not started yet; your hand appears once the host presses Start.")
            return
        if table.status != PLAYING:
            await tell(interaction, "This game is over.")
            return
        if table.seat_of(interaction.user.id) is None:
            await tell(interaction, "You are not seated at this table, so there is no hand to show. Enjoy watching!")
            return
        async with table.lock:
            await interaction.response.send_message(ephemeral=True, **self.presenter.panel_payload(table, interaction.user.id))
            self.presenter.remember_panel(table.id, interaction.user.id, interaction)

    async def on_table_button(self, interaction: discord.Interaction, table_id: int, version: int, verb: str) -> None:
        """Every table button, menu and prompt. It acts only on the table of the channel it was clicked in
        (so permissions such as Manage Server are those of that table's server)."""
        table = self.tables.get(table_id)
        if table is not None and (table.guild_id, table.channel_id) != (interaction.guild_id, interaction.channel_id):
            await tell(interaction, "That button belongs to a table in another channel; it does nothing here.")
            return
        if table is None or (not table.is_open and verb in LOBBY_VERBS):
            await tell(interaction, "This table is closed. Open a new one with /play.")
            return
        try:
            if verb in LOBBY_VERBS:
                await self.lobby_button(interaction, table, verb)
            elif verb == "hand":
                await self.open_panel(interaction, table)
            elif verb.startswith("a:"):
                await self.action_button(interaction, table, version, verb[2:])
            else:
                await tell(interaction, "That button is not one of Parlor's.")
        except Refusal as refusal:
            await tell(interaction, str(refusal))

    async def lobby_button(self, interaction: discord.Interaction, table: Table, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            await self.tables.join(table.id, user.id, user.display_name)
        elif verb == "leave":
            await self.tables.leave(table.id, user.id)
        elif verb == "addbot":
            await self.tables.add_bot(table.id, user.id)
        elif verb == "cancel":
            admin = bool(interaction.permissions and interaction.permissions.manage_guild)
            await self.tables.cancel(table.id, user.id, is_admin=admin)
            await interaction.response.defer()
            async with table.lock:
                await self.presenter.closed(table, f"Cancelled by {user.display_name}.")
            return
        elif verb == "start":
            await self.tables.start(table.id, user.id)
            await interaction.response.defer()  # the table message turns into the game board
            return
        async with table.lock:
            if table.status == LOBBY:
                await interaction.response.edit_message(**self.presenter.table_payload(table))
            else:
                await interaction.response.defer()
                await self.presenter.closed(table, "Everyone left; the table is closed.")

    async def action_button(self, interaction: discord.Interaction, table: Table, version: int, action: str) -> None:
        user_id = interaction.user.id

        async def respond(updated: Table) -> None:
            await interaction.response.edit_message(**self.presenter.panel_payload(updated, user_id))
            self.presenter.remember_panel(updated.id, user_id, interaction)

        try:
            await self.tables.act(table.id, user_id, version, action, respond=respond)
        except StaleClick as stale:  # the answer is the seat's fresh panel, in place of the old one
            await interaction.response.edit_message(**{**self.presenter.panel_payload(table, user_id),
                                                       "content": f"⌛ {stale}"})
            self.presenter.remember_panel(table.id, user_id, interaction)


LOBBY_VERBS = {"join", "leave", "addbot", "start", "cancel"}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
