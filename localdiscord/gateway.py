"""The gateway of the local Discord: the bot's websocket (HELLO, IDENTIFY/RESUME with a replay
buffer, heartbeats with a network-like ACK delay, member chunks) and the DISPATCH events sent to
every live session that asked for their intent and, when it IDENTIFYed with ``shard: [id, count]``,
owns the event's guild (Discord's rule, :func:`shard_of`; events of no guild go to shard 0). Several
sessions may run the same shard (each gets its events), as Discord allows. How each websocket's messages are
sent (its query string, JSON text or a ``zlib-stream``) is :mod:`localdiscord.transport`.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any

from aiohttp import WSMsgType, web

from .models import FakeMessage
from .transport import GatewayLink, GatewayQuery
from .world import World

# Gateway opcodes.
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord deals ``guild_id`` to: its events, GUILD_CREATE and interactions go there only."""
    return (guild_id >> 22) % shard_count


def event_guild(data: Any) -> int | None:
    """The guild an event is about (``guild_id`` in its payload), if any."""
    if not isinstance(data, dict):
        return None
    raw = data.get("guild_id")
    return int(raw) if raw is not None else None


def message_intent(msg: FakeMessage) -> int:
    return INTENT_GUILD_MESSAGES if msg.guild_id else INTENT_DIRECT_MESSAGES


class GatewaySession:
    def __init__(self, session_id: str, intents: int, shard: list | None) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: list[tuple[int, str]] = []
        self.link: GatewayLink | None = None  # the websocket it is served on now, if any
        self.lock = asyncio.Lock()
        self.ready = False
        self.server_closed: set = set()  # websockets we closed ourselves (drops)

    @property
    def ws(self) -> web.WebSocketResponse | None:
        return self.link.ws if self.link is not None else None

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed and self.ready

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of ``guild_id`` (None: a DM, shard 0's); an unsharded
        session receives everything."""
        if not self.shard:
            return True
        shard_id, shard_count = int(self.shard[0]), int(self.shard[1])
        return shard_id == (0 if guild_id is None else shard_of(guild_id, shard_count))

    async def send_dispatch(self, event: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            frame = json.dumps({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})
            self.buffer.append((self.seq, frame))
            del self.buffer[:-2000]
            link = self.link
            if link is not None and not link.closed:
                try:
                    await link.send(frame)
                except (ConnectionError, RuntimeError):  # closing under our feet: kept for RESUME
                    pass


class Gateway:
    """The websocket side of the fake: sessions of the bot client and the events they receive."""

    def __init__(self, world: World, *, heartbeat_interval: float = 41.25, gateway_latency: float = 0.04) -> None:
        self.world = world
        # Discord asks for a heartbeat every 41.25 s and its ACK crosses the network (tens of ms): an
        # instant ACK would beat discord.py's keep-alive thread to recording the send and make it
        # measure a whole interval ("Can't keep up … 41.3s behind").
        self.heartbeat_interval = heartbeat_interval
        self.latency = gateway_latency
        self.sessions: dict[str, GatewaySession] = {}
        self.identify_count = 0
        self.resume_count = 0
        self._ready_event = asyncio.Event()
        self._background: set = set()

    @property
    def connected(self) -> bool:
        """True while a bot client is connected and has been sent READY."""
        return any(s.connected for s in self.sessions.values())

    def serving(self, guild_id: int | None) -> bool:
        """True while the session that owns ``guild_id``'s shard is connected and has been sent READY."""
        return any(s.connected and s.owns(guild_id) for s in self.sessions.values())

    async def wait_ready(self, timeout: float = 10.0, *, guild_id: int | None = None) -> None:
        """Wait until a bot client is connected (IDENTIFY/RESUME answered); with ``guild_id``, the one
        whose shard owns that guild."""
        deadline = time.monotonic() + timeout
        while not (self.serving(guild_id) if guild_id is not None else self.connected):
            self.world.raise_if_client_crashed()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(
                    f"no bot client connected to the fake gateway within {timeout}s"
                    + (f" for guild {guild_id}" if guild_id is not None else "")
                )
            self._ready_event.clear()
            try:
                await asyncio.wait_for(self._ready_event.wait(), min(remaining, 0.05))
            except TimeoutError:
                pass

    async def drop(self, *, resume: bool = True, wait: bool = False, timeout: float = 10.0) -> None:
        """Close every bot websocket (code 4000, as a network drop would look).
        With ``resume=False`` the session is invalidated too, so the client must IDENTIFY again.
        With ``wait=True`` wait until the client is back."""
        for s in list(self.sessions.values()):
            if not resume:
                self.sessions.pop(s.id, None)
            if s.ws is not None and not s.ws.closed:
                s.ready = False
                s.server_closed.add(s.ws)
                await s.ws.close(code=4000, message=b"dropped by test")
        if wait:
            await asyncio.sleep(0.01)
            await self.wait_ready(timeout)

    def fire(self, event: str, data: Any, *, intent: int = 0) -> None:
        """Dispatch without awaiting (from sync code such as ``add_user``)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop, so no connected client either
        task = loop.create_task(self.dispatch(event, data, intent=intent))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def dispatch(self, event: str, data: Any, *, intent: int = 0) -> None:
        """Send a DISPATCH event to every live bot session subscribed to ``intent`` that owns its guild."""
        self.world.last_activity = time.monotonic()
        guild_id = event_guild(data)
        for s in list(self.sessions.values()):
            if (intent and not (s.intents & intent)) or not s.owns(guild_id):
                continue
            await s.send_dispatch(event, data)

    async def dispatch_message(self, event: str, msg: FakeMessage) -> None:
        data = msg.payload()
        if msg.guild_id:
            g = self.world.guilds.get(msg.guild_id)
            author_id = int(msg.author["id"])
            if g is not None and msg.webhook_id is None:
                data["member"] = self.world.payloads.member(author_id, g, with_user=False)
        await self.dispatch(event, data, intent=message_intent(msg))

    async def _heartbeat_ack(self, link: GatewayLink) -> None:
        await asyncio.sleep(self.latency)
        if not link.closed:
            await link.send(json.dumps({"op": OP_HEARTBEAT_ACK}))

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        query = GatewayQuery.read(request.query)
        if query.refusal is not None:
            code, reason = query.refusal
            # a close frame's reason is at most 123 bytes (RFC 6455 5.5: control frames carry 125, 2 are the code)
            await ws.close(code=code, message=reason.encode()[:123].decode(errors="ignore").encode())
            return ws
        link = GatewayLink(ws, compress=query.compress)
        session: GatewaySession | None = None
        await link.send(
            json.dumps({"op": OP_HELLO, "d": {"heartbeat_interval": round(self.heartbeat_interval * 1000)}})
        )
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
                    task = asyncio.get_running_loop().create_task(self._heartbeat_ack(link))
                    self._background.add(task)
                    task.add_done_callback(self._background.discard)
                elif op == OP_IDENTIFY:
                    session = await self._identify(link, d)
                elif op == OP_RESUME:
                    session = await self._resume(link, d)
                elif op == OP_REQUEST_MEMBERS:
                    await self._members_chunk(session, d)
                else:
                    pass  # presence / voice: ignored
        finally:
            if session is not None and session.link is link:
                session.link = None
                session.ready = False
                # A clean close by the client (discord.py's Client.close) ends the session.
                if (
                    ws.close_code in (1000, 1001)
                    and ws not in session.server_closed
                    and self.sessions.get(session.id) is session
                ):
                    self.sessions.pop(session.id, None)
                self.world.changed()
        return ws

    async def _identify(self, link: GatewayLink, d: dict) -> GatewaySession:
        self.identify_count += 1
        session = GatewaySession(secrets.token_hex(16), int(d.get("intents") or 0), d.get("shard"))
        session.link = link
        # Discord (events/gateway "Sharding"): "You can establish multiple sessions with the same
        # [shard_id, num_shards]"; every session receives its shard's events, none replaces another.
        self.sessions[session.id] = session
        guilds = [g for g in self.world.guilds.values() if session.owns(g.id)]
        ready = {
            "v": 10,
            "user": self.world.payloads.bot_user(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.world.gateway_url,
            "application": {"id": str(self.world.application_id), "flags": 0},
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
        for g in guilds:
            await session.send_dispatch("GUILD_CREATE", self.world.payloads.guild(g))
        session.ready = True
        self._ready_event.set()
        self.world.changed()
        return session

    async def _resume(self, link: GatewayLink, d: dict) -> GatewaySession | None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None:
            await link.send(json.dumps({"op": OP_INVALID_SESSION, "d": False}))
            return None
        self.resume_count += 1
        old = session.ws
        if old is not None and old is not link.ws and not old.closed:
            session.server_closed.add(old)
            await old.close(code=4000)
        async with session.lock:
            session.link = link
            since = int(d.get("seq") or 0)
            for seq, frame in session.buffer:
                if seq > since:
                    await link.send(frame)
        await session.send_dispatch("RESUMED", {"_trace": ["localdiscord"]})
        session.ready = True
        self._ready_event.set()
        self.world.changed()
        return session

    async def _members_chunk(self, session: GatewaySession | None, d: dict) -> None:
        if session is None:
            return
        guild = self.world.guilds.get(int(d["guild_id"]))  # required by Request Guild Members
        if guild is None:
            return
        ids = [self.world.bot_id, guild.owner_id] + list(guild.member_ids)
        wanted = d.get("user_ids")
        if wanted:
            wanted = {int(x) for x in (wanted if isinstance(wanted, list) else [wanted])}
            ids = [i for i in ids if i in wanted]
        query = d.get("query") or ""
        members = [self.world.payloads.member(i, guild) for i in ids]
        if query:
            members = [m for m in members if m["user"]["username"].lower().startswith(query.lower())]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await session.send_dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close(self) -> None:
        """Close every websocket (the fake is stopping)."""
        for s in list(self.sessions.values()):
            if s.ws is not None and not s.ws.closed:
                await s.ws.close(code=1001)
