"""Which calls to a channel Discord would refuse, so that a permission taken away from Parlor costs (next to)
no invalid requests: Discord bans an IP for a while past 10,000 answers of 401, 403 or 429 in 10 minutes, and
a table that kept editing, posting and pinging into a channel that refuses it would spend one at every redraw.

Before a call, the permissions the gateway gave (the channel's overwrites, the server's roles, Parlor's own
member) say whether Discord would take it: when one is missing, nothing is sent. When Discord refuses a call all
the same (a 403 those permissions did not foresee), the channel is closed to every call until the gateway says
Parlor's permissions there changed (a channel, thread, role or Parlor's member update: :func:`watch_permissions`)
or, as a fallback for an update never heard of, until a probe is due: one call every ``PROBE_AFTER`` seconds,
which closes the channel again when it is refused too.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

PROBE_AFTER = 15 * 60.0  # seconds between two tries of a channel Discord refused a call in


class ChannelAccess:
    def __init__(self, client: discord.Client | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.clock = clock
        self.closed: dict[int, float] = {}  # channel id → when Discord last refused a call there

    def lacking(
        self, guild_id: int, channel_id: int, *, post: bool = False, embed: bool = False, files: bool = False
    ) -> list[str]:
        """The permissions (discord.py's names) the gateway says Parlor lacks in server ``guild_id``'s channel for a
        call that posts a message (``post``), shows an embed (``embed``) or uploads a file (``files``); editing its
        own message needs no Send Messages. Empty when the channel is not known (Discord will say).

        The channel is looked up in its own server: discord.py's ``Client.get_channel`` walks every server the
        process serves until one has it, which costs each call in proportion to the servers (thousands per
        process on shards)."""
        guild = self.client.get_guild(guild_id) if self.client is not None else None
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if channel is None or guild is None or guild.me is None:
            return []  # a server or channel the gateway has not described
        granted = channel.permissions_for(guild.me)
        wanted = ["view_channel"]
        if post:
            wanted.append("send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages")
        if embed:
            wanted.append("embed_links")
        if files:
            wanted.append("attach_files")
        return [flag for flag in wanted if not getattr(granted, flag)]

    def permits(
        self, guild_id: int, channel_id: int, *, post: bool = False, embed: bool = False, files: bool = False
    ) -> bool:
        """Whether to make the call: the channel is open (or its probe is due: this call is it) and no permission
        it needs is known to be missing."""
        closed = self.closed.get(channel_id)
        if closed is not None:
            if self.clock() - closed < PROBE_AFTER:
                return False
            self.closed[channel_id] = self.clock()  # this call probes; the next waits for its answer's verdict
        return not self.lacking(guild_id, channel_id, post=post, embed=embed, files=files)

    def refused(self, channel_id: int) -> None:
        """Discord refused a call in the channel (a 403): closed until its permissions change or a probe is due."""
        self.closed[channel_id] = self.clock()

    def taken(self, channel_id: int) -> None:
        """Discord took a call in the channel (a probe, say): open."""
        self.closed.pop(channel_id, None)

    def reopen(self, channel_id: int) -> None:
        """The gateway says Parlor's permissions in the channel may have changed: what they say now decides."""
        self.closed.pop(channel_id, None)


def watch_permissions(client: commands.Bot, changed: Callable[[int, int | None], Awaitable[None]]) -> None:
    """``changed(guild id, channel id)`` whenever the gateway says Parlor's permissions may have changed: in one
    channel or thread (its overwrites), or in every channel of a server (channel id None: a role's permissions,
    Parlor's own roles)."""

    async def channel_updated(before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        await changed(after.guild.id, after.id)

    async def role_changed(*roles: discord.Role) -> None:
        await changed(roles[-1].guild.id, None)

    async def member_updated(before: discord.Member, after: discord.Member) -> None:
        if client.user is not None and after.id == client.user.id:
            await changed(after.guild.id, None)

    client.add_listener(channel_updated, "on_guild_channel_update")
    client.add_listener(channel_updated, "on_thread_update")
    client.add_listener(role_changed, "on_guild_role_update")
    client.add_listener(role_changed, "on_guild_role_create")
    client.add_listener(role_changed, "on_guild_role_delete")
    client.add_listener(member_updated, "on_member_update")
