"""``/config``: a server's Parlor settings — turn time, table channels, starting balance, and the league's own
(games to be ranked, officer role, registration). Manage Server changes them; anyone may look.

The settings live in the store's ``guild_config`` (``store.config``) and the league's modules
(``bot/league/settings.py``, ``bot/league/officers.py``, ``bot/league/registration.py``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.league import officers, registration
from bot.league import settings as league_settings
from bot.main import ParlorBot
from bot.settings import TURN_SECONDS
from bot.store import GuildConfig
from bot.ui import tell
from cogs.parlor_cog import ParlorCog
from cogs.replies import clip, embed, fmt_seconds, guild_of, managed_guild, plural

TURN_MIN, TURN_MAX = TURN_SECONDS
ChannelArg = app_commands.AppCommandChannel | app_commands.AppCommandThread


class Settings(ParlorCog):
    """The server's settings (``/config``)."""

    def default_turn_seconds(self) -> int:
        return self.bot.settings.turn_seconds

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
        e.add_field(
            name="Games to be ranked",
            value=(f"{plural(least, 'game')} of a game per season" if least else "none: everyone who played is ranked"),
            inline=False,
        )
        required = await registration.registration_on(self.store, cfg.guild_id)
        e.add_field(
            name="Registration",
            value=("required: only registered players may join tables" if required else "optional"),
            inline=False,
        )
        role = await officers.officer_role(self.store, cfg.guild_id)
        e.add_field(
            name="League officers",
            value=(f"<@&{role}> and members with Manage Server" if role else "members with Manage Server"),
            inline=False,
        )
        return e

    @config.command(name="show", description="Show this server's Parlor settings")
    async def config_show(self, interaction: discord.Interaction) -> None:
        if (guild_id := await guild_of(interaction)) is None:
            return
        cfg = await self.store.config.get(guild_id)
        await interaction.response.send_message(embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="turn_time", description="Seconds each player has to decide (new tables)")
    @app_commands.describe(seconds=f"Between {TURN_MIN} and {TURN_MAX}")
    async def config_turn_time(
        self, interaction: discord.Interaction, seconds: app_commands.Range[int, TURN_MIN, TURN_MAX]
    ) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        if not TURN_MIN <= seconds <= TURN_MAX:
            await tell(interaction, f"Please choose a turn time between {TURN_MIN} and {TURN_MAX} seconds.")
            return
        cfg = await self.store.config.set(guild_id, turn_seconds=int(seconds))
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
        if (guild_id := await managed_guild(interaction)) is None:
            return
        if not 0 <= chips <= 1_000_000:
            await tell(interaction, "Please choose a starting balance between 0 and 1000000 chips.")
            return
        cfg = await self.store.config.set(guild_id, starting_balance=int(chips))
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
        if (guild_id := await managed_guild(interaction)) is None:
            return
        try:  # a forged payload skips the client's range check
            await league_settings.set_min_games(self.store, guild_id, int(games))
        except ValueError as error:
            await tell(interaction, str(error))
            return
        cfg = await self.store.config.get(guild_id)
        text = (
            "Everyone who played is ranked in the standings."
            if not games
            else f"A player is ranked in a game's standings from **{plural(games, 'game')}** of it in the season; "
            "the others are listed as not ranked yet."
        )
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="officer_role", description="The role whose members run the league's officer commands")
    @app_commands.describe(role="The league officers' role (left out: none; Manage Server always counts)")
    async def config_officer_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        async with self.store.transaction() as db:
            await officers.set_officer_role(self.store, guild_id, role.id if role else None, db)
            await officers.record(
                db,
                self.store,
                guild_id,
                interaction.user,
                "officer role",
                target=f"role {role.id}" if role else "no role",
            )
        cfg = await self.store.config.get(guild_id)
        text = (
            f"Members with {role.mention} are league officers (and members with Manage Server)."
            if role
            else "No officer role: only members with Manage Server are league officers."
        )
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config.command(name="registration", description="Whether only registered players may join this server's tables")
    @app_commands.describe(
        required="On: only players registered with /league register may join (every table here is a league table)"
    )
    async def config_registration(self, interaction: discord.Interaction, required: bool) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        async with self.store.transaction() as db:
            await registration.set_registration(db, self.store, guild_id, required)
            await officers.record(
                db,
                self.store,
                guild_id,
                interaction.user,
                "registration",
                target="required" if required else "optional",
            )
        cfg = await self.store.config.get(guild_id)
        text = (
            "Only registered players (/league register) may join this server's tables from now on; players "
            "already seated keep their seats."
            if required
            else "Anyone may join this server's tables."
        )
        await interaction.response.send_message(text, embed=await self.full_config_embed(cfg), ephemeral=True)

    async def edit_channels(self, interaction: discord.Interaction, channel: ChannelArg, adding: bool) -> None:
        """Add ``channel`` to the channels tables may open in, or remove it; told privately, with the settings."""
        if (guild_id := await managed_guild(interaction)) is None:
            return
        cfg = await self.store.config.get(guild_id)
        if (channel.id in cfg.allowed_channels) == adding:
            await tell(interaction, f"{channel.mention} is {'already' if adding else 'not'} on the list.")
            return
        if adding:
            listed = [*cfg.allowed_channels, channel.id]
            text = f"Tables may be opened in {channel.mention}."
            note = "" if len(listed) > 1 else " Tables can now only be opened in the listed channels."
        else:
            listed = [c for c in cfg.allowed_channels if c != channel.id]
            text = f"{channel.mention} removed."
            note = "" if listed else " The list is empty, so tables may be opened in any channel."
        cfg = await self.store.config.set(guild_id, allowed_channels=listed)
        await interaction.response.send_message(text + note, embed=await self.full_config_embed(cfg), ephemeral=True)

    @config_channels.command(name="add", description="Allow tables in a channel")
    @app_commands.describe(channel="The channel to allow")
    async def channels_add(self, interaction: discord.Interaction, channel: ChannelArg) -> None:
        await self.edit_channels(interaction, channel, adding=True)

    @config_channels.command(name="remove", description="Stop allowing tables in a channel")
    @app_commands.describe(channel="The channel to remove")
    async def channels_remove(self, interaction: discord.Interaction, channel: ChannelArg) -> None:
        await self.edit_channels(interaction, channel, adding=False)

    @config_channels.command(name="clear", description="Allow tables in any channel")
    async def channels_clear(self, interaction: discord.Interaction) -> None:
        if (guild_id := await managed_guild(interaction)) is None:
            return
        cfg = await self.store.config.set(guild_id, allowed_channels=[])
        await interaction.response.send_message(
            "Tables may now be opened in any channel.", embed=await self.full_config_embed(cfg), ephemeral=True
        )


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(Settings(bot))
