"""The permissions Parlor needs (bot/permissions.py): the README's list and invite link say the same."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.permissions import NEEDED, invite_permissions, invite_url, missing

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_invite_link_asks_for_exactly_the_listed_permissions():
    listed = re.findall(r"^\s*\| ([A-Z][A-Za-z ]+?) \| [a-z]", README, re.MULTILINE)
    assert listed == [name for _, name, _, _ in NEEDED]
    link = re.search(r"https://discord\.com/oauth2/authorize\?\S*?permissions=(\d+)", README)
    assert link is not None
    one_by_one = [discord.Permissions(**{flag: True}).value for flag, _, _, _ in NEEDED]
    assert int(link[1]) == sum(one_by_one) == invite_permissions().value  # each a distinct bit
    assert int(link[1]) == 274877959168
    assert link[0] == invite_url("APPLICATION_ID")


def test_missing_names_what_a_channel_lacks_and_threads_need_their_own():
    granted = discord.Permissions(view_channel=True, send_messages=True)
    assert missing(granted, in_thread=False) == ["Embed Links", "Attach Files"]
    assert missing(granted, in_thread=True) == ["Send Messages in Threads", "Embed Links", "Attach Files"]
    assert missing(invite_permissions(), in_thread=True) == []


def test_parlor_asks_only_for_what_it_uses_in_a_channel_and_in_a_thread():
    """It never reads a channel's history; in a thread Send Messages has no effect (Discord's rules)."""
    channel = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True)
    thread = discord.Permissions(view_channel=True, send_messages_in_threads=True, embed_links=True, attach_files=True)
    assert missing(channel, in_thread=False) == [] and missing(thread, in_thread=True) == []
    assert not invite_permissions().read_message_history
