"""Keeping the local Discord's world on disk, so a restarted playground shows the same channel.

The state file is JSON (``<name>.json``); attachment bytes go into a folder beside it
(``<name>.attachments/<id>``), written once. The folder is kept bounded: a picture no kept message
shows any more (a table picture replaced by the next one) is deleted at the next save, and only the
newest :data:`KEPT_ATTACHMENTS` pictures are kept at all; an older message comes back without its
picture. What is kept: the application and bot ids, guilds,
channels, members, registered commands (their ids stay stable, as on Discord) and every message
that was not deleted, in its current state. Interaction tokens are not kept: the bot forgets them
at a restart too, and the buttons it sent keep working because their messages keep their ids.

Saving is debounced: :class:`StateFile` writes at most every ``delay`` seconds after a change,
atomically (a temporary file renamed over the old one), and once more at :meth:`StateFile.close`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from pathlib import Path
from typing import Any

from .emoji import AppEmoji
from .fake import LocalDiscord
from .harness import FakeUser
from .models import Attachment, Channel, Command, FakeMessage, Guild, snowflake_time

log = logging.getLogger("parlor.localdiscord")

FORMAT = 1
KEPT_ATTACHMENTS = 300  # newest message attachments kept on disk; emoji images are kept besides


class StateError(RuntimeError):
    """The state file cannot be read; the message says which file and why."""


def dump_state(fake: LocalDiscord) -> dict[str, Any]:
    """A JSON-able picture of the world (attachment bytes excluded: see :func:`kept_attachments`)."""
    return {
        "format": FORMAT,
        "saved_at": time.time(),
        "application_id": fake.application_id,
        "bot_name": fake.bot_name,
        "owner_id": fake.owner_id,
        "guilds": [
            {
                "id": g.id,
                "name": g.name,
                "owner_id": g.owner_id,
                "manager_role_id": g.manager_role_id,
                "bot_role_id": g.bot_role_id,
                "joined_at": g.joined_at,
                "member_ids": list(g.member_ids),
            }
            for g in fake.guilds.values()
        ],
        "channels": [
            {
                "id": c.id,
                "guild_id": c.guild_id,
                "name": c.name,
                "position": c.position,
                "type": c.type,
                "recipient_id": c.recipient_id,
                "parent_id": c.parent_id,
                "owner_id": c.owner_id,
            }
            for c in fake.channels.values()
        ],
        "users": [
            {"id": u.id, "name": u.name, "manage_guild": u.manage_guild, "guild_id": u.guild_id}
            for u in fake.users.values()
        ],
        "commands": [
            {"scope": scope, "id": c.id, "version": c.version, "payload": c.payload}
            for (scope, _, _), c in fake.commands.items()
        ],
        "messages": [_dump_message(m) for c in fake.channels.values() for m in c.messages if not m.deleted],
        "emoji": [{"id": e.id, "name": e.name, "content_type": e.content_type} for e in fake.app_emoji.values()],
    }


def _dump_message(m: FakeMessage) -> dict[str, Any]:
    return {
        "id": m.id,
        "channel_id": m.channel_id,
        "guild_id": m.guild_id,
        "author": m.author,
        "ephemeral_to": m.ephemeral_to,
        "webhook_id": m.webhook_id,
        "application_id": m.application_id,
        "message_reference": m.message_reference,
        "type": m.type,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "content": m.content,
        "embeds": m.embeds,
        "components": m.components,
        "flags": m.flags,
        "interaction_metadata": m.interaction_metadata,
        "command": m.command,
        "attachments": [
            {
                "id": a.id,
                "filename": a.filename,
                "size": a.size,
                "content_type": a.content_type,
                "description": a.description,
            }
            for a in m.attachments
        ],
    }


def load_state(fake: LocalDiscord, data: dict[str, Any], attachments_dir: Path | None = None) -> None:
    """Replace the fresh world of ``fake`` (before any client connected) by a saved one."""
    if data.get("format") != FORMAT:
        raise StateError(f"unknown state format {data.get('format')!r} (expected {FORMAT})")
    fake.application_id = fake.bot_id = int(data["application_id"])
    fake.bot_name = data.get("bot_name") or fake.bot_name
    fake.owner_id = int(data["owner_id"])
    for kept in (
        fake.guilds,
        fake.channels,
        fake.users,
        fake.messages,
        fake.commands,
        fake.attachments,
        fake.app_emoji,
    ):
        kept.clear()
    for e in data.get("emoji") or []:
        image = attachments_dir / _emoji_file(int(e["id"])) if attachments_dir is not None else None
        if image is not None and image.exists():  # an emoji whose image is lost is gone (the bot uploads it again)
            fake.app_emoji[int(e["id"])] = AppEmoji(int(e["id"]), e["name"], image.read_bytes(), e["content_type"])
    _load_places(fake, data)
    for u in data["users"]:
        fake.users[int(u["id"])] = FakeUser(
            fake, int(u["id"]), u["name"], manage_guild=bool(u.get("manage_guild")), guild_id=u.get("guild_id")
        )
    for c in data["commands"]:
        cmd = Command(
            id=int(c["id"]),
            application_id=fake.application_id,
            guild_id=c["scope"],
            payload=c["payload"],
            version=int(c["version"]),
        )
        fake.commands[(cmd.guild_id, cmd.type, cmd.name)] = cmd
    for m in data["messages"]:
        channel = fake.channels.get(int(m["channel_id"]))
        if channel is not None:
            msg = _load_message(fake, channel, m, attachments_dir)
            channel.messages.append(msg)
            fake.messages[msg.id] = msg
    for ch in fake.channels.values():
        ch.messages.sort(key=lambda x: x.id)
    fake.changed()


def _load_places(fake: LocalDiscord, data: dict[str, Any]) -> None:
    """The saved guilds and channels (threads are no guild's channels)."""
    for g in data["guilds"]:
        fake.guilds[int(g["id"])] = Guild(
            id=int(g["id"]),
            name=g["name"],
            owner_id=int(g["owner_id"]),
            manager_role_id=int(g["manager_role_id"]),
            bot_role_id=int(g["bot_role_id"]),
            joined_at=g["joined_at"],
            member_ids=[int(x) for x in g["member_ids"]],
        )
    for c in data["channels"]:
        ch = Channel(
            id=int(c["id"]),
            guild_id=c["guild_id"],
            name=c["name"],
            position=c.get("position", 0),
            type=c.get("type", 0),
            recipient_id=c.get("recipient_id"),
            parent_id=c.get("parent_id"),
            owner_id=c.get("owner_id"),
        )
        fake.channels[ch.id] = ch
        if ch.guild_id is not None and ch.guild_id in fake.guilds and not ch.is_thread:
            fake.guilds[ch.guild_id].channels[ch.id] = ch


def _load_message(fake: LocalDiscord, channel: Channel, m: dict[str, Any], attachments_dir: Path | None) -> FakeMessage:
    """A saved message as it was last shown, with the pictures still kept (its one version: its creation)."""
    msg = FakeMessage(
        id=int(m["id"]),
        channel_id=channel.id,
        guild_id=m.get("guild_id"),
        author=m["author"],
        ephemeral_to=m.get("ephemeral_to"),
        webhook_id=m.get("webhook_id"),
        application_id=m.get("application_id"),
        message_reference=m.get("message_reference"),
        type=m.get("type", 0),
        timestamp=m["timestamp"],
        born=fake.clock.now() - max(time.time() - snowflake_time(int(m["id"])), 0.0),  # its real age
        edited_timestamp=m.get("edited_timestamp"),
        content=m.get("content") or "",
        embeds=m.get("embeds") or [],
        components=m.get("components") or [],
        flags=int(m.get("flags") or 0),
        interaction_metadata=m.get("interaction_metadata"),
        command=m.get("command"),
    )
    for a in m.get("attachments") or []:
        aid = int(a["id"])
        if attachments_dir is None or not (attachments_dir / str(aid)).exists():
            continue  # a picture older than the kept ones: the message comes back without it
        blob = (attachments_dir / str(aid)).read_bytes()
        att = Attachment(
            id=aid,
            filename=a["filename"],
            size=a.get("size", len(blob)),
            content_type=a.get("content_type"),
            data=blob,
            description=a.get("description"),
            url=f"/attachments/{aid}/{a['filename']}",
        )
        fake.attachments[aid] = att
        msg.attachments.append(att)
    msg.snapshot("create")
    return msg


def kept_attachments(fake: LocalDiscord) -> list[Attachment]:
    """The attachments worth a file: those the messages not deleted show now, the newest
    :data:`KEPT_ATTACHMENTS` of them (attachment ids are snowflakes, so newest is largest)."""
    shown = {a.id: a for c in fake.channels.values() for m in c.messages if not m.deleted for a in m.attachments}
    return [shown[i] for i in sorted(shown, reverse=True)[:KEPT_ATTACHMENTS]]


def _emoji_file(emoji_id: int) -> str:
    return f"emoji-{emoji_id}"


def fix_attachment_urls(fake: LocalDiscord) -> None:
    """After ``start()``: give loaded attachments absolute URLs on this run's port."""
    for att in fake.attachments.values():
        if att.url.startswith("/"):
            att.url = f"{fake.base_url}{att.url}"


class StateFile:
    """Loads a world from ``path`` (if it exists) and saves it there after every change."""

    def __init__(self, fake: LocalDiscord, path: Path, *, delay: float = 0.5) -> None:
        self.fake = fake
        self.path = Path(path)
        self.attachments_dir = self.path.with_suffix(".attachments")
        self.delay = delay
        self._task: asyncio.Task | None = None
        self._dirty = False
        self.saves = 0

    def load(self) -> bool:
        """Load the saved world; False when there is none yet."""
        if not self.path.exists():
            return False
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            load_state(self.fake, data, self.attachments_dir)
        except (ValueError, KeyError, TypeError, StateError) as exc:
            raise StateError(
                f"cannot read the playground state {self.path}: {exc}. Move the file away "
                f"to start with a fresh channel."
            ) from exc
        return True

    def follow(self) -> None:
        """Save after every change from now on."""
        self.fake.change_listeners.append(self._on_change)

    def _on_change(self) -> None:
        self._dirty = True
        if self._task is None or self._task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._task = loop.create_task(self._save_later())

    async def _save_later(self) -> None:
        await asyncio.sleep(self.delay)
        self.save()

    def save(self) -> None:
        self._dirty = False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        wanted = {str(att.id): att.data for att in kept_attachments(self.fake)}
        wanted.update({_emoji_file(e.id): e.data for e in self.fake.app_emoji.values()})
        if wanted:
            self.attachments_dir.mkdir(parents=True, exist_ok=True)
        for name, data in wanted.items():
            blob = self.attachments_dir / name
            if data and not blob.exists():
                blob.write_bytes(data)
        if self.attachments_dir.is_dir():
            for blob in self.attachments_dir.iterdir():
                if blob.name not in wanted:
                    blob.unlink(missing_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(dump_state(self.fake), ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)
        self.saves += 1

    async def close(self) -> None:
        if self._on_change in self.fake.change_listeners:
            self.fake.change_listeners.remove(self._on_change)
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self.save()
