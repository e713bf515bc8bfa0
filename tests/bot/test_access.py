"""Which calls to a channel Parlor makes (``bot/access.py``): none that the gateway's permissions say Discord would
refuse, none to a channel that answered 403 until its permissions change or a probe is due, one probe at a time."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.access import PROBE_AFTER, ChannelAccess

CHANNEL = 7


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def access_with(granted: discord.Permissions, clock: Clock) -> ChannelAccess:
    """Parlor's view of one text channel where the gateway gave it ``granted``."""
    guild = SimpleNamespace(me=SimpleNamespace(id=1))
    channel = SimpleNamespace(guild=guild, permissions_for=lambda member: granted)
    client = SimpleNamespace(get_channel=lambda channel_id: channel if channel_id == CHANNEL else None)
    return ChannelAccess(client, clock)  # type: ignore[arg-type]


def test_a_call_the_permissions_say_discord_would_refuse_is_not_made():
    granted = discord.Permissions(view_channel=True, embed_links=True, attach_files=True)  # no Send Messages
    access = access_with(granted, Clock())
    assert access.permits(CHANNEL, embed=True, files=True)  # editing its own message needs no Send Messages
    assert not access.permits(CHANNEL, post=True)
    assert access.lacking(CHANNEL, post=True, embed=True) == ["send_messages"]
    assert access.permits(CHANNEL + 1, post=True)  # a channel Parlor knows nothing of: Discord will say


def test_a_channel_that_refused_a_call_is_tried_again_only_by_one_probe_or_once_reopened():
    clock = Clock()
    access = access_with(discord.Permissions(view_channel=True, send_messages=True, embed_links=True), clock)
    access.refused(CHANNEL)
    assert not access.permits(CHANNEL) and not access.permits(CHANNEL, post=True, embed=True)
    clock.now += PROBE_AFTER - 1
    assert not access.permits(CHANNEL)
    clock.now += 1
    assert access.permits(CHANNEL)  # the probe
    assert not access.permits(CHANNEL)  # one at a time: the next waits for the probe's answer
    access.refused(CHANNEL)  # refused again: closed for another while
    clock.now += PROBE_AFTER / 2
    assert not access.permits(CHANNEL)
    access.reopen(CHANNEL)  # the gateway says its permissions changed
    assert access.permits(CHANNEL, post=True)
    access.refused(CHANNEL)
    access.taken(CHANNEL)  # a call went through after all
    assert access.permits(CHANNEL)
