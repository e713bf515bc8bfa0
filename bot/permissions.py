"""The channel permissions Parlor needs, in one list: what ``/play`` checks, what the README asks for
and what the invite link's permission integer is made of (tests/bot/test_permissions.py keeps them equal).

Parlor posts, edits and deletes its own messages and answers interactions; it never reads a channel's
history. Threads take their permissions from their channel, except that posting there is Send Messages in
Threads, and Send Messages has no effect in them (Discord's permission rules for threads); so a channel needs
Send Messages and a thread Send Messages in Threads, never both.
"""

from __future__ import annotations

from enum import Enum

import discord


class Where(Enum):
    CHANNEL = "channel"  # a text channel only
    THREAD = "thread"  # a thread only
    BOTH = "both"


# (discord.Permissions flag, the name Discord shows, why Parlor needs it, where)
NEEDED: list[tuple[str, str, str, Where]] = [
    ("view_channel", "View Channel", "to see the channel its table is in", Where.BOTH),
    ("send_messages", "Send Messages", "to post the table, its narration and the pings in a channel", Where.CHANNEL),
    ("send_messages_in_threads", "Send Messages in Threads", "the same, for a table opened in a thread", Where.THREAD),
    ("embed_links", "Embed Links", "the table and the hand panels are embeds", Where.BOTH),
    ("attach_files", "Attach Files", "pictures of the table", Where.BOTH),
]
SCOPES = ("bot", "applications.commands")


def invite_permissions() -> discord.Permissions:
    """Every permission of the list: a table may be opened in a channel or in a thread."""
    return discord.Permissions(**{flag: True for flag, _, _, _ in NEEDED})


def invite_url(application_id: int | str) -> str:
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        f"&scope={'+'.join(SCOPES)}&permissions={invite_permissions().value}"
    )


def needed_in(*, in_thread: bool) -> list[tuple[str, str]]:
    """The (flag, name) of the permissions a table needs in a channel, or in a thread."""
    here = Where.THREAD if in_thread else Where.CHANNEL
    return [(flag, name) for flag, name, _, where in NEEDED if where in (here, Where.BOTH)]


def missing(granted: discord.Permissions, *, in_thread: bool) -> list[str]:
    """The names of the needed permissions ``granted`` lacks in a channel (or a thread)."""
    return [name for flag, name in needed_in(in_thread=in_thread) if not getattr(granted, flag)]


def missing_text(names: list[str]) -> str:
    return (
        "Parlor cannot run a table in this channel: it lacks the permission"
        f"{'s' if len(names) > 1 else ''} {', '.join(f'**{n}**' for n in names)}. "
        "Ask a server admin to grant them to Parlor's role here (or in the channel's settings), then /play again."
    )
