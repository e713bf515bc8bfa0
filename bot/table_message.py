"""The public table message: edited in place when what it shows changed, posted anew when it is gone or nearly an
hour old (the old one deleted), its picture uploaded only when its bytes changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

import discord

from bot.channel_calls import ChannelCalls
from bot.message_edits import edit_message
from bot.payload import Held, Shown, digest, message_args, payload_signature, resolved
from bot.tables import Table

REPOST_AFTER = 50 * 60  # Discord throttles edits of messages older than an hour (3 per 6 s a channel)


class Needs(TypedDict):
    """What a message call needs besides posting (``ChannelCalls.call``'s keywords)."""

    embed: bool
    files: bool


class TableMessages:
    """Puts tables in their messages through ``calls``; ``shown`` remembers what each message shows."""

    def __init__(self, calls: ChannelCalls, shown: Shown, clock: Callable[[], float]) -> None:
        self.calls = calls
        self.shown = shown
        self.clock = clock

    async def put(self, table: Table, message_id: int | None, payload: dict[str, Any]) -> int | None:
        """Show the table in message ``message_id``, edited in place (not when it shows this already), or
        when there is none, it is gone or nearly an hour old (Discord throttles edits of older messages)
        in a new message, the old one deleted; the id of the message that shows it (None: none does). When a
        new message cannot be posted, the old one is still edited while Parlor may: slower past an hour, but the
        table stays up to date. A call Discord would refuse (a permission missing) is not made: without Send
        Messages not even the edit, which would lose the embed (Embed Links goes with Send Messages)."""
        signature = payload_signature(payload)
        payload = await resolved(payload)
        channel, client = self.calls.channel(table), self.calls.client
        assert client is not None, "a presenter without a client shows nothing"
        if (
            message_id
            and self.age(message_id) >= REPOST_AFTER
            and table.id not in self.calls.reported
            and self.calls.access.permits(table.guild_id, table.channel_id, post=True, **self.needs(payload, None))
        ):
            posted = await self.post(table, payload, signature)
            if posted is not None:
                old = channel.get_partial_message(message_id)
                await self.calls.call(table, "deleting the old table message", lambda: old.delete(), quiet=True)
                self.shown.forget(message_id)
                return posted
        if message_id:
            if self.shown.drawn.get(message_id) == signature:
                return message_id
            held, shown_in = self.shown.pictured.get(message_id), message_id
            try:
                edited = await self.calls.call(
                    table,
                    "editing the table message",
                    lambda: edit_message(client, table.channel_id, shown_in, **message_args(payload, held, edit=True)),
                    lost=discord.NotFound,
                    **self.needs(payload, held),
                )
            except discord.NotFound:
                edited = None
                message_id = None  # gone: posted anew below
            if message_id is not None:
                if edited is not None:
                    self.shown.drawn[message_id] = signature
                    self.shown.holds(edited, payload)
                return message_id
        posted = await self.post(table, payload, signature)
        return message_id if posted is None else posted

    async def post(self, table: Table, payload: dict[str, Any], signature: str) -> int | None:
        channel = self.calls.channel(table)
        message = await self.calls.call(
            table,
            "posting the table message",
            lambda: channel.send(**message_args(payload, None, edit=False)),
            post=True,
            **self.needs(payload, None),
        )
        if message is None:
            return None
        self.shown.drawn[message.id] = signature
        self.shown.holds(message, payload)
        return message.id

    @staticmethod
    def needs(payload: dict[str, Any], held: Held | None) -> Needs:
        """What a message call showing ``payload`` needs besides posting: an embed, a file uploaded (a picture the
        message does not hold already, ``held`` the one it holds)."""
        picture = payload.get("picture")
        return {
            "embed": payload.get("embed") is not None,
            "files": picture is not None and (held is None or digest(picture) != held.digest),
        }

    def age(self, message_id: int) -> float:
        return self.clock() - discord.utils.snowflake_time(message_id).timestamp()

    async def opened(self, table: Table, origin: discord.Interaction, payload: dict[str, Any]) -> int | None:
        """The new table, posted as the answer to the command that opened it."""
        signature = payload_signature(payload)
        payload = await resolved(payload, urgent=True)
        await origin.response.send_message(**message_args(payload, None, edit=False))
        message = await origin.original_response()
        self.shown.drawn[message.id] = signature
        return self.shown.holds(message, payload)
