"""The REST API of the local Discord: gateway info, users, the application, slash command
registration, channels and their messages, guilds and members, attachment downloads — with
Discord's error answers, and the traffic counters the harness waits on (every /api/ call).
Interaction callbacks are in ``interactions.py``, their webhooks in ``interaction_webhooks.py``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable

from aiohttp import web

from .errors import UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, DiscordHTTPError, FormErrors, not_found
from .httpio import API, add_routes, declared_routes, json_response, no_content, read_body, route
from .messaging import Messaging
from .models import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    Channel,
    FakeMessage,
    Guild,
    snowflake,
)
from .strict import HOUR, RateLimited, bucket_hash
from .world import World

log = logging.getLogger("parlor.localdiscord")


def route_template(request: web.Request) -> str:
    """``/channels/{channel_id}/messages`` for a request to ``/api/v10/channels/123/messages``."""
    canonical = request.match_info.route.resource.canonical if request.match_info.route.resource else request.path
    return re.sub(r"^/api/v[^/]*", "", canonical)


class Rest:
    def __init__(self, world: World, messaging: Messaging) -> None:
        self.world = world
        self.messaging = messaging

    def add_routes(self, r: web.UrlDispatcher) -> None:
        r.add_get("/attachments/{id}/{filename}", self._get_attachment_data)
        add_routes(r, declared_routes(self), API)  # Discord's routes the fake answers

    def add_fallback(self, r: web.UrlDispatcher) -> None:
        """Every other /api/ route: 404, and noted in ``unhandled_routes`` (added after all others)."""
        r.add_route("*", "/api/{tail:.*}", self.unhandled)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if request.path == "/" or not request.path.startswith("/api/"):
            return await handler(request)
        self.world.inflight_requests += 1
        self.world.last_activity = time.monotonic()
        line = f"{request.method} {request.path}"
        self.world.request_log.append(line)
        try:
            response = await self._answer(request, handler, line)
            strict, now = self.world.strict, self.world.clock.now()
            self.world.invalid_requests.answered(
                response.status,
                response.headers.get("X-RateLimit-Scope"),
                now,
                strict.invalid_requests,
                strict.invalid_ban,
            )
            return response
        finally:
            self.world.inflight_requests -= 1
            self.world.last_activity = time.monotonic()

    async def _answer(self, request: web.Request, handler: Callable, line: str) -> web.StreamResponse:
        headers: dict[str, str] = {}
        try:
            if self.world.strict.latency:
                await asyncio.sleep(self.world.strict.latency)
            if self.world.strict.rate_limits and self.world.invalid_requests.banned(self.world.clock.now()):
                log.info("localdiscord %s -> 429: banned for too many invalid requests", line)
                return web.Response(
                    body=b"error code: 1015",
                    status=429,  # Cloudflare's answer: no Via header
                    headers={"Content-Type": "text/plain", "Retry-After": "3600"},
                )
            template = route_template(request)
            fault = self.world.faults.take(request.method, template)
            if fault is not None:
                log.info("localdiscord %s -> injected %s", line, fault.status)
                answer = fault.answer()
                response = json_response(answer.body(), fault.status)
                if isinstance(answer, RateLimited):
                    response.headers.update(answer.headers)
                return response
            if self.world.strict.rate_limits:
                headers = self.take_rate_limit(request, template)
            response = await handler(request)
            response.headers.update(headers)
            return response
        except RateLimited as e:
            self.world.rate_limiter.hits[-1]["route"] = line
            log.info("localdiscord %s -> 429 %s", line, e.body())
            response = json_response(e.body(), 429)
            response.headers.update(e.headers)
            return response
        except DiscordHTTPError as e:
            self.world.http_errors.append(
                {"method": request.method, "path": request.path, "status": e.status, **e.body()}
            )
            log.info("localdiscord %s -> %s %s", line, e.status, e.body())
            response = json_response(e.body(), e.status)
            response.headers.update(headers)
            return response

    def take_rate_limit(self, request: web.Request, template: str) -> dict[str, str]:
        """The global limit (not for interaction endpoints), then the route's bucket: its headers, or a 429.
        The global limit is the bot token's, however many connections or processes share it."""
        strict, limiter = self.world.strict, self.world.rate_limiter
        if not template.startswith(("/interactions/", "/webhooks/")):
            token = bucket_hash(request.headers.get("Authorization", ""))  # the token itself is never kept
            limiter.take("global", token, strict.global_limit, scope="global", is_global=True)
        for method, rule_template, rule in strict.buckets:
            if method in ("*", request.method) and (
                template == rule_template or template.startswith(rule_template + "/")
            ):
                params = [p for p in re.findall(r"{(\w+)}", rule_template) if p != "message_id"]
                major = ":".join(request.match_info.get(p, "") for p in params)
                return limiter.take(f"{method} {rule_template}", major, rule)
        return {}

    async def unhandled(self, request: web.Request) -> web.Response:
        line = f"{request.method} {request.path}"
        self.world.unhandled_routes.append(line)
        log.warning("localdiscord: unhandled route %s", line)
        raise DiscordHTTPError(404, 0, "404: Not Found")

    async def _get_attachment_data(self, request: web.Request) -> web.Response:
        att = self.world.attachments.get(int(request.match_info["id"]))
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    @route("GET", "/gateway", "/gateway/bot")
    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.world.gateway_url.rstrip("/"),
                "shards": self.world.shard_count,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            }
        )

    @route("GET", "/users/@me")
    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(self.world.payloads.bot_user())

    @route("GET", "/users/{user_id}")
    async def _get_user(self, request: web.Request) -> web.Response:
        uid = int(request.match_info["user_id"])
        if uid not in self.world.users and uid not in (self.world.bot_id, self.world.owner_id):
            raise not_found(10013, "Unknown User")
        return json_response(self.world.payloads.user(uid))

    @route("GET", "/oauth2/applications/@me", "/applications/@me")
    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(self.world.payloads.application())

    @route("POST", "/users/@me/channels")
    async def _create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        uid = int(body["recipient_id"])
        if uid not in self.world.users:
            raise DiscordHTTPError(400, 50007, "Cannot send messages to this user")
        for ch in self.world.channels.values():
            if ch.type == 1 and ch.recipient_id == uid:
                break
        else:
            ch = Channel(
                id=snowflake(), guild_id=None, name=f"dm-{self.world.users[uid].name}", type=1, recipient_id=uid
            )
            self.world.channels[ch.id] = ch
        payload = ch.payload()
        payload["recipients"] = [self.world.payloads.user(uid)]
        return json_response(payload)

    def _channel(self, request: web.Request) -> Channel:
        try:
            return self.world.channels[int(request.match_info["channel_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_CHANNEL) from None

    @route("GET", "/channels/{channel_id}")
    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.payloads.channel(self._channel(request)))

    def _guild(self, request: web.Request) -> Guild:
        try:
            return self.world.guilds[int(request.match_info["guild_id"])]
        except (KeyError, ValueError):
            raise not_found(10004, "Unknown Guild") from None

    @route("GET", "/guilds/{guild_id}")
    async def _get_guild(self, request: web.Request) -> web.Response:
        p = self.world.payloads.guild(self._guild(request))
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "member_count",
            "unavailable",
        ):
            p.pop(key, None)
        return json_response(p)

    @route("GET", "/guilds/{guild_id}/channels")
    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        return json_response([c.payload() for c in g.channels.values()])

    @route("GET", "/guilds/{guild_id}/members")
    async def _get_guild_members(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        ids = [self.world.bot_id, g.owner_id] + list(g.member_ids)
        return json_response([self.world.payloads.member(i, g) for i in ids])

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    async def _get_guild_member(self, request: web.Request) -> web.Response:
        g = self._guild(request)
        uid = int(request.match_info["user_id"])
        if uid not in g.member_ids and uid not in (self.world.bot_id, g.owner_id):
            raise not_found(10007, "Unknown Member")
        return json_response(self.world.payloads.member(uid, g))

    @route("POST", "/channels/{channel_id}/typing")
    async def _typing(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self.world.permissions.require(channel, self.world.permissions.send_bit(channel))
        return no_content()

    @route("*", "/channels/{channel_id}/messages/{message_id}/reactions/{tail:.*}")
    async def _reactions(self, request: web.Request) -> web.Response:
        return no_content() if request.method != "GET" else json_response([])

    def _channel_message(self, request: web.Request) -> FakeMessage:
        ch = self._channel(request)
        try:
            msg = self.world.messages[int(request.match_info["message_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_MESSAGE) from None
        if msg.channel_id != ch.id or msg.deleted or msg.ephemeral:
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    @route("GET", "/channels/{channel_id}/messages")
    async def _get_channel_messages(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        self.world.permissions.require(ch, READ_MESSAGE_HISTORY)
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

    @route("POST", "/channels/{channel_id}/messages")
    async def _post_channel_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        body, files = await read_body(request)
        self.world.permissions.require(
            ch,
            self.world.permissions.send_bit(ch),
            *([EMBED_LINKS] if body.get("embeds") else []),
            *([ATTACH_FILES] if files else []),
        )
        msg = await self.messaging.create(ch, body, files, validate_prefix=[])
        return json_response(msg.payload())

    @route("POST", "/channels/{channel_id}/threads")
    async def _start_thread(self, request: web.Request) -> web.Response:
        """Start Thread without Message (resources/channel): ``name`` of 1–100 characters; ``type`` defaults
        to a private thread in API v10. The fake keeps public threads only, so any other type is refused
        (400) rather than made public; a public one needs Create Public Threads in the channel."""
        ch = self._channel(request)
        body, _ = await read_body(request)
        errors = FormErrors()
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if body.get("type", 12) != PUBLIC_THREAD:
            errors.add(["type"], "BASE_TYPE_CHOICES", "The local Discord starts public threads (type 11) only.")
        errors.raise_if_any()
        assert isinstance(name, str)  # checked above: raise_if_any refused anything else
        if ch.is_thread or ch.guild_id is None:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        self.world.permissions.require(ch, CREATE_PUBLIC_THREADS)
        thread = self.world.add_thread(name, parent=ch.id, owner_id=self.world.bot_id)
        return json_response(self.world.payloads.channel(thread), 201)

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def _get_channel_message(self, request: web.Request) -> web.Response:
        msg = self._channel_message(request)
        self.world.permissions.require(self._channel(request), READ_MESSAGE_HISTORY)
        return json_response(msg.payload())

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    async def _patch_channel_message(self, request: web.Request) -> web.Response:
        msg = self._channel_message(request)
        if int(msg.author["id"]) != self.world.bot_id:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await read_body(request)
        channel = self._channel(request)
        self.world.permissions.require(channel, *([ATTACH_FILES] if files else []))
        if body.get("embeds") and not self.world.permissions.granted(channel, EMBED_LINKS):
            body = dict(body, embeds=[])  # as Discord does: the edit is taken, its embeds silently dropped
        check_hour_old_edit(self.world, msg)
        await self.messaging.edit(msg, body, files, validate_prefix=[])
        return json_response(msg.payload())

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def _delete_channel_message(self, request: web.Request) -> web.Response:
        msg = self._channel_message(request)
        own = int(msg.author["id"]) == self.world.bot_id
        self.world.permissions.require(self._channel(request), *([] if own else [MANAGE_MESSAGES]))
        await self.messaging.delete(msg)
        return no_content()


def check_hour_old_edit(world: World, msg: FakeMessage) -> None:
    """Editing a message older than an hour (fake clock): 3 edits per 6 s per channel, else 429 30046."""
    if world.strict.rate_limits and world.clock.now() - msg.born > HOUR:
        world.rate_limiter.take(
            "hour-old message edits",
            str(msg.channel_id),
            world.strict.hour_old_edits,
            scope="shared",
            code=30046,
            message="Maximum number of edits to messages older than 1 hour reached. Try again later",
        )
