"""The server and channel a league command came from. League commands are declared for servers only
(``guild_only``), so Discord never sends one from direct messages; should one arrive all the same, it is
refused with one polite line."""

from __future__ import annotations

import discord

from bot.tables import Refusal

IN_SERVERS_ONLY = "League commands work in a server's channels, not in direct messages."


def server_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal(IN_SERVERS_ONLY)
    return interaction.guild_id


def channel_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(IN_SERVERS_ONLY)
    return interaction.channel_id
