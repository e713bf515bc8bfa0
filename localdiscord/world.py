"""The world the local Discord keeps: guilds, channels, members, messages, commands, interactions
and attachments, with the payloads that describe them, what each person can see, and the traffic
counters the test harness waits on. Nothing here talks to the network: the gateway, the REST routes
and the interaction endpoints (``gateway.py``, ``rest.py``, ``interactions.py``) act on a world.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from .errors import ClientCrashed
from .idle import wait_idle
from .models import (
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Command,
    FakeInteraction,
    FakeMessage,
    Guild,
    Member,
    Overwrite,
    Violation,
    permission_bits,
    snowflake,
)
from .payloads import Payloads
from .permissions import Permissions
from .strict import FakeClock, Faults, InvalidRequests, RateLimiter, Strictness

log = logging.getLogger("parlor.localdiscord")

ChannelRef = int | str | Channel | None


class World:
    """One application/bot user, guild(s) with text channels, members, messages with full history,
    interactions, and what Discord would have noticed (violations, HTTP errors, unhandled routes)."""

    def __init__(
        self,
        *,
        guild_name: str = "Parlor Test Server",
        channels: tuple[str, ...] = ("general",),
        bot_name: str = "Parlor",
        ack_deadline: float = 3.0,
        reject_late_ack: bool = True,
        token_lifetime: float = 15 * 60,
        strict: Strictness | None = None,
        shard_count: int = 1,
    ) -> None:
        # how realistic: latency, rate limits, permissions, payload limits (instant and lenient by default)
        self.strict = strict or Strictness()
        self.clock = FakeClock()
        self.rate_limiter = RateLimiter()
        self.invalid_requests = InvalidRequests()  # 401/403/429 answered, and the ban past Discord's limit
        self.faults = Faults()
        self.application_id = snowflake()
        self.bot_id = self.application_id
        self.bot_name = bot_name
        # interaction rules: the callback deadline and the token's lifetime
        self.ack_deadline = ack_deadline
        self.reject_late_ack = reject_late_ack
        self.token_lifetime = token_lifetime
        self.owner_id = snowflake()
        self.shard_count = shard_count  # what GET /gateway/bot recommends (a client may choose its own)
        self.port: int | None = None
        self.users: dict[int, Member] = {}  # id -> harness.FakeUser
        self.permissions = Permissions(self)
        self.payloads = Payloads(self)
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.commands: dict[tuple[int | None, int, str], Command] = {}
        self.attachments: dict[int, Attachment] = {}
        self.app_emoji: dict[int, Any] = {}  # id -> emoji.AppEmoji: the application's own emoji
        self.violations: list[Violation] = []
        self.http_errors: list[dict] = []
        self.unhandled_routes: list[str] = []
        self.request_log: list[str] = []
        self.inflight_requests = 0
        self.last_activity = time.monotonic()
        self._watched_tasks: list[asyncio.Task] = []
        self.settlers: list[Callable[[], Awaitable[None]]] = []  # a client's own "nothing under way" waits
        self.revision = 0  # bumped by every change a viewer could see (messages, users, commands, connection)
        self._change_event = asyncio.Event()
        self.change_listeners: list[Callable[[], None]] = []
        self.add_guild(guild_name, channels=channels)

    # ------------------------------------------------------------------
    # change notification (the playground page and the state file follow it)
    # ------------------------------------------------------------------
    def changed(self) -> None:
        """Something a viewer could see changed: wake the waiters and tell the listeners."""
        self.revision += 1
        event, self._change_event = self._change_event, asyncio.Event()
        event.set()
        for listener in list(self.change_listeners):
            try:
                listener()
            except Exception:  # a listener must never break the fake
                log.exception("localdiscord: change listener failed")

    async def wait_changed(self, since: int, timeout: float) -> int:
        """Wait until ``revision`` differs from ``since`` (or ``timeout`` passes); returns it."""
        if self.revision == since:
            try:
                await asyncio.wait_for(self._change_event.wait(), timeout)
            except TimeoutError:
                pass
        return self.revision

    def add_guild(
        self, name: str, *, channels: tuple[str, ...] = ("general",), shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild (the bot is in it), with ``channels``; ``shard=(id, count)``: with an id Discord
        deals to that shard of ``count``."""
        gid = snowflake()
        if shard is not None:
            shard_id, count = shard
            gid -= (((gid >> 22) - shard_id) % count) << 22  # the same moment, give or take a few ms
        guild = Guild(id=gid, name=name, owner_id=self.owner_id, manager_role_id=snowflake(), bot_role_id=snowflake())
        self.guilds[gid] = guild
        for cname in channels:
            self.add_channel(cname, guild=guild)
        return guild

    def add_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        guild = guild or self.guild
        ch = Channel(id=snowflake(), guild_id=guild.id, name=name, position=len(guild.channels))
        guild.channels[ch.id] = ch
        self.channels[ch.id] = ch
        self.changed()
        return ch

    def add_thread(self, name: str, *, parent: ChannelRef = None, owner_id: int | None = None) -> Channel:
        """A public thread in ``parent`` (the first channel by default), started by ``owner_id`` (the guild's
        owner by default). Like Discord's, it has no overwrites: its permissions are its channel's
        (``Permissions.bot_in``, localdiscord/permissions.py)."""
        channel = self.get_channel(parent)
        if channel.guild_id is None or channel.is_thread:
            raise ValueError("a thread is started in a server's text channel")
        thread = Channel(
            id=snowflake(),
            guild_id=channel.guild_id,
            name=name,
            type=PUBLIC_THREAD,
            parent_id=channel.id,
            owner_id=owner_id or self.guilds[channel.guild_id].owner_id,
        )
        self.channels[thread.id] = thread
        self.changed()
        return thread

    def threads_of(self, guild: Guild) -> list[Channel]:
        return [ch for ch in self.channels.values() if ch.is_thread and ch.guild_id == guild.id]

    @property
    def guild(self) -> Guild:
        """The first guild."""
        return next(iter(self.guilds.values()))

    @property
    def channel(self) -> Channel:
        """The first text channel of the first guild."""
        return self.guild.default_channel

    def get_channel(self, channel: ChannelRef) -> Channel:
        if channel is None:
            return self.channel
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, int) or (isinstance(channel, str) and channel.isdigit()):
            try:
                return self.channels[int(channel)]
            except KeyError:
                raise LookupError(f"no channel with id {channel}") from None
        for ch in self.channels.values():
            if ch.name == channel.lstrip("#"):
                return ch
        raise LookupError(f"no channel named {channel!r}; channels: {[c.name for c in self.channels.values()]}")

    def user(self, name_or_id: str | int) -> Member:
        for u in self.users.values():
            if u.id == name_or_id or u.name == name_or_id:
                return u
        raise LookupError(f"no user {name_or_id!r}; users: {[u.name for u in self.users.values()]}")

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def add_attachment(
        self, filename: str, data: bytes, content_type: str | None = None, description: str | None = None
    ) -> Attachment:
        """A file uploaded to Discord: a new id, its size, and the url this fake serves it at."""
        aid = snowflake()
        att = Attachment(
            aid, filename, len(data), content_type, data, description, f"{self.base_url}/attachments/{aid}/{filename}"
        )
        self.attachments[aid] = att
        return att

    def add_member(self, user: Member, guild: Guild) -> None:
        """Make ``user`` a member of ``guild``."""
        self.users[user.id] = user
        guild.member_ids.append(user.id)
        self.changed()

    # ------------------------------------------------------------------
    # payloads
    # ------------------------------------------------------------------
    def set_overwrite(self, channel: ChannelRef, *names: str, allow: bool, target: int | None = None) -> Channel:
        """Allow or deny permissions (discord.py names) to the bot's role (or ``target``) in ``channel``."""
        ch = self.get_channel(channel)
        if ch.is_thread:
            raise ValueError("a thread has no overwrites of its own: set them on its channel")
        guild = self.guilds[ch.guild_id]  # type: ignore[index]
        target = guild.bot_role_id if target is None else target
        o = ch.overwrites.setdefault(
            target, Overwrite(type=0 if target in (guild.bot_role_id, guild.id, guild.manager_role_id) else 1)
        )
        bits = permission_bits(names)
        if allow:
            o.allow, o.deny = o.allow | bits, o.deny & ~bits
        else:
            o.allow, o.deny = o.allow & ~bits, o.deny | bits
        self.changed()
        return ch

    # ------------------------------------------------------------------
    # client task watching and traffic
    # ------------------------------------------------------------------
    def watch_task(self, task: asyncio.Task) -> None:
        """Register a client task: waits in the harness fail fast with its exception if it dies."""
        self._watched_tasks.append(task)

    def unwatch_task(self, task: asyncio.Task) -> None:
        if task in self._watched_tasks:
            self._watched_tasks.remove(task)

    def raise_if_client_crashed(self) -> None:
        for t in self._watched_tasks:
            if t.done() and not t.cancelled() and t.exception() is not None:
                raise ClientCrashed(f"the bot client task died: {t.exception()!r}") from t.exception()

    @property
    def inflight(self) -> int:
        """REST calls being answered right now."""
        return self.inflight_requests

    async def wait_idle(self, quiet: float = 0.1, timeout: float = 5.0, longest: float = 120.0) -> None:
        """Wait until the bot and the fake are idle; see :func:`localdiscord.idle.wait_idle`."""
        await wait_idle(self, quiet=quiet, timeout=timeout, longest=longest)

    # ------------------------------------------------------------------
    # reading what people see
    # ------------------------------------------------------------------
    def commands_in(self, scope: int | None) -> list[Command]:
        return [c for (s, _, _), c in self.commands.items() if s == scope]

    def _channels_for(self, channel: ChannelRef) -> list[Channel]:
        if channel is None:
            return [c for c in self.channels.values() if c.type != 1]
        return [self.get_channel(channel)]

    def public_messages(self, channel: ChannelRef = None) -> list[FakeMessage]:
        """Current public messages (not deleted, not still 'thinking'), oldest first.
        ``channel=None`` means every guild text channel."""
        out = [
            m for c in self._channels_for(channel) for m in c.messages if m.public and not m.deleted and not m.loading
        ]
        return sorted(out, key=lambda m: m.id)

    def visible_messages(self, user_id: int, channel: ChannelRef = None) -> list[FakeMessage]:
        """Public messages plus ``user_id``'s ephemerals, current state, oldest first
        ("thinking" placeholders of deferred answers are left out; see ``all_messages``)."""
        out = [m for c in self._channels_for(channel) for m in c.messages if m.visible_to(user_id) and not m.loading]
        return sorted(out, key=lambda m: m.id)

    def all_messages(self, channel: ChannelRef = None) -> list[FakeMessage]:
        """Every message ever stored (deleted and ephemeral included)."""
        return sorted((m for c in self._channels_for(channel) for m in c.messages), key=lambda m: m.id)

    def all_public_texts(self) -> list[str]:
        """Every text any public message ever showed, in any version (deleted ones included)."""
        out: list[str] = []
        for m in sorted(self.messages.values(), key=lambda m: m.id):
            if m.public and m.guild_id is not None:
                out.extend(m.all_texts())
        return out

    def public_leaks(self, secrets_: list[str]) -> list[str]:
        """The given strings that appear in any public text ever shown."""
        texts = self.all_public_texts()
        return [s for s in secrets_ if any(s in t for t in texts)]

    def failed_interactions(self) -> list[FakeInteraction]:
        """Interactions the user saw fail ("This interaction failed"): acknowledged after
        ``ack_deadline`` seconds, or not acknowledged although the deadline has passed."""
        now = time.monotonic()
        out = []
        for inter in self.interactions.values():
            if not inter.dispatched_at:
                continue
            answered = inter.callback_at if inter.callback_at is not None else now
            if answered - inter.dispatched_at > self.ack_deadline:
                out.append(inter)
        return out

    def assert_clean(self, *, allow_http_errors: bool = False) -> None:
        """Fail if the bot broke an interaction rule or (unless allowed) got a 4xx."""
        problems = [str(v) for v in self.violations]
        if not allow_http_errors:
            problems += [
                f"HTTP {e['status']} {e['code']} {e['message']} on {e['method']} {e['path']}" for e in self.http_errors
            ]
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))
