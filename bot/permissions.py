"""The channel permissions Parlor needs, in one list: what ``/play`` checks, what the README asks for
and what the invite link's permission integer is made of (tests/bot/test_permissions.py keeps them equal)."""

from __future__ import annotations

import discord

# (discord.Permissions flag, the name Discord shows, why Parlor needs it)
NEEDED: list[tuple[str, str, str]] = [
    ("view_channel", "View Channel", "to see the channel its table is in"),
    ("send_messages", "Send Messages", "to post the table, its narration and the pings"),
    ("send_messages_in_threads", "Send Messages in Threads", "the same, for a table opened in a thread"),
    ("embed_links", "Embed Links", "the table and the hand panels are embeds"),
    ("attach_files", "Attach Files", "pictures of the table"),
    ("read_message_history", "Read Message History", "to edit the table message as the game goes"),
]
THREAD_ONLY = {"send_messages_in_threads"}
SCOPES = ("bot", "applications.commands")


def invite_permissions() -> discord.Permissions:
    return discord.Permissions(**{flag: True for flag, _, _ in NEEDED})


def invite_url(application_id: int | str) -> str:
    return (f"https://discord.com/oauth2/authorize?client_id={application_id}"
            f"&scope={'+'.join(SCOPES)}&permissions={invite_permissions().value}")


def missing(granted: discord.Permissions, *, in_thread: bool) -> list[str]:
    """The names of the needed permissions ``granted`` lacks in a channel (or a thread)."""
    return [name for flag, name, _ in NEEDED
            if (in_thread or flag not in THREAD_ONLY) and not getattr(granted, flag)]


def missing_text(names: list[str]) -> str:
    return ("Parlor cannot run a table in this channel: it lacks the permission"
            f"{'s' if len(names) > 1 else ''} {', '.join(f'**{n}**' for n in names)}. "
            "Ask a server admin to grant them to Parlor's role here (or in the channel's settings), then /play again.")
