"""Who may do what where, as Discord computes it: a member's roles and permissions, the bot's in a channel (its
roles, the channel's overwrites, what a thread inherits, the implicit denials), and the 403 Discord answers when the
bot lacks one."""

from __future__ import annotations

from typing import Protocol

from .errors import DiscordHTTPError
from .models import (
    ADMINISTRATOR,
    ATTACH_FILES,
    BOT_PERMISSIONS,
    EMBED_LINKS,
    EVERYONE_PERMISSIONS,
    MANAGE_GUILD,
    MENTION_EVERYONE,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SEND_TTS_MESSAGES,
    VIEW_CHANNEL,
    Channel,
    Guild,
    Member,
)
from .strict import Strictness

SENDING_ONLY = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS


def implicit_denials(perms: int, send: int = SEND_MESSAGES) -> int:
    """topics/permissions, "Implicit Permissions": without View Channel no other permission counts; without the
    permission to send (``send``: Send Messages, or in a thread Send Messages in Threads, which is what sends
    there), neither Mention Everyone, Send TTS Messages, Attach Files nor Embed Links does. The docs speak of
    Send Messages only; in a thread, where it "has no effect", the one that sends takes its place."""
    if not perms & VIEW_CHANNEL:
        return 0
    return perms if perms & send else perms & ~SENDING_ONLY


class Members(Protocol):
    """What the permissions are computed from (a :class:`~localdiscord.world.World`)."""

    bot_id: int
    users: dict[int, Member]
    guilds: dict[int, Guild]
    channels: dict[int, Channel]
    strict: Strictness


class Permissions:
    """The permissions of the members and the bot of one world."""

    def __init__(self, world: Members) -> None:
        self.world = world

    def roles(self, user_id: int, guild: Guild) -> list[str]:
        """The member's roles in ``guild``: the bot's own role, the Manager role for those who manage the server."""
        if user_id == self.world.bot_id:
            return [str(guild.bot_role_id)]
        u = self.world.users.get(user_id)
        if u is not None and u.manage_guild:
            return [str(guild.manager_role_id)]
        return []

    def member(self, user_id: int, guild: Guild) -> int:
        """The member's permissions in ``guild`` before any channel's overwrites (the owner holds them all)."""
        if user_id == guild.owner_id:
            return (1 << 53) - 1
        if user_id == self.world.bot_id:
            return BOT_PERMISSIONS
        u = self.world.users.get(user_id)
        perms = EVERYONE_PERMISSIONS
        if u is not None and u.manage_guild:
            perms |= MANAGE_GUILD
        return perms

    def bot_in(self, channel: Channel, implicit: bool = True) -> int:
        """The bot's permissions in ``channel``: its roles, then the channel's overwrites, then (``implicit``)
        Discord's implicit denials. A thread's are its channel's, except Send Messages, which threads do not
        inherit (topics/permissions, "Inherited Permissions (Threads)": Send Messages in Threads is what lets
        one post there). An interaction's ``app_permissions`` leave the implicit denials out, as the docs say
        (resources/channel: "This does not include implicit permissions")."""
        if channel.is_thread:
            parent = self.bot_in(self.world.channels[channel.parent_id], implicit=False)  # type: ignore[index]
            perms = parent & ~SEND_MESSAGES
            return implicit_denials(perms, SEND_MESSAGES_IN_THREADS) if implicit else perms
        if channel.guild_id is None:
            return BOT_PERMISSIONS
        guild = self.world.guilds[channel.guild_id]
        perms = self.member(self.world.bot_id, guild)
        if perms & ADMINISTRATOR:
            return (1 << 53) - 1
        perms = channel.apply_overwrites(perms, guild.id, [guild.bot_role_id], self.world.bot_id)
        return implicit_denials(perms) if implicit else perms

    @staticmethod
    def send_bit(channel: Channel) -> int:
        """The permission that lets one post in ``channel``: Send Messages in Threads in a thread."""
        return SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES

    def granted(self, channel: Channel, bit: int) -> bool:
        """Whether the bot holds a permission in ``channel`` (always, without ``strict.permissions``)."""
        return not self.world.strict.permissions or channel.guild_id is None or bool(self.bot_in(channel) & bit)

    def require(self, channel: Channel, *bits: int) -> None:
        """Discord's 403 when the bot lacks a permission in ``channel`` (only with ``strict.permissions``):
        50001 Missing Access without View Channel, else 50013 Missing Permissions."""
        if not self.world.strict.permissions or channel.guild_id is None:
            return
        perms = self.bot_in(channel)
        if not perms & VIEW_CHANNEL:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        for bit in bits:
            if not perms & bit:
                raise DiscordHTTPError(403, 50013, "Missing Permissions")
