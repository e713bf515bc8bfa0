"""Plain data kept by the local fake Discord: messages (with every version),
interactions, channels, guilds, members, registered application commands.

Nothing here talks to the network or checks a payload (``validation.py`` does).
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import itertools
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (subset).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES

# Names a test uses for ``fake.deny(channel, "send_messages")`` (discord.py's Permissions attribute names).
PERMISSION_NAMES = {
    "administrator": ADMINISTRATOR,
    "manage_guild": MANAGE_GUILD,
    "add_reactions": ADD_REACTIONS,
    "view_channel": VIEW_CHANNEL,
    "read_messages": VIEW_CHANNEL,
    "send_messages": SEND_MESSAGES,
    "manage_messages": MANAGE_MESSAGES,
    "embed_links": EMBED_LINKS,
    "attach_files": ATTACH_FILES,
    "read_message_history": READ_MESSAGE_HISTORY,
    "use_external_emojis": USE_EXTERNAL_EMOJIS,
    "use_application_commands": USE_APPLICATION_COMMANDS,
    "create_public_threads": CREATE_PUBLIC_THREADS,
    "send_messages_in_threads": SEND_MESSAGES_IN_THREADS,
}


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists and scalars, as a request's body is): what ``copy.deepcopy``
    gives it, at a third of the CPU (no memo, no dispatch by type), for the embeds and components copied on every
    message, edit and interaction payload."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


def permission_bits(names: Iterable[str]) -> int:
    bits = 0
    for name in names:
        if name not in PERMISSION_NAMES:
            raise LookupError(f"unknown permission {name!r}; known: {sorted(PERMISSION_NAMES)}")
        bits |= PERMISSION_NAMES[name]
    return bits


# Channel types of threads: announcement, public and private threads.
THREAD_TYPES = (10, 11, 12)
PUBLIC_THREAD = 11

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = (3, 5, 6, 7, 8)

_counter = itertools.count(1)


def snowflake_time(flake: int) -> float:
    """The Unix time (seconds) a snowflake was made at."""
    return ((flake >> 22) + DISCORD_EPOCH_MS) / 1000


def snowflake() -> int:
    """A fresh, increasing, realistic-looking snowflake."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


# ---------------------------------------------------------------------------
# text extraction
# ---------------------------------------------------------------------------


def embed_texts(embed: dict) -> list[str]:
    out = []
    for key in ("title", "description"):
        if embed.get(key):
            out.append(str(embed[key]))
    for f in embed.get("fields") or []:
        for key in ("name", "value"):
            if f.get(key):
                out.append(str(f[key]))
    if (embed.get("footer") or {}).get("text"):
        out.append(str(embed["footer"]["text"]))
    if (embed.get("author") or {}).get("name"):
        out.append(str(embed["author"]["name"]))
    return out


def snowflakes_as_strings(components: list) -> list:
    """``components`` (changed in place) as Discord returns them: an emoji's id as a string (a client may send a number;
    a 19-digit number does not survive JavaScript's JSON)."""

    def walk(c: dict) -> None:
        for holder in [c, *(c.get("options") or [])]:
            emoji = holder.get("emoji")
            if isinstance(emoji, dict) and emoji.get("id") is not None:
                emoji["id"] = str(emoji["id"])
        for child in c.get("components") or []:
            walk(child)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                walk(c[key])

    for c in components:
        if isinstance(c, dict):
            walk(c)
    return components


def component_texts(components: Iterable[dict]) -> list[str]:
    out: list[str] = []

    def walk(c: dict) -> None:
        for key in ("label", "placeholder", "content", "title", "description"):
            if isinstance(c.get(key), str) and c[key]:
                out.append(c[key])
        emoji = c.get("emoji")
        if isinstance(emoji, dict) and emoji.get("name") and not emoji.get("id"):
            out.append(emoji["name"])
        for o in c.get("options") or []:
            for key in ("label", "description"):
                if o.get(key):
                    out.append(o[key])
        for child in c.get("components") or []:
            walk(child)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                walk(c[key])

    for c in components or []:
        walk(c)
    return out


def iter_components(components: Iterable[dict]) -> Iterator[dict]:
    """Every component, depth first (rows, sections and containers included)."""
    for c in components or []:
        yield c
        yield from iter_components(c.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from iter_components([c[key]])


# ---------------------------------------------------------------------------
# messages
# ---------------------------------------------------------------------------


@dataclass
class Attachment:
    id: int
    filename: str
    size: int
    content_type: str | None
    data: bytes = b""
    description: str | None = None
    url: str = ""

    def payload(self) -> dict:
        d = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            d["description"] = self.description
        return d


@dataclass
class MessageVersion:
    """One state of a message: ``kind`` is ``create``, ``edit`` or ``delete``."""

    kind: str
    content: str
    embeds: list[dict]
    components: list[dict]
    attachments: list[Attachment]
    flags: int
    at: float

    def texts(self) -> list[str]:
        out = []
        if self.content:
            out.append(self.content)
        for e in self.embeds:
            out.extend(embed_texts(e))
        out.extend(component_texts(self.components))
        out.extend(a.filename for a in self.attachments)
        return out


@dataclass(kw_only=True, eq=False, repr=False)
class FakeMessage:
    """A message as stored by the fake. Live object: it always shows the current state;
    ``versions`` keeps every state it ever had."""

    id: int
    channel_id: int
    guild_id: int | None
    author: dict
    ephemeral_to: int | None = None
    interaction: FakeInteraction | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    message_reference: dict | None = None
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    born: float = 0.0  # the fake clock's time at creation (for "older than an hour")
    dismissed: bool = False  # an ephemeral message its user dismissed
    edited_timestamp: str | None = None
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    deleted: bool = False
    versions: list[MessageVersion] = field(default_factory=list)
    interaction_metadata: dict | None = None
    command: str | None = None  # "/play koikoi" for the answer to a slash command

    # --- state changes -------------------------------------------------
    def snapshot(self, kind: str) -> None:
        """The message's state kept as a version. It shares the message's embeds and components: the fake never
        changes them in place (an edit replaces them with its own copy), so a version keeps what it showed."""
        self.versions.append(
            MessageVersion(
                kind=kind,
                content=self.content,
                embeds=self.embeds,
                components=self.components,
                attachments=list(self.attachments),
                flags=self.flags,
                at=time.time(),
            )
        )

    def apply(self, body: dict, new_files: list[Attachment], *, kind: str) -> None:
        """Apply a create/edit body (Discord semantics: absent keys are unchanged). The message takes the body's embeds
        and components as its own: the caller gives the body up (a request's, just read; ``DiscordServer``'s
        ``create_message`` and ``edit_message`` copy the body of a caller that keeps it)."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = body["embeds"] or []
        elif "embed" in body:  # very old clients
            self.embeds = [body["embed"]] if body["embed"] else []
        if "components" in body:
            self.components = snowflakes_as_strings(body["components"] or [])
        if "attachments" in body and body["attachments"] is not None:
            by_id = {str(a.id): a for a in self.attachments}
            kept: list[Attachment] = []
            for a in body["attachments"]:
                existing = by_id.get(str(a.get("id")))
                if existing is not None and str(a.get("id")) not in {str(i) for i in range(len(new_files))}:
                    kept.append(existing)
            self.attachments = kept + list(new_files)
        else:
            self.attachments = self.attachments + list(new_files)
        if "flags" in body and body["flags"] is not None:
            keep = self.flags & (FLAG_EPHEMERAL)
            self.flags = keep | (int(body["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING))
        if kind == "edit":
            self.flags &= ~FLAG_LOADING
            self.edited_timestamp = iso_now()
        self.snapshot(kind)

    def mark_deleted(self) -> None:
        self.deleted = True
        self.snapshot("delete")

    # --- reading -------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def public(self) -> bool:
        return self.ephemeral_to is None

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def visible_to(self, user_id: int) -> bool:
        return (
            not self.deleted and not self.dismissed and (self.ephemeral_to is None or self.ephemeral_to == int(user_id))
        )

    def buttons(self) -> list[tuple[str | None, str | None, bool]]:
        """``(label, custom_id, disabled)`` for every button, in display order."""
        return [
            (c.get("label"), c.get("custom_id"), bool(c.get("disabled", False)))
            for c in iter_components(self.components)
            if c.get("type") == BUTTON
        ]

    def selects(self) -> list[dict]:
        return [c for c in iter_components(self.components) if c.get("type") in SELECT_TYPES]

    def find_component(self, custom_id: str) -> dict | None:
        for c in iter_components(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None

    def texts(self) -> list[str]:
        return self.versions[-1].texts() if self.versions else []

    def text(self) -> str:
        """All visible text of the current state, joined by newlines."""
        return "\n".join(self.texts())

    def all_texts(self) -> list[str]:
        """Every text of every version."""
        out: list[str] = []
        for v in self.versions:
            out.extend(v.texts())
        return out

    @property
    def embed(self) -> dict | None:
        return self.embeds[0] if self.embeds else None

    def payload(self) -> dict:
        """The message as the API shows it, for JSON to be written from: a new dict, whose embeds and components are the
        message's own (never changed in place, see :meth:`snapshot`), so a reader must not change them."""
        d: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None and self.ephemeral_to is None:
            d["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            d["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            d["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            d["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            d["message_reference"] = self.message_reference
        return d

    def __repr__(self) -> str:
        vis = f" ephemeral_to={self.ephemeral_to}" if self.ephemeral_to else ""
        dele = " deleted" if self.deleted else ""
        return f"<FakeMessage id={self.id}{vis}{dele} text={self.text()[:60]!r}>"


# ---------------------------------------------------------------------------
# guild, channel, command, interaction
# ---------------------------------------------------------------------------


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (``type`` 0) or a member (1)."""

    type: int
    allow: int = 0
    deny: int = 0

    def payload(self, target: int) -> dict:
        return {"id": str(target), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass
class Channel:
    id: int
    guild_id: int | None
    name: str
    position: int = 0
    type: int = 0
    messages: list[FakeMessage] = field(default_factory=list)
    recipient_id: int | None = None  # for DM channels
    overwrites: dict[int, Overwrite] = field(default_factory=dict)  # role or member id -> overwrite
    slowmode: int = 0  # rate_limit_per_user (bots are exempt, as on Discord)
    parent_id: int | None = None  # a thread's channel (threads have no overwrites of their own)
    owner_id: int | None = None  # who started the thread
    created: str = field(default_factory=iso_now)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def apply_overwrites(self, perms: int, everyone_id: int, role_ids: Iterable[int], member_id: int) -> int:
        """Discord's order: @everyone's overwrite, then the member's roles' (denies, then allows), then the member's."""

        def step(perms: int, allow: int, deny: int) -> int:
            return (perms & ~deny) | allow

        if everyone_id in self.overwrites:
            o = self.overwrites[everyone_id]
            perms = step(perms, o.allow, o.deny)
        roles = [self.overwrites[r] for r in role_ids if r in self.overwrites]
        for o in roles:
            perms &= ~o.deny
        for o in roles:
            perms |= o.allow
        if member_id in self.overwrites:
            o = self.overwrites[member_id]
            perms = step(perms, o.allow, o.deny)
        return perms

    def payload(self) -> dict:
        """The message as the API shows it, for JSON to be written from: a new dict, whose embeds and components are the
        message's own (never changed in place, see :meth:`snapshot`), so a reader must not change them."""
        d: dict[str, Any] = {"id": str(self.id), "type": self.type, "last_message_id": None}
        if self.type == 1:
            d["recipients"] = []
            return d
        if self.is_thread:  # resources/channel: a thread's fields and its thread_metadata
            public = [m for m in self.messages if not m.ephemeral]
            d.update(
                {
                    "guild_id": str(self.guild_id),
                    "name": self.name,
                    "parent_id": str(self.parent_id),
                    "owner_id": str(self.owner_id),
                    "rate_limit_per_user": self.slowmode,
                    "flags": 0,
                    "message_count": len(public),
                    "total_message_sent": len(public),
                    "member_count": 1,
                    "thread_metadata": {
                        "archived": False,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": self.created,
                        "locked": False,
                        "create_timestamp": self.created,
                    },
                }
            )
            return d
        d.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [o.payload(target) for target, o in self.overwrites.items()],
                "parent_id": None,
                "topic": None,
                "nsfw": False,
                "rate_limit_per_user": self.slowmode,
            }
        )
        return d


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: dict[int, Channel] = field(default_factory=dict)
    member_ids: list[int] = field(default_factory=list)
    manager_role_id: int = 0
    bot_role_id: int = 0
    joined_at: str = field(default_factory=iso_now)

    @property
    def default_channel(self) -> Channel:
        return next(iter(self.channels.values()))

    def roles_payload(self) -> list[dict]:
        def role(rid: int, name: str, perms: int, pos: int, managed: bool = False) -> dict:
            return {
                "id": str(rid),
                "name": name,
                "permissions": str(perms),
                "position": pos,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "managed": managed,
                "mentionable": False,
                "flags": 0,
                "icon": None,
                "unicode_emoji": None,
                "description": None,
            }

        return [
            role(self.id, "@everyone", EVERYONE_PERMISSIONS, 0),
            role(self.manager_role_id, "Manager", EVERYONE_PERMISSIONS | MANAGE_GUILD, 1),
            role(self.bot_role_id, "Bot", BOT_PERMISSIONS, 2, managed=True),
        ]


@dataclass
class Command:
    id: int
    application_id: int
    guild_id: int | None
    payload: dict
    version: int = field(default_factory=snowflake)

    @property
    def name(self) -> str:
        return self.payload["name"]

    @property
    def type(self) -> int:
        return int(self.payload.get("type", 1))

    def to_json(self) -> dict:
        d = dict(self.payload)
        d.setdefault("type", 1)
        d.setdefault("description", "")
        d.setdefault("options", [])
        d["id"] = str(self.id)
        d["application_id"] = str(self.application_id)
        d["version"] = str(self.version)
        d.setdefault("default_member_permissions", None)
        d.setdefault("nsfw", False)
        if self.guild_id is not None:
            d["guild_id"] = str(self.guild_id)
        return d


@dataclass(eq=False)
class Member:
    """A guild member as the fake keeps it (the harness's ``FakeUser`` is one that can act)."""

    id: int
    name: str
    manage_guild: bool = False
    guild_id: int | None = None


@dataclass
class Violation:
    """A rule the bot broke that Discord would punish (late ack, double ack, ...)."""

    kind: str
    detail: str
    interaction_id: int | None = None

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


@dataclass
class FakeInteraction:
    id: int
    token: str
    type: int  # 2 app command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    guild_id: int | None
    channel_id: int
    data: dict
    label: str  # human readable description, for error messages
    message: FakeMessage | None = None  # component / modal-from-component source message
    created_at: float = field(default_factory=time.monotonic)
    born: float = 0.0  # the fake clock's time at dispatch (the token lives 15 minutes of it)
    dispatched_at: float = 0.0
    callback_type: int | None = None
    callback_data: dict | None = None
    callback_at: float | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: dict | None = None
    autocomplete_choices: list | None = None
    expired: bool = False
    last_activity: float = field(default_factory=time.monotonic)
    rest_log: list[str] = field(default_factory=list)
    answers: list[dict] = field(
        default_factory=list
    )  # what the bot sent with it, in order: callback data, followups, edits
    callback_event: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def latency(self) -> float | None:
        if self.callback_at is None:
            return None
        return self.callback_at - self.dispatched_at

    def touch(self, what: str) -> None:
        self.last_activity = time.monotonic()
        self.rest_log.append(what)


def command_path(data: dict) -> str:
    """``/play koikoi`` from an application command interaction's data."""
    parts = [data.get("name") or "?"]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(options[0].get("name") or "?")
        options = options[0].get("options") or []
    return "/" + " ".join(parts)
