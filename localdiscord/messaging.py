"""Messages of the local Discord: creating, editing and deleting one (with Discord's checks of the
payload, its attachments, and the gateway events it causes), whoever asks — a REST route, an
interaction callback or webhook, or a user of the harness typing a message.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from .errors import UNKNOWN_MESSAGE, DiscordHTTPError, not_found
from .gateway import Gateway, message_intent
from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    FakeInteraction,
    FakeMessage,
    command_path,
    snowflake,
)
from .validation import check_attachments, check_message, check_not_empty
from .world import World

UploadedFile = tuple[int, str, bytes, str | None]  # (index, filename, data, content type)


class Messaging:
    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    async def create(
        self,
        channel: Channel,
        body: dict,
        files: list[UploadedFile],
        *,
        author: dict | None = None,
        ephemeral_to: int | None = None,
        interaction: FakeInteraction | None = None,
        validate_prefix: list[Any] | None = None,
        loading: bool = False,
        check_empty: bool = True,
    ) -> FakeMessage:
        if validate_prefix is not None:
            check_message(body, validate_prefix, self.world.app_emoji)
        if check_empty and not loading:
            check_not_empty(body, files)
        self.check_files(body, files, {}, body.get("embeds") or [], validate_prefix or [])
        msg = FakeMessage(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author or self.world.payloads.bot_user(),
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            webhook_id=self.world.application_id if interaction is not None else None,
            application_id=self.world.application_id if interaction is not None else None,
            message_reference=body.get("message_reference"),
            type=message_type(body, interaction),
        )
        if interaction is not None:
            msg.interaction_metadata = self.interaction_metadata(interaction, channel)
            if interaction.type == 2:
                msg.command = command_path(interaction.data)
        if ephemeral_to is not None:
            msg.flags |= FLAG_EPHEMERAL
        if loading:
            msg.flags |= FLAG_LOADING
        new_files = self.make_attachments(channel.id, body, files)
        msg.apply(
            {k: v for k, v in body.items() if k != "attachments"} if not files else body, new_files, kind="create"
        )
        msg.born = self.world.clock.now()
        channel.messages.append(msg)
        self.world.messages[msg.id] = msg
        self.world.changed()
        if msg.public and not loading:
            await self.gateway.dispatch_message("MESSAGE_CREATE", msg)
        return msg

    def interaction_metadata(self, interaction: FakeInteraction, channel: Channel) -> dict[str, Any]:
        """A message's ``interaction_metadata``: the interaction it answers, who used it and on what."""
        meta: dict[str, Any] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": self.world.payloads.user(interaction.user_id),
            "authorizing_integration_owners": {"0": str(channel.guild_id)} if channel.guild_id else {},
        }
        if interaction.message is not None and interaction.type in (3, 5):
            meta["interacted_message_id"] = str(interaction.message.id)
        if interaction.original is not None:
            meta["original_response_message_id"] = str(interaction.original.id)
        return meta

    async def edit(
        self, msg: FakeMessage, body: dict, files: list, *, validate_prefix: list[Any] | None = None
    ) -> FakeMessage:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        merged: dict[str, Any] = {
            "content": body.get("content", msg.content) if "content" in body else msg.content,
            "embeds": body["embeds"] if "embeds" in body else msg.embeds,
            "components": body["components"] if "components" in body else msg.components,
            "flags": msg.flags if body.get("flags") is None else body["flags"],
        }
        if validate_prefix is not None:
            check_message(
                dict(merged, allowed_mentions=body.get("allowed_mentions")), validate_prefix, self.world.app_emoji
            )
        if msg.dismissed:
            raise not_found(*UNKNOWN_MESSAGE)
        # the embeds the edit sets, or those it keeps when it sets which files stay
        shown = merged["embeds"] if "embeds" in body or body.get("attachments") is not None else []
        self.check_files(
            body, files, {str(a.id): a.filename for a in msg.attachments}, shown or [], validate_prefix or []
        )
        new_files = self.make_attachments(msg.channel_id, body, files)
        remaining_attachments = msg.attachments if "attachments" not in body else body["attachments"]
        if not (merged["content"] or merged["embeds"] or merged["components"] or new_files or remaining_attachments):
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")
        was_loading = msg.loading
        msg.apply(body, new_files, kind="edit")
        self.world.changed()
        if msg.public:
            if was_loading:
                await self.gateway.dispatch_message("MESSAGE_CREATE", msg)
            else:
                await self.gateway.dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    async def delete(self, msg: FakeMessage) -> None:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        msg.mark_deleted()
        self.world.changed()
        if msg.public:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=message_intent(msg))

    @staticmethod
    def upload_meta(body: dict) -> dict[int, dict]:
        """The body's ``attachments`` entries that describe an upload (``files[n]``), by n."""
        meta = {}
        for a in body.get("attachments") or []:
            try:
                meta[int(a.get("id"))] = a
            except (TypeError, ValueError):
                pass
        return meta

    def check_files(
        self, body: dict, files: list[UploadedFile], held: dict[str, str], embeds: list[dict], prefix: list[Any]
    ) -> None:
        meta = self.upload_meta(body)
        check_attachments(
            body,
            {idx: meta.get(idx, {}).get("filename") or filename for idx, filename, _, _ in files},
            [len(data) for _, _, data, _ in files],
            held,
            embeds,
            prefix,
        )

    def make_attachments(self, channel_id: int, body: dict, files: list[UploadedFile]) -> list[Attachment]:
        meta = self.upload_meta(body)
        out = []
        for idx, filename, data, ctype in files:
            m = meta.get(idx, {})
            name = m.get("filename") or filename
            if not ctype or ctype == "application/octet-stream":
                ctype = mimetypes.guess_type(name)[0] or ctype  # Discord sniffs the real type
            out.append(self.world.add_attachment(name, data, ctype, m.get("description")))
        return out


def message_type(body: dict, interaction: FakeInteraction | None) -> int:
    """A new message's type: 20 answering a slash command, 19 a reply, else 0 (default)."""
    if interaction is not None and interaction.type == 2:
        return 20
    return 19 if body.get("message_reference") else 0
