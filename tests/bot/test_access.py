"""Which calls to a channel Parlor makes (``bot/access.py``): none that the gateway's permissions say Discord would
refuse, none to a channel that answered 403 until its permissions change or a probe is due, one probe at a time."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.access import PROBE_AFTER, ChannelAccess

GUILD, CHANNEL = 3, 7


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def walks_every_server(channel_id: int) -> None:
    raise AssertionError(
        "discord.py's get_channel walks every server the process serves: a call's cost grows with them"
    )


def access_with(granted: discord.Permissions, clock: Clock) -> ChannelAccess:
    """Parlor's view of one text channel of server GUILD where the gateway gave it ``granted``; the process serves
    another server too, with a channel Parlor may do nothing in."""
    channel = SimpleNamespace(permissions_for=lambda member: granted)
    elsewhere = SimpleNamespace(permissions_for=lambda member: discord.Permissions.none())
    guilds = {
        GUILD: SimpleNamespace(me=SimpleNamespace(id=1), get_channel_or_thread={CHANNEL: channel}.get),
        GUILD + 1: SimpleNamespace(me=SimpleNamespace(id=1), get_channel_or_thread={CHANNEL + 2: elsewhere}.get),
    }
    client = SimpleNamespace(get_guild=guilds.get, get_channel=walks_every_server)
    return ChannelAccess(client, clock)  # type: ignore[arg-type]


def test_a_call_the_permissions_say_discord_would_refuse_is_not_made():
    granted = discord.Permissions(view_channel=True, embed_links=True, attach_files=True)  # no Send Messages
    access = access_with(granted, Clock())
    assert access.permits(GUILD, CHANNEL, embed=True, files=True)  # editing its own message needs no Send Messages
    assert not access.permits(GUILD, CHANNEL, post=True)
    assert access.lacking(GUILD, CHANNEL, post=True, embed=True) == ["send_messages"]
    assert access.permits(GUILD, CHANNEL + 1, post=True)  # a channel Parlor knows nothing of: Discord will say


def test_a_channel_that_refused_a_call_is_tried_again_only_by_one_probe_or_once_reopened():
    clock = Clock()
    access = access_with(discord.Permissions(view_channel=True, send_messages=True, embed_links=True), clock)
    access.refused(CHANNEL)
    assert not access.permits(GUILD, CHANNEL) and not access.permits(GUILD, CHANNEL, post=True, embed=True)
    clock.now += PROBE_AFTER - 1
    assert not access.permits(GUILD, CHANNEL)
    clock.now += 1
    assert access.permits(GUILD, CHANNEL)  # the probe
    assert not access.permits(GUILD, CHANNEL)  # one at a time: the next waits for the probe's answer
    access.refused(CHANNEL)  # refused again: closed for another while
    clock.now += PROBE_AFTER / 2
    assert not access.permits(GUILD, CHANNEL)
    access.reopen(CHANNEL)  # the gateway says its permissions changed
    assert access.permits(GUILD, CHANNEL, post=True)
    access.refused(CHANNEL)
    access.taken(CHANNEL)  # a call went through after all
    assert access.permits(GUILD, CHANNEL)


def test_a_channel_is_looked_up_in_its_own_server_only():
    access = access_with(discord.Permissions(view_channel=True, send_messages=True), Clock())
    assert access.lacking(GUILD, CHANNEL, post=True, embed=True) == ["embed_links"]
    assert access.lacking(GUILD + 1, CHANNEL + 2, post=True) == ["view_channel", "send_messages"]
    assert access.permits(GUILD + 1, CHANNEL, post=True)  # not that server's channel: not known there, Discord will say
    assert access.permits(GUILD + 5, CHANNEL + 2, post=True)  # a server the gateway has not described
