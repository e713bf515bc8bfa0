"""A small local Discord (REST + gateway websocket) for end-to-end tests of a
discord.py bot.  See README.md in this package for the guide.
"""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
import secrets
import time
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from aiohttp import WSMsgType, web

from .models import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MANAGE_GUILD,
    Attachment,
    Channel,
    Command,
    DiscordHTTPError,
    FakeInteraction,
    FakeMessage,
    FormErrors,
    Guild,
    Violation,
    snowflake,
    validate_message_payload,
    validate_modal,
)

log = logging.getLogger("parlor.localdiscord")

JSON_HEADERS = {"Content-Type": "application/json"}

# Gateway opcodes.
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Callback (interaction response) types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response with a Content-Type of exactly ``application/json``
    (discord.py compares the header verbatim)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers=JSON_HEADERS)


def no_content() -> web.Response:
    return web.Response(status=204)


def not_found(code: int, what: str) -> DiscordHTTPError:
    return DiscordHTTPError(404, code, what)


UNKNOWN_MESSAGE = (10008, "Unknown Message")
UNKNOWN_CHANNEL = (10003, "Unknown Channel")
UNKNOWN_WEBHOOK = (10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (10062, "Unknown interaction")


def command_path(data: dict) -> str:
    """``/play koikoi`` from an application command interaction's data."""
    parts = [data.get("name") or "?"]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(options[0].get("name") or "?")
        options = options[0].get("options") or []
    return "/" + " ".join(parts)


class GatewaySession:
    def __init__(self, session_id: str, intents: int, shard: Optional[list]) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: List[Tuple[int, str]] = []
        self.ws: Optional[web.WebSocketResponse] = None
        self.lock = asyncio.Lock()
        self.ready = False
        self.server_closed: set = set()  # websockets we closed ourselves (drops)

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed and self.ready

    async def send_dispatch(self, event: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            frame = json.dumps({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})
            self.buffer.append((self.seq, frame))
            del self.buffer[:-2000]
            ws = self.ws
            if ws is not None and not ws.closed:
                try:
                    await ws.send_str(frame)
                except (ConnectionError, RuntimeError):  # closing under our feet: kept for RESUME
                    pass


class LocalDiscord:
    """The fake Discord: one application/bot user, guild(s) with text channels,
    members, messages with full history, interactions and their rules.

    ``await fake.start()`` binds 127.0.0.1 on a free port; ``fake.patch_discord()``
    points discord.py at it.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Parlor Test Server",
        channels: Tuple[str, ...] = ("general",),
        bot_name: str = "Parlor",
        ack_deadline: float = 3.0,
        reject_late_ack: bool = True,
        token_lifetime: float = 15 * 60,
        heartbeat_interval: float = 41.25,
        gateway_latency: float = 0.04,
    ) -> None:
        self.application_id = snowflake()
        self.bot_id = self.application_id
        self.bot_name = bot_name
        self.ack_deadline = ack_deadline
        self.reject_late_ack = reject_late_ack
        self.token_lifetime = token_lifetime
        # Discord asks for a heartbeat every 41.25 s and its ACK crosses the network (tens of ms): an
        # instant ACK would beat discord.py's keep-alive thread to recording the send and make it
        # measure a whole interval ("Can't keep up … 41.3s behind").
        self.heartbeat_interval = heartbeat_interval
        self.gateway_latency = gateway_latency
        self.owner_id = snowflake()
        self.port: Optional[int] = None
        self.users: Dict[int, Any] = {}  # id -> harness.FakeUser
        self.guilds: Dict[int, Guild] = {}
        self.channels: Dict[int, Channel] = {}
        self.messages: Dict[int, FakeMessage] = {}
        self.interactions: Dict[int, FakeInteraction] = {}
        self._by_token: Dict[str, FakeInteraction] = {}
        self.commands: Dict[Tuple[Optional[int], int, str], Command] = {}
        self.attachments: Dict[int, Attachment] = {}
        self.violations: List[Violation] = []
        self.http_errors: List[dict] = []
        self.unhandled_routes: List[str] = []
        self.request_log: List[str] = []
        self.identify_count = 0
        self.resume_count = 0
        self._sessions: Dict[str, GatewaySession] = {}
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._ready_event = asyncio.Event()
        self._watched_tasks: List[asyncio.Task] = []
        self._bg_tasks: set = set()
        self._runner: Optional[web.AppRunner] = None
        self._undo_patch: Optional[Callable[[], None]] = None
        self.revision = 0  # bumped by every change a viewer could see (messages, users, commands, connection)
        self._change_event = asyncio.Event()
        self.change_listeners: List[Callable[[], None]] = []
        self.app = self._build_app()
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
            except asyncio.TimeoutError:
                pass
        return self.revision

    # ------------------------------------------------------------------
    # world building
    # ------------------------------------------------------------------
    def add_guild(self, name: str, *, channels: Tuple[str, ...] = ("general",)) -> Guild:
        gid = snowflake()
        guild = Guild(id=gid, name=name, owner_id=self.owner_id, manager_role_id=snowflake(), bot_role_id=snowflake())
        self.guilds[gid] = guild
        for cname in channels:
            self.add_channel(cname, guild=guild)
        return guild

    def add_channel(self, name: str, *, guild: Optional[Guild] = None) -> Channel:
        guild = guild or self.guild
        ch = Channel(id=snowflake(), guild_id=guild.id, name=name, position=len(guild.channels))
        guild.channels[ch.id] = ch
        self.channels[ch.id] = ch
        if self._sessions:
            self._fire("CHANNEL_CREATE", ch.payload())
        self.changed()
        return ch

    @property
    def guild(self) -> Guild:
        """The first guild."""
        return next(iter(self.guilds.values()))

    @property
    def channel(self) -> Channel:
        """The first text channel of the first guild."""
        return self.guild.default_channel

    def get_channel(self, channel: Union[None, int, str, Channel]) -> Channel:
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

    def add_user(self, name: str, *, manage_guild: bool = False, guild: Optional[Guild] = None):
        """Create a member of ``guild`` (default: the first guild). Returns a
        :class:`~localdiscord.harness.FakeUser`."""
        from .harness import FakeUser

        guild = guild or self.guild
        user = FakeUser(self, snowflake(), name, manage_guild=manage_guild, guild_id=guild.id)
        self.users[user.id] = user
        guild.member_ids.append(user.id)
        if self._sessions:
            data = self.member_payload(user.id, guild)
            data["guild_id"] = str(guild.id)
            self._fire("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS)
        self.changed()
        return user

    def user(self, name_or_id: Union[str, int]):
        for u in self.users.values():
            if u.id == name_or_id or u.name == name_or_id:
                return u
        raise LookupError(f"no user {name_or_id!r}; users: {[u.name for u in self.users.values()]}")

    # ------------------------------------------------------------------
    # payloads
    # ------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def bot_user_payload(self) -> dict:
        return {
            "id": str(self.bot_id), "username": self.bot_name, "global_name": None, "discriminator": "0",
            "avatar": None, "bot": True, "system": False, "verified": True, "mfa_enabled": False,
            "flags": 0, "public_flags": 0, "banner": None, "accent_color": None,
            "avatar_decoration_data": None, "email": None, "locale": "en-US",
        }

    def user_payload(self, user_id: int) -> dict:
        if user_id == self.bot_id:
            return self.bot_user_payload()
        if user_id == self.owner_id:
            name = "server-owner"
        else:
            name = self.users[user_id].name
        return {
            "id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": False, "public_flags": 0, "flags": 0, "banner": None,
            "accent_color": None, "avatar_decoration_data": None,
        }

    def member_roles(self, user_id: int, guild: Guild) -> List[str]:
        if user_id == self.bot_id:
            return [str(guild.bot_role_id)]
        u = self.users.get(user_id)
        if u is not None and u.manage_guild:
            return [str(guild.manager_role_id)]
        return []

    def member_permissions(self, user_id: int, guild: Guild) -> int:
        if user_id == guild.owner_id:
            return (1 << 53) - 1
        if user_id == self.bot_id:
            return BOT_PERMISSIONS
        u = self.users.get(user_id)
        perms = EVERYONE_PERMISSIONS
        if u is not None and u.manage_guild:
            perms |= MANAGE_GUILD
        return perms

    def member_payload(self, user_id: int, guild: Guild, *, with_user: bool = True) -> dict:
        d = {
            "roles": self.member_roles(user_id, guild), "joined_at": guild.joined_at, "deaf": False,
            "mute": False, "flags": 0, "nick": None, "pending": False, "premium_since": None,
            "avatar": None, "banner": None, "communication_disabled_until": None,
        }
        if with_user:
            d["user"] = self.user_payload(user_id)
        return d

    def guild_payload(self, guild: Guild) -> dict:
        member_ids = [self.bot_id, guild.owner_id] + list(guild.member_ids)
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(guild.owner_id), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": guild.roles_payload(), "emojis": [], "stickers": [], "features": [], "mfa_level": 0,
            "application_id": None, "system_channel_id": str(guild.default_channel.id),
            "system_channel_flags": 0, "rules_channel_id": None, "max_members": 500000,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": "en-US", "public_updates_channel_id": None,
            "nsfw_level": 0, "premium_progress_bar_enabled": False, "joined_at": guild.joined_at,
            "large": False, "unavailable": False, "member_count": len(member_ids), "voice_states": [],
            "members": [self.member_payload(uid, guild) for uid in member_ids],
            "channels": [ch.payload() for ch in guild.channels.values()],
            "threads": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application_payload(self) -> dict:
        return {
            "id": str(self.application_id), "name": self.bot_name, "icon": None, "description": "",
            "bot_public": True, "bot_require_code_grant": False, "owner": self.user_payload(self.owner_id),
            "verify_key": "0" * 64, "team": None, "flags": 0, "summary": "", "tags": [],
            "bot": self.bot_user_payload(), "interactions_endpoint_url": None, "redirect_uris": [],
        }

    # ------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------
    async def start(self, port: int = 0, host: str = "127.0.0.1") -> "LocalDiscord":
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for s in list(self._sessions.values()):
            if s.ws is not None and not s.ws.closed:
                await s.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._undo_patch is not None:
            self._undo_patch()

    async def __aenter__(self) -> "LocalDiscord":
        """``async with LocalDiscord() as fake:`` starts it and patches discord.py in."""
        if self.port is None:
            await self.start()
        if self._undo_patch is None:
            self.patch_discord()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py (REST, webhooks/interactions and gateway) at this fake.
        Returns a function that restores the previous values (also called by ``stop``)."""
        import discord.gateway
        import discord.http
        import yarl

        if self.port is None:
            raise RuntimeError("start() the fake before patch_discord()")
        old_base = discord.http.Route.BASE
        old_gw = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def undo() -> None:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gw
            self._undo_patch = None

        self._undo_patch = undo
        return undo

    # ------------------------------------------------------------------
    # gateway
    # ------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """True while a bot client is connected and has been sent READY."""
        return any(s.connected for s in self._sessions.values())

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot client is connected (IDENTIFY/RESUME answered)."""
        deadline = time.monotonic() + timeout
        while not self.connected:
            self.raise_if_client_crashed()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no bot client connected to the fake gateway within {timeout}s")
            self._ready_event.clear()
            try:
                await asyncio.wait_for(self._ready_event.wait(), min(remaining, 0.05))
            except asyncio.TimeoutError:
                pass

    async def drop_gateway(self, *, resume: bool = True, wait: bool = False, timeout: float = 10.0) -> None:
        """Close every bot websocket (code 4000, as a network drop would look).
        With ``resume=False`` the session is invalidated too, so the client must IDENTIFY again.
        With ``wait=True`` wait until the client is back."""
        for s in list(self._sessions.values()):
            if not resume:
                self._sessions.pop(s.id, None)
            if s.ws is not None and not s.ws.closed:
                s.ready = False
                s.server_closed.add(s.ws)
                await s.ws.close(code=4000, message=b"dropped by test")
        if wait:
            await asyncio.sleep(0.01)
            await self.wait_ready(timeout)

    def _fire(self, event: str, data: Any, *, intent: int = 0) -> None:
        """Dispatch without awaiting (from sync code such as ``add_user``)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop, so no connected client either
        task = loop.create_task(self.dispatch(event, data, intent=intent))
        self._bg_tasks.add(task)
        task.add_done_callback(self._bg_tasks.discard)

    async def dispatch(self, event: str, data: Any, *, intent: int = 0) -> None:
        """Send a DISPATCH event to every live bot session (subscribed to ``intent``)."""
        self._last_activity = time.monotonic()
        for s in list(self._sessions.values()):
            if intent and not (s.intents & intent):
                continue
            await s.send_dispatch(event, data)

    async def _heartbeat_ack(self, ws: web.WebSocketResponse) -> None:
        await asyncio.sleep(self.gateway_latency)
        if not ws.closed:
            await ws.send_str(json.dumps({"op": OP_HEARTBEAT_ACK}))

    async def _ws_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session: Optional[GatewaySession] = None
        await ws.send_str(json.dumps({"op": OP_HELLO, "d": {"heartbeat_interval": round(self.heartbeat_interval * 1000)}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        text = msg.data.decode()
                    else:
                        continue
                else:
                    text = msg.data
                payload = json.loads(text)
                op = payload.get("op")
                d = payload.get("d")
                if op == OP_HEARTBEAT:
                    task = asyncio.get_running_loop().create_task(self._heartbeat_ack(ws))
                    self._bg_tasks.add(task)
                    task.add_done_callback(self._bg_tasks.discard)
                elif op == OP_IDENTIFY:
                    session = await self._identify(ws, d)
                elif op == OP_RESUME:
                    session = await self._resume(ws, d)
                elif op == OP_REQUEST_MEMBERS:
                    await self._members_chunk(ws, session, d)
                else:
                    pass  # presence / voice: ignored
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
                session.ready = False
                # A clean close by the client (discord.py's Client.close) ends the session.
                if (ws.close_code in (1000, 1001) and ws not in session.server_closed
                        and self._sessions.get(session.id) is session):
                    self._sessions.pop(session.id, None)
                self.changed()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: dict) -> GatewaySession:
        self.identify_count += 1
        session = GatewaySession(secrets.token_hex(16), int(d.get("intents") or 0), d.get("shard"))
        session.ws = ws
        self._sessions[session.id] = session
        ready = {
            "v": 10,
            "user": self.bot_user_payload(),
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "shard": d.get("shard") or [0, 1],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["localdiscord"],
        }
        await session.send_dispatch("READY", ready)
        for g in self.guilds.values():
            await session.send_dispatch("GUILD_CREATE", self.guild_payload(g))
        session.ready = True
        self._ready_event.set()
        self.changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict) -> Optional[GatewaySession]:
        session = self._sessions.get(str(d.get("session_id")))
        if session is None:
            await ws.send_str(json.dumps({"op": OP_INVALID_SESSION, "d": False}))
            return None
        self.resume_count += 1
        old = session.ws
        if old is not None and old is not ws and not old.closed:
            session.server_closed.add(old)
            await old.close(code=4000)
        async with session.lock:
            session.ws = ws
            since = int(d.get("seq") or 0)
            for seq, frame in session.buffer:
                if seq > since:
                    await ws.send_str(frame)
        await session.send_dispatch("RESUMED", {"_trace": ["localdiscord"]})
        session.ready = True
        self._ready_event.set()
        self.changed()
        return session

    async def _members_chunk(self, ws: web.WebSocketResponse, session: Optional[GatewaySession], d: dict) -> None:
        if session is None:
            return
        guild = self.guilds.get(int(d.get("guild_id")))
        if guild is None:
            return
        ids = [self.bot_id, guild.owner_id] + list(guild.member_ids)
        wanted = d.get("user_ids")
        if wanted:
            wanted = {int(x) for x in (wanted if isinstance(wanted, list) else [wanted])}
            ids = [i for i in ids if i in wanted]
        query = d.get("query") or ""
        members = [self.member_payload(i, guild) for i in ids]
        if query:
            members = [m for m in members if m["user"]["username"].lower().startswith(query.lower())]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await session.send_dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------
    # client task watching
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

    # ------------------------------------------------------------------
    # activity tracking
    # ------------------------------------------------------------------
    @property
    def inflight(self) -> int:
        return self._inflight

    async def wait_idle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until no REST call is in flight and nothing happened for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.raise_if_client_crashed()
            now = time.monotonic()
            if self._inflight == 0 and now - self._last_activity >= quiet:
                return
            if now > deadline:
                raise TimeoutError(
                    f"fake Discord not idle after {timeout}s ({self._inflight} REST calls in flight; "
                    f"last: {self.request_log[-3:]})"
                )
            await asyncio.sleep(min(0.02, quiet / 2))

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if request.path == "/" or not request.path.startswith("/api/"):
            return await handler(request)
        self._inflight += 1
        self._last_activity = time.monotonic()
        line = f"{request.method} {request.path}"
        self.request_log.append(line)
        try:
            try:
                return await handler(request)
            except DiscordHTTPError as e:
                self.http_errors.append(
                    {"method": request.method, "path": request.path, "status": e.status, **e.body()}
                )
                log.info("localdiscord %s -> %s %s", line, e.status, e.body())
                return json_response(e.body(), e.status)
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()

    # ------------------------------------------------------------------
    # app and routes
    # ------------------------------------------------------------------
    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        A = "/api/v{version:\\d+}"
        r.add_get("/", self._root)
        r.add_get("/attachments/{id}/{filename}", self._get_attachment_data)
        r.add_get(A + "/gateway", self._get_gateway)
        r.add_get(A + "/gateway/bot", self._get_gateway)
        r.add_get(A + "/users/@me", self._get_me)
        r.add_get(A + "/users/{user_id}", self._get_user)
        r.add_post(A + "/users/@me/channels", self._create_dm)
        r.add_get(A + "/oauth2/applications/@me", self._get_application)
        r.add_get(A + "/applications/@me", self._get_application)
        for prefix in ("/applications/{app_id}/commands", "/applications/{app_id}/guilds/{guild_id}/commands"):
            r.add_put(A + prefix, self._put_commands)
            r.add_get(A + prefix, self._get_commands)
            r.add_post(A + prefix, self._post_command)
            r.add_get(A + prefix + "/{command_id:\\d+}", self._get_command)
            r.add_patch(A + prefix + "/{command_id:\\d+}", self._patch_command)
            r.add_delete(A + prefix + "/{command_id:\\d+}", self._delete_command)
        r.add_post(A + "/interactions/{interaction_id}/{token}/callback", self._interaction_callback)
        r.add_post(A + "/webhooks/{app_id}/{token}", self._webhook_execute)
        r.add_get(A + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_get_message)
        r.add_patch(A + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_edit_message)
        r.add_delete(A + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_delete_message)
        r.add_get(A + "/channels/{channel_id}", self._get_channel)
        r.add_get(A + "/channels/{channel_id}/messages", self._get_channel_messages)
        r.add_post(A + "/channels/{channel_id}/messages", self._post_channel_message)
        r.add_get(A + "/channels/{channel_id}/messages/{message_id}", self._get_channel_message)
        r.add_patch(A + "/channels/{channel_id}/messages/{message_id}", self._patch_channel_message)
        r.add_delete(A + "/channels/{channel_id}/messages/{message_id}", self._delete_channel_message)
        r.add_post(A + "/channels/{channel_id}/typing", self._typing)
        r.add_route("*", A + "/channels/{channel_id}/messages/{message_id}/reactions/{tail:.*}", self._reactions)
        r.add_get(A + "/guilds/{guild_id}", self._get_guild)
        r.add_get(A + "/guilds/{guild_id}/channels", self._get_guild_channels)
        r.add_get(A + "/guilds/{guild_id}/members", self._get_guild_members)
        r.add_get(A + "/guilds/{guild_id}/members/{user_id}", self._get_guild_member)
        r.add_route("*", "/api/{tail:.*}", self._unhandled)
        from .playground import add_routes

        add_routes(self, app)
        return app

    async def _root(self, request: web.Request) -> web.StreamResponse:
        """``/`` is the gateway for a websocket upgrade (the bot) and the playground page for a browser."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._ws_handler(request)
        from .playground import page

        return await page(self, request)

    async def _unhandled(self, request: web.Request) -> web.Response:
        line = f"{request.method} {request.path}"
        self.unhandled_routes.append(line)
        log.warning("localdiscord: unhandled route %s", line)
        raise DiscordHTTPError(404, 0, "404: Not Found")

    # --- body parsing -------------------------------------------------
    async def _read_body(self, request: web.Request) -> Tuple[dict, List[Tuple[int, str, bytes, Optional[str]]]]:
        """Returns (json body, uploaded files as (index, filename, data, content_type))."""
        ctype = request.headers.get("Content-Type", "")
        files: List[Tuple[int, str, bytes, Optional[str]]] = []
        if ctype.startswith("multipart/"):
            body: dict = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                data = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(data.decode())
                elif name.startswith("files[") or name == "file" or name.startswith("file"):
                    idx = int(name[6:-1]) if name.startswith("files[") else len(files)
                    files.append((idx, part.filename or f"file{idx}", bytes(data),
                                  part.headers.get("Content-Type")))  # type: ignore[union-attr]
            return body, files
        text = await request.text()
        if not text:
            return {}, files
        try:
            return json.loads(text), files
        except ValueError:
            raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None

    def _make_attachments(self, channel_id: int, body: dict,
                          files: List[Tuple[int, str, bytes, Optional[str]]]) -> List[Attachment]:
        meta = {}
        for a in body.get("attachments") or []:
            try:
                meta[int(a.get("id"))] = a
            except (TypeError, ValueError):
                pass
        out = []
        for idx, filename, data, ctype in files:
            m = meta.get(idx, {})
            aid = snowflake()
            name = m.get("filename") or filename
            if not ctype or ctype == "application/octet-stream":
                ctype = mimetypes.guess_type(name)[0] or ctype  # Discord sniffs the real type
            att = Attachment(id=aid, filename=name, size=len(data), content_type=ctype, data=data,
                             description=m.get("description"),
                             url=f"{self.base_url}/attachments/{aid}/{name}")
            self.attachments[aid] = att
            out.append(att)
        return out

    async def _get_attachment_data(self, request: web.Request) -> web.Response:
        att = self.attachments.get(int(request.match_info["id"]))
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    # --- simple getters -------------------------------------------------
    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({
            "url": self.gateway_url.rstrip("/"), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(self.bot_user_payload())

    async def _get_user(self, request: web.Request) -> web.Response:
        uid = int(request.match_info["user_id"])
        if uid not in self.users and uid not in (self.bot_id, self.owner_id):
            raise not_found(10013, "Unknown User")
        return json_response(self.user_payload(uid))

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(self.application_payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._read_body(request)
        uid = int(body["recipient_id"])
        if uid not in self.users:
            raise DiscordHTTPError(400, 50007, "Cannot send messages to this user")
        for ch in self.channels.values():
            if ch.type == 1 and ch.recipient_id == uid:
                break
        else:
            ch = Channel(id=snowflake(), guild_id=None, name=f"dm-{self.users[uid].name}", type=1, recipient_id=uid)
            self.channels[ch.id] = ch
        payload = ch.payload()
        payload["recipients"] = [self.user_payload(uid)]
        return json_response(payload)

    def _channel(self, request: web.Request) -> Channel:
        try:
            return self.channels[int(request.match_info["channel_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_CHANNEL) from None

    def channel_payload(self, ch: Channel) -> dict:
        p = ch.payload()
        if ch.type == 1 and ch.recipient_id is not None:
            p["recipients"] = [self.user_payload(ch.recipient_id)]
        return p

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.channel_payload(self._channel(request)))

    def _guild(self, request: web.Request) -> Guild:
        try:
            return self.guilds[int(request.match_info["guild_id"])]
        except (KeyError, ValueError):
            raise not_found(10004, "Unknown Guild") from None

    async def _get_guild(self, request: web.Request) -> web.Response:
        p = self.guild_payload(self._guild(request))
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large",
                    "member_count", "unavailable"):
            p.pop(key, None)
        return json_response(p)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        return json_response([c.payload() for c in g.channels.values()])

    async def _get_guild_members(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        ids = [self.bot_id, g.owner_id] + list(g.member_ids)
        return json_response([self.member_payload(i, g) for i in ids])

    async def _get_guild_member(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        uid = int(request.match_info["user_id"])
        if uid not in g.member_ids and uid not in (self.bot_id, g.owner_id):
            raise not_found(10007, "Unknown Member")
        return json_response(self.member_payload(uid, g))

    async def _typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def _reactions(self, request: web.Request) -> web.Response:
        return no_content() if request.method != "GET" else json_response([])

    # --- commands -------------------------------------------------------
    def _command_scope(self, request: web.Request) -> Optional[int]:
        if int(request.match_info["app_id"]) != self.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        gid_i = int(gid)
        if gid_i not in self.guilds:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return gid_i

    def _upsert_command(self, scope: Optional[int], payload: dict) -> Command:
        ctype = int(payload.get("type", 1))
        name = payload.get("name") or ""
        errors = FormErrors()
        errors.max_len(["name"], name, 32)
        if not name:
            errors.add(["name"], "BASE_TYPE_REQUIRED", "This field is required")
        if ctype == 1:
            errors.max_len(["description"], payload.get("description"), 100)
        errors.raise_if_any()
        key = (scope, ctype, name)
        existing = self.commands.get(key)
        cmd = Command(id=existing.id if existing else snowflake(), application_id=self.application_id,
                      guild_id=scope, payload=dict(payload))
        self.commands[key] = cmd
        self.changed()
        return cmd

    def commands_in(self, scope: Optional[int]) -> List[Command]:
        return [c for (s, _, _), c in self.commands.items() if s == scope]

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await self._read_body(request)
        old = {k: self.commands.pop(k) for k in [k for k in self.commands if k[0] == scope]}
        out = []
        for p in body:
            cmd = self._upsert_command(scope, p)
            prev = old.get((scope, cmd.type, cmd.name))
            if prev is not None:  # Discord keeps a command's id across bulk overwrites
                cmd.id = prev.id
            out.append(cmd.to_json())
        return json_response(out)

    async def _get_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        return json_response([c.to_json() for c in self.commands_in(scope)])

    async def _post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await self._read_body(request)
        return json_response(self._upsert_command(scope, body).to_json(), 201)

    def _find_command(self, request: web.Request) -> Tuple[Tuple, Command]:
        scope = self._command_scope(request)
        cid = int(request.match_info["command_id"])
        for key, c in self.commands.items():
            if key[0] == scope and c.id == cid:
                return key, c
        raise not_found(10063, "Unknown application command")

    async def _get_command(self, request: web.Request) -> web.Response:
        return json_response(self._find_command(request)[1].to_json())

    async def _patch_command(self, request: web.Request) -> web.Response:
        key, c = self._find_command(request)
        body, _ = await self._read_body(request)
        payload = {**c.payload, **body}
        del self.commands[key]
        new = self._upsert_command(key[0], payload)
        new.id = c.id
        return json_response(new.to_json())

    async def _delete_command(self, request: web.Request) -> web.Response:
        key, _ = self._find_command(request)
        del self.commands[key]
        self.changed()
        return no_content()

    # ------------------------------------------------------------------
    # messages
    # ------------------------------------------------------------------
    def _check_not_empty(self, msg_like: dict, files: list) -> None:
        if not (msg_like.get("content") or msg_like.get("embeds") or msg_like.get("components")
                or files or msg_like.get("attachments") or msg_like.get("sticker_ids") or msg_like.get("poll")):
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")

    def _validate(self, body: dict, prefix: List[Any]) -> None:
        errors = FormErrors()
        validate_message_payload(body, prefix, errors)
        errors.raise_if_any()

    async def create_message(
        self,
        channel: Channel,
        body: dict,
        files: List[Tuple[int, str, bytes, Optional[str]]],
        *,
        author: Optional[dict] = None,
        ephemeral_to: Optional[int] = None,
        interaction: Optional[FakeInteraction] = None,
        validate_prefix: Optional[List[Any]] = None,
        loading: bool = False,
        check_empty: bool = True,
    ) -> FakeMessage:
        if validate_prefix is not None:
            self._validate(body, validate_prefix)
        if check_empty and not loading:
            self._check_not_empty(body, files)
        msg = FakeMessage(
            id=snowflake(), channel_id=channel.id, guild_id=channel.guild_id,
            author=author or self.bot_user_payload(), ephemeral_to=ephemeral_to, interaction=interaction,
            webhook_id=self.application_id if interaction is not None else None,
            application_id=self.application_id if interaction is not None else None,
            message_reference=body.get("message_reference"),
            type=20 if interaction is not None and interaction.type == 2 else (
                19 if body.get("message_reference") else 0),
        )
        if interaction is not None:
            user = self.user_payload(interaction.user_id)
            meta: Dict[str, Any] = {
                "id": str(interaction.id), "type": interaction.type, "user": user,
                "authorizing_integration_owners": {"0": str(channel.guild_id)} if channel.guild_id else {},
            }
            if interaction.message is not None and interaction.type in (3, 5):
                meta["interacted_message_id"] = str(interaction.message.id)
            if interaction.original is not None:
                meta["original_response_message_id"] = str(interaction.original.id)
            msg.interaction_metadata = meta
            if interaction.type == 2:
                msg.command = command_path(interaction.data)
        if ephemeral_to is not None:
            msg.flags |= FLAG_EPHEMERAL
        if loading:
            msg.flags |= FLAG_LOADING
        new_files = self._make_attachments(channel.id, body, files)
        msg.apply({k: v for k, v in body.items() if k != "attachments"} if not files else body, new_files,
                  kind="create")
        channel.messages.append(msg)
        self.messages[msg.id] = msg
        self.changed()
        if msg.public and not loading:
            await self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    async def edit_message(self, msg: FakeMessage, body: dict, files: list, *,
                           validate_prefix: Optional[List[Any]] = None) -> FakeMessage:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        merged = {
            "content": body.get("content", msg.content) if "content" in body else msg.content,
            "embeds": body["embeds"] if "embeds" in body else msg.embeds,
            "components": body["components"] if "components" in body else msg.components,
            "flags": msg.flags if body.get("flags") is None else body["flags"],
        }
        if validate_prefix is not None:
            self._validate(merged, validate_prefix)
        new_files = self._make_attachments(msg.channel_id, body, files)
        remaining_attachments = msg.attachments if "attachments" not in body else body["attachments"]
        if not (merged["content"] or merged["embeds"] or merged["components"] or new_files
                or remaining_attachments):
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")
        was_loading = msg.loading
        msg.apply(body, new_files, kind="edit")
        self.changed()
        if msg.public:
            if was_loading:
                await self._dispatch_message("MESSAGE_CREATE", msg)
            else:
                await self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    async def delete_message(self, msg: FakeMessage) -> None:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        msg.mark_deleted()
        self.changed()
        if msg.public:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            await self.dispatch("MESSAGE_DELETE", data, intent=self._msg_intent(msg))

    def _msg_intent(self, msg: FakeMessage) -> int:
        return INTENT_GUILD_MESSAGES if msg.guild_id else INTENT_DIRECT_MESSAGES

    async def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        data = msg.payload()
        if msg.guild_id:
            g = self.guilds.get(msg.guild_id)
            author_id = int(msg.author["id"])
            if g is not None and msg.webhook_id is None:
                data["member"] = self.member_payload(author_id, g, with_user=False)
        await self.dispatch(event, data, intent=self._msg_intent(msg))

    def _channel_message(self, request: web.Request) -> FakeMessage:
        ch = self._channel(request)
        try:
            msg = self.messages[int(request.match_info["message_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_MESSAGE) from None
        if msg.channel_id != ch.id or msg.deleted or msg.ephemeral:
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    async def _get_channel_messages(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msgs = [m for m in ch.messages if m.public and not m.deleted and not m.loading]
        q = request.query
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
        limit = int(q.get("limit", 50))
        if "after" in q:
            msgs = msgs[:limit]
        else:
            msgs = msgs[-limit:]
        return json_response([m.payload() for m in reversed(msgs)])

    async def _post_channel_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        body, files = await self._read_body(request)
        msg = await self.create_message(ch, body, files, validate_prefix=[])
        return json_response(msg.payload())

    async def _get_channel_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).payload())

    async def _patch_channel_message(self, request: web.Request) -> web.Response:
        msg = self._channel_message(request)
        if int(msg.author["id"]) != self.bot_id:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._read_body(request)
        await self.edit_message(msg, body, files, validate_prefix=[])
        return json_response(msg.payload())

    async def _delete_channel_message(self, request: web.Request) -> web.Response:
        msg = self._channel_message(request)
        await self.delete_message(msg)
        return no_content()

    # ------------------------------------------------------------------
    # interactions
    # ------------------------------------------------------------------
    def new_interaction(self, *, user_id: int, type: int, data: dict, channel: Channel,
                        message: Optional[FakeMessage] = None, label: str = "") -> FakeInteraction:
        inter = FakeInteraction(
            id=snowflake(), token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48), type=type, user_id=user_id,
            guild_id=channel.guild_id, channel_id=channel.id, data=data, label=label, message=message,
        )
        self.interactions[inter.id] = inter
        self._by_token[inter.token] = inter
        return inter

    def interaction_payload(self, inter: FakeInteraction) -> dict:
        channel = self.channels[inter.channel_id]
        d: Dict[str, Any] = {
            "id": str(inter.id), "application_id": str(self.application_id), "type": inter.type,
            "data": inter.data, "token": inter.token, "version": 1, "channel_id": str(channel.id),
            "channel": self.channel_payload(channel), "app_permissions": str(BOT_PERMISSIONS),
            "locale": "en-US", "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
        }
        if inter.guild_id is not None:
            guild = self.guilds[inter.guild_id]
            member = self.member_payload(inter.user_id, guild)
            member["permissions"] = str(self.member_permissions(inter.user_id, guild))
            d.update({
                "guild_id": str(guild.id), "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                "guild_locale": "en-US", "member": member,
                "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0,
            })
        else:
            d.update({"user": self.user_payload(inter.user_id),
                      "authorizing_integration_owners": {"0": str(inter.user_id)}, "context": 1})
        if inter.message is not None:
            d["message"] = inter.message.payload()
        return d

    async def dispatch_interaction(self, inter: FakeInteraction) -> None:
        await self.wait_ready()
        inter.dispatched_at = time.monotonic()
        inter.created_at = inter.dispatched_at
        inter.last_activity = inter.dispatched_at
        await self.dispatch("INTERACTION_CREATE", self.interaction_payload(inter))

    def expire_token(self, token_or_interaction: Union[str, FakeInteraction, Any]) -> None:
        """Make an interaction token invalid now (as if 15 minutes had passed)."""
        inter = self._resolve_interaction(token_or_interaction)
        inter.expired = True

    def _resolve_interaction(self, x: Any) -> FakeInteraction:
        if isinstance(x, FakeInteraction):
            return x
        if isinstance(x, str):
            return self._by_token[x]
        inter = getattr(x, "interaction", None)
        if isinstance(inter, FakeInteraction):
            return inter
        raise TypeError(f"not an interaction or token: {x!r}")

    def _token_valid(self, inter: FakeInteraction) -> bool:
        return not inter.expired and time.monotonic() - inter.created_at <= self.token_lifetime

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        try:
            app_id = int(request.match_info["app_id"])
        except ValueError:
            raise not_found(*UNKNOWN_WEBHOOK) from None
        inter = self._by_token.get(request.match_info["token"])
        if app_id != self.application_id or inter is None:
            raise not_found(*UNKNOWN_WEBHOOK)
        if not self._token_valid(inter):
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return inter

    async def _interaction_callback(self, request: web.Request) -> web.Response:
        try:
            inter = self.interactions[int(request.match_info["interaction_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_INTERACTION) from None
        if inter.token != request.match_info["token"]:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        body, files = await self._read_body(request)
        ctype = body.get("type")
        inter.touch(f"callback type {ctype}")
        if inter.acknowledged:
            self.violations.append(Violation("double_ack", f"{inter.label}: second callback type {ctype} "
                                             f"after type {inter.callback_type}", inter.id))
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - inter.dispatched_at
        if elapsed > self.ack_deadline or not self._token_valid(inter):
            self.violations.append(Violation("late_ack", f"{inter.label}: callback after {elapsed:.2f}s "
                                             f"(limit {self.ack_deadline}s)", inter.id))
            if self.reject_late_ack or not self._token_valid(inter):
                raise not_found(*UNKNOWN_INTERACTION)
        data = body.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        channel = self.channels[inter.channel_id]
        resource: Dict[str, Any] = {"type": ctype}
        info: Dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if ctype == CHANNEL_MESSAGE:
            if inter.type not in (2, 3, 5):
                raise DiscordHTTPError(400, 50035, "Invalid Form Body",
                                       {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                              "message": "Interaction response type invalid"}]}})
            msg = await self.create_message(channel, data, files, ephemeral_to=inter.user_id if ephemeral else None,
                                            interaction=inter, validate_prefix=["data"])
            inter.original = msg
            resource["message"] = msg.payload()
            info.update(response_message_id=str(msg.id), response_message_loading=False,
                        response_message_ephemeral=ephemeral)
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            msg = await self.create_message(channel, {"content": ""}, [], interaction=inter, loading=True,
                                            ephemeral_to=inter.user_id if ephemeral else None)
            inter.original = msg
            resource["message"] = msg.payload()
            info.update(response_message_id=str(msg.id), response_message_loading=True,
                        response_message_ephemeral=ephemeral)
        elif ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if inter.message is None:
                raise DiscordHTTPError(400, 50035, "Invalid Form Body",
                                       {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                              "message": "Interaction response type invalid "
                                                                         "(no message to update)"}]}})
            inter.original = inter.message
            if ctype == UPDATE_MESSAGE:
                await self.edit_message(inter.message, data, files, validate_prefix=["data"])
                resource["message"] = inter.message.payload()
            info.update(response_message_id=str(inter.message.id), response_message_loading=False,
                        response_message_ephemeral=inter.message.ephemeral)
        elif ctype == MODAL:
            if inter.type == 5:
                raise DiscordHTTPError(400, 50035, "Invalid Form Body",
                                       {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                              "message": "Cannot respond to a modal with a modal"}]}})
            errors = FormErrors()
            validate_modal(data, errors)
            errors.raise_if_any()
            inter.modal = data
        elif ctype == AUTOCOMPLETE_RESULT:
            inter.autocomplete_choices = data.get("choices") or []
        elif ctype == PONG:
            pass
        else:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body",
                                   {"type": {"_errors": [{"code": "BASE_TYPE_CHOICES",
                                                          "message": f"Value must be one of known types, got {ctype}"}]}})
        inter.callback_type = ctype
        inter.callback_data = data
        inter.callback_at = time.monotonic()
        inter.callback_event.set()
        return json_response({"interaction": info, "resource": resource})

    def _interaction_message(self, inter: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if inter.original is None or inter.original.deleted:
                raise not_found(*UNKNOWN_MESSAGE)
            return inter.original
        try:
            msg = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_MESSAGE) from None
        own = msg is inter.original or msg is inter.message or msg in inter.followups
        if msg.deleted or (msg.ephemeral and not own) or (not own and msg.webhook_id is None):
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    async def _webhook_execute(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        body, files = await self._read_body(request)
        inter.touch("followup")
        if not inter.acknowledged:
            raise not_found(*UNKNOWN_WEBHOOK)
        flags = int(body.get("flags") or 0)
        if (inter.callback_type == DEFERRED_CHANNEL_MESSAGE and inter.original is not None
                and inter.original.loading and not inter.followups):
            # Discord: the first followup after a deferred "thinking" response edits the
            # loading message; its ephemeral flag is ignored.
            msg = await self.edit_message(inter.original, body, files, validate_prefix=[])
        else:
            channel = self.channels[inter.channel_id]
            msg = await self.create_message(channel, body, files, interaction=inter, validate_prefix=[],
                                            ephemeral_to=inter.user_id if flags & FLAG_EPHEMERAL else None)
            inter.followups.append(msg)
        wait = request.query.get("wait", "false").lower() in ("1", "true")
        return json_response(msg.payload()) if wait else no_content()

    async def _webhook_get_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        inter.touch("get message")
        return json_response(self._interaction_message(inter, request.match_info["message_id"]).payload())

    async def _webhook_edit_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        msg = self._interaction_message(inter, request.match_info["message_id"])
        body, files = await self._read_body(request)
        inter.touch(f"edit {request.match_info['message_id']}")
        await self.edit_message(msg, body, files, validate_prefix=[])
        return json_response(msg.payload())

    async def _webhook_delete_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        msg = self._interaction_message(inter, request.match_info["message_id"])
        inter.touch(f"delete {request.match_info['message_id']}")
        await self.delete_message(msg)
        return no_content()

    # ------------------------------------------------------------------
    # reading what people see
    # ------------------------------------------------------------------
    def _channels_for(self, channel: Union[None, int, str, Channel]) -> List[Channel]:
        if channel is None:
            return [c for c in self.channels.values() if c.type != 1]
        return [self.get_channel(channel)]

    def public_messages(self, channel: Union[None, int, str, Channel] = None) -> List[FakeMessage]:
        """Current public messages (not deleted, not still 'thinking'), oldest first.
        ``channel=None`` means every guild text channel."""
        out = [m for c in self._channels_for(channel) for m in c.messages
               if m.public and not m.deleted and not m.loading]
        return sorted(out, key=lambda m: m.id)

    def visible_messages(self, user_id: int, channel: Union[None, int, str, Channel] = None) -> List[FakeMessage]:
        """Public messages plus ``user_id``'s ephemerals, current state, oldest first
        ("thinking" placeholders of deferred answers are left out; see ``all_messages``)."""
        out = [m for c in self._channels_for(channel) for m in c.messages
               if m.visible_to(user_id) and not m.loading]
        return sorted(out, key=lambda m: m.id)

    def all_messages(self, channel: Union[None, int, str, Channel] = None) -> List[FakeMessage]:
        """Every message ever stored (deleted and ephemeral included)."""
        return sorted((m for c in self._channels_for(channel) for m in c.messages), key=lambda m: m.id)

    def all_public_texts(self) -> List[str]:
        """Every text any public message ever showed, in any version (deleted ones included)."""
        out: List[str] = []
        for m in sorted(self.messages.values(), key=lambda m: m.id):
            if m.public and m.guild_id is not None:
                out.extend(m.all_texts())
        return out

    def public_leaks(self, secrets_: List[str]) -> List[str]:
        """The given strings that appear in any public text ever shown."""
        texts = self.all_public_texts()
        return [s for s in secrets_ if any(s in t for t in texts)]

    def snapshot(self, user_id: Optional[int] = None, channel: Union[None, int, str, Channel] = None) -> dict:
        """A JSON-able picture of what ``user_id`` (or, with None, the public) sees — for a playground UI."""
        msgs = self.public_messages(channel) if user_id is None else self.visible_messages(user_id, channel)
        return {
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "channels": [{"id": str(c.id), "name": c.name} for c in self.channels.values() if c.type != 1],
            "users": [{"id": str(u.id), "name": u.name, "manage_guild": u.manage_guild} for u in self.users.values()],
            "bot_connected": self.connected,
            "messages": [dict(m.payload(), ephemeral_to=str(m.ephemeral_to) if m.ephemeral_to else None,
                              version_count=len(m.versions)) for m in msgs],
        }

    def assert_clean(self, *, allow_http_errors: bool = False) -> None:
        """Fail if the bot broke an interaction rule or (unless allowed) got a 4xx."""
        problems = [str(v) for v in self.violations]
        if not allow_http_errors:
            problems += [f"HTTP {e['status']} {e['code']} {e['message']} on {e['method']} {e['path']}"
                         for e in self.http_errors]
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))


class ClientCrashed(RuntimeError):
    """The discord.py client task died."""
