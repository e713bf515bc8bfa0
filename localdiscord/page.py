"""The playground page: a browser page and its JSON API, served by the local Discord's own aiohttp
app once :func:`serve_page` added them (``playground.py`` runs Parlor with it).

A person picks who they are (one of the local users, or a new one), runs the slash commands the
bot registered, clicks buttons, picks from menus and fills in modals. Every action goes through
the same checks as the test harness (:class:`~localdiscord.harness.FakeUser`), so the bot sees
exactly what Discord would send it. Each user's page receives only what that user may see: the
public messages and their own ephemeral ones.

Routes (all JSON unless said otherwise; ``as`` is a user id or name, ``channel`` a channel id):

=========================================  ==============================================================
``GET /``                                  the page (a websocket upgrade on ``/`` is the bot's gateway)
``GET /playground/static/{file}``          the page's script and styles
``GET|POST /playground/api/me``            who am I (``as``, else the ``parlor_user`` cookie, else the
                                           first user); POST ``{"user"}`` sets the cookie
``GET|POST /playground/api/users``         the users; POST ``{"name", "manage_guild"}`` adds one
``GET /playground/api/commands``           the registered slash commands with their options
``GET /playground/api/state``              what ``as`` sees in ``channel``; with ``since=<revision>`` it
                                           waits (long poll, ``wait`` seconds, ≤ 25) for a change
``POST /playground/api/slash``             ``{"as", "channel", "command": "play koikoi", "options": {}}``
``POST /playground/api/autocomplete``      ``{"as", "channel", "command", "options", "focused"}``
``POST /playground/api/click``             ``{"as", "message_id", "custom_id"}``
``POST /playground/api/select``            ``{"as", "message_id", "custom_id", "values": []}``
``POST /playground/api/modal``             ``{"as", "interaction_id", "values": {custom_id: text}}``
``POST /playground/api/say``               ``{"as", "channel", "content"}``: a plain message
=========================================  ==============================================================

Interactions answer ``{"ok": true, "interaction_id", "response_type", "modal"}`` once the bot has
acknowledged them (``modal`` is the modal to show, or null). A refused action answers 400 with
``{"error": "<sentence>"}``; a bot that does not answer in Discord's 3 seconds, 504.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from pathlib import Path
from typing import Any

from aiohttp import web

from .fake import LocalDiscord
from .harness import FakeUser, HarnessError, InteractionTimeout
from .httpio import Handler, Routes, add_routes
from .models import FakeInteraction, FakeMessage, Member
from .page_options import PageError, typed_options

log = logging.getLogger("parlor.playground")

STATIC = Path(__file__).resolve().parent / "static"
COOKIE = "parlor_user"
MAX_MESSAGES = 150  # per snapshot: the newest ones, as a chat shows them
MAX_WAIT = 25.0
NAME_RE = re.compile(r"^[\w .'-]{1,32}$")


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(body=json.dumps(data).encode(), status=status, content_type="application/json")


def serve_page(fake: LocalDiscord) -> LocalDiscord:
    """Serve the page and its API on ``fake`` (before it starts); returns ``fake``."""
    api = Api(fake)
    fake.page = page
    r = fake.app.router
    r.add_get("/playground/static/{name}", _static)
    routes: Routes = {
        "/me": {"GET": api.get_me, "POST": api.set_me},
        "/users": {"GET": api.get_users, "POST": api.add_user},
        "/commands": {"GET": api.get_commands},
        "/state": {"GET": api.get_state},
        "/slash": {"POST": api.slash},
        "/autocomplete": {"POST": api.autocomplete},
        "/click": {"POST": api.click},
        "/select": {"POST": api.select},
        "/modal": {"POST": api.modal},
        "/say": {"POST": api.say},
    }
    add_routes(
        r,
        {path: {method: api.wrap(handler) for method, handler in methods.items()} for path, methods in routes.items()},
        "/playground/api",
    )
    return fake


async def page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    path = STATIC / name
    if "/" in name or name.startswith(".") or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={"Cache-Control": "no-cache"})


class Api:
    def __init__(self, fake: LocalDiscord) -> None:
        self.fake = fake

    def wrap(self, handler: Handler) -> Handler:
        async def run(request: web.Request) -> web.StreamResponse:
            try:
                return await handler(request)
            except PageError as e:
                return _json({"error": e.message}, e.status)
            except HarnessError as e:
                return _json({"error": _polite(str(e))}, 400)

        return run

    # ------------------------------------------------------------------ helpers
    async def _body(self, request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except ValueError:
            raise PageError("The request body must be JSON.") from None
        if not isinstance(body, dict):
            raise PageError("The request body must be a JSON object.")
        return body

    def _user(self, request: web.Request | None, wanted: Any = None) -> FakeUser:
        """The user ``wanted`` names (id or name), else the one the request names (``?as=``, then its cookie), else
        the first user."""
        if wanted in (None, "") and request is not None:
            wanted = request.query.get("as") or request.cookies.get(COOKIE)
        users = self.users()
        if not users:
            raise PageError("There are no users yet; add one first.", 409)
        if wanted in (None, ""):
            return users[0]
        for u in users:
            if str(u.id) == str(wanted) or u.name == wanted:
                return u
        raise PageError(f"There is no user {wanted!r}; pick one of: {', '.join(u.name for u in users)}.", 404)

    def named_user(self, wanted: str) -> FakeUser:
        """The user a page names by id or name (a PageError when there is none)."""
        return self._user(None, wanted)

    def users(self) -> list[FakeUser]:
        """The members who can act: every member of the local Discord (``add_user`` makes each a FakeUser)."""
        return [u for u in self.fake.users.values() if isinstance(u, FakeUser)]

    def _channel(self, value: Any, user: FakeUser | None = None):
        if value in (None, ""):
            return self.fake.channel
        try:
            ch = self.fake.get_channel(int(value) if str(value).isdigit() else str(value))
        except LookupError:
            raise PageError(f"There is no channel {value!r}.", 404) from None
        if ch.type == 1 and (user is None or ch.recipient_id != user.id):
            raise PageError("That conversation is someone else's.", 403)
        return ch

    def _message(self, value: Any, user: FakeUser) -> FakeMessage:
        try:
            msg = self.fake.messages[int(value)]
        except (KeyError, TypeError, ValueError):
            raise PageError("That message does not exist (any more).", 404) from None
        if msg.deleted or not msg.visible_to(user.id):
            raise PageError("That message does not exist (any more).", 404)
        return msg

    def user_info(self, u: Member) -> dict[str, Any]:
        return {"id": str(u.id), "name": u.name, "manage_guild": u.manage_guild}

    # ------------------------------------------------------------------ identity and users
    async def get_me(self, request: web.Request) -> web.Response:
        return _json({"user": self.user_info(self._user(request))})

    async def set_me(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(request, body.get("user"))
        resp = _json({"user": self.user_info(user)})
        resp.set_cookie(COOKIE, str(user.id), max_age=365 * 86400, samesite="Strict")
        return resp

    async def get_users(self, request: web.Request) -> web.Response:
        return _json({"users": [self.user_info(u) for u in self.fake.users.values()]})

    async def add_user(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        name = str(body.get("name") or "").strip()
        if not NAME_RE.match(name):
            raise PageError("A name has 1 to 32 letters, digits, spaces, dots, dashes or underscores.")
        if any(u.name.lower() == name.lower() for u in self.fake.users.values()):
            raise PageError(f"There is already a user named {name}.")
        user = self.fake.add_user(name, manage_guild=bool(body.get("manage_guild")))
        return _json({"user": self.user_info(user)})

    # ------------------------------------------------------------------ commands
    async def get_commands(self, request: web.Request) -> web.Response:
        ch = self._channel(request.query.get("channel"))
        scopes = [ch.guild_id, None] if ch.guild_id else [None]
        seen, out = set(), []
        for scope in scopes:
            for cmd in self.fake.commands_in(scope):
                if cmd.type != 1 or cmd.name in seen:
                    continue
                seen.add(cmd.name)
                p = cmd.payload
                out.append(
                    {
                        "id": str(cmd.id),
                        "name": cmd.name,
                        "description": p.get("description") or "",
                        "options": p.get("options") or [],
                    }
                )
        out.sort(key=lambda c: c["name"])
        return _json({"commands": out})

    # ------------------------------------------------------------------ what a user sees
    async def get_state(self, request: web.Request) -> web.Response:
        user = self._user(request)
        ch = self._channel(request.query.get("channel"), user)
        since = request.query.get("since")
        if since not in (None, "") and since.lstrip("-").isdigit():
            try:
                wait = min(float(request.query.get("wait", MAX_WAIT)), MAX_WAIT)
            except ValueError:
                wait = MAX_WAIT
            await self.fake.wait_changed(int(since), wait)
        return _json(self.state(user, ch))

    def state(self, user: FakeUser, channel) -> dict[str, Any]:
        fake = self.fake
        guild = fake.guilds[channel.guild_id] if channel.guild_id else fake.guild  # a channel's guild stays
        channels = [
            {"id": str(c.id), "name": c.name, "dm": False}
            for c in sorted(guild.channels.values(), key=lambda c: c.position)
        ]
        channels += [
            {"id": str(c.id), "name": fake.bot_name, "dm": True}
            for c in fake.channels.values()
            if c.type == 1 and c.recipient_id == user.id
        ]
        members = {str(u.id): u.name for u in fake.users.values()}
        members[str(fake.bot_id)] = fake.bot_name
        members[str(fake.owner_id)] = "server-owner"
        msgs = [m for m in channel.messages if m.visible_to(user.id)]
        msgs.sort(key=lambda m: m.id)
        return {
            "revision": fake.revision,
            "guild": {"id": str(guild.id), "name": guild.name},
            "channel": {
                "id": str(channel.id),
                "name": channel.name if channel.type != 1 else fake.bot_name,
                "dm": channel.type == 1,
            },
            "channels": channels,
            "me": self.user_info(user),
            "users": [self.user_info(u) for u in fake.users.values()],
            "bot": {"id": str(fake.bot_id), "name": fake.bot_name, "connected": fake.connected},
            "members": members,
            "roles": {str(guild.id): "everyone", str(guild.manager_role_id): "Manager", str(guild.bot_role_id): "Bot"},
            "channel_names": {str(c.id): c.name for c in fake.channels.values() if c.type != 1},
            "older": max(0, len(msgs) - MAX_MESSAGES),
            "messages": [self.message_view(m) for m in msgs[-MAX_MESSAGES:]],
        }

    def message_view(self, m: FakeMessage) -> dict[str, Any]:
        p = m.payload()
        for a in p["attachments"]:  # same-origin paths: the page may be opened on another port or host name
            a["url"] = a["proxy_url"] = f"/attachments/{a['id']}/{a['filename']}"
        p["ephemeral"] = m.ephemeral
        p["loading"] = m.loading
        p["command"] = m.command
        meta = m.interaction_metadata or {}
        p["command_user"] = (meta.get("user") or {}).get("global_name") if m.command else None
        p["edits"] = sum(1 for v in m.versions if v.kind == "edit")
        return p

    # ------------------------------------------------------------------ acting
    def _require_bot(self) -> None:
        if not self.fake.connected:
            raise PageError(
                f"{self.fake.bot_name} is not connected right now (starting or restarting); try again in a moment.", 503
            )

    async def _dispatch(self, inter: FakeInteraction) -> web.Response:
        fake = self.fake
        self._require_bot()
        await fake.dispatch_interaction(inter)
        try:
            await asyncio.wait_for(inter.callback_event.wait(), fake.ack_deadline + 0.5)
        except TimeoutError:
            pass
        late = any(v.interaction_id == inter.id and v.kind == "late_ack" for v in fake.violations)
        if not inter.acknowledged or (late and fake.reject_late_ack):
            return _json({"error": "The application did not respond.", "interaction_id": str(inter.id)}, 504)
        return _json(
            {"ok": True, "interaction_id": str(inter.id), "response_type": inter.callback_type, "modal": inter.modal}
        )

    async def slash(self, request: web.Request) -> web.Response:
        self._require_bot()
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        ch = self._channel(body.get("channel"), user)
        if ch.type == 1:
            raise PageError("Slash commands work in the server's channels here, not in direct messages.")
        path = str(body.get("command") or "").strip().lstrip("/")
        if not path:
            raise PageError("Choose a command.")
        options = typed_options(user, ch, path, body.get("options") or {}, self.named_user)
        inter = user.prepare_slash(path, _channel=ch, **options)
        return await self._dispatch(inter)

    async def autocomplete(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        ch = self._channel(body.get("channel"), user)
        path = str(body.get("command") or "").strip().lstrip("/")
        focused = str(body.get("focused") or "")
        raw = dict(body.get("options") or {})
        typed = str(raw.pop(focused, "") or "")
        # Discord's client asks for suggestions while the command is being written, and its docs say the
        # options the user has not filled yet are left out, required ones included (/rules' game, typed)
        options = typed_options(user, ch, path, raw, self.named_user, complete=False)
        if not self.fake.connected:
            return _json({"choices": []})
        try:
            choices = await user.autocomplete(
                path, _focused=focused, _channel=ch, _timeout=3.0, **{focused: typed}, **options
            )
        except InteractionTimeout:
            choices = []
        return _json({"choices": choices})

    async def click(self, request: web.Request) -> web.Response:
        self._require_bot()
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        msg = self._message(body.get("message_id"), user)
        # the page may still show the message as it was before its last edit: Discord delivers that click
        inter = user.prepare_click(msg, str(body.get("custom_id") or ""), shown_before=True)
        return await self._dispatch(inter)

    async def select(self, request: web.Request) -> web.Response:
        self._require_bot()
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        msg = self._message(body.get("message_id"), user)
        values = body.get("values")
        if not isinstance(values, list):
            raise PageError("Pick at least one option.")
        inter = user.prepare_select(msg, str(body.get("custom_id") or ""), [str(v) for v in values], shown_before=True)
        return await self._dispatch(inter)

    async def modal(self, request: web.Request) -> web.Response:
        self._require_bot()
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        try:
            src = self.fake.interactions[int(body["interaction_id"])]
        except (KeyError, TypeError, ValueError):
            raise PageError("That form has expired; open it again.", 404) from None
        if src.user_id != user.id or src.modal is None:
            raise PageError("That form is not yours to send.", 403)
        values = body.get("values") or {}
        if not isinstance(values, dict):
            raise PageError("Form values must be an object of field → text.")
        inter = user.prepare_modal(src, {str(k): v for k, v in values.items()})
        return await self._dispatch(inter)

    async def say(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(request, body.get("as"))
        ch = self._channel(body.get("channel"), user)
        content = str(body.get("content") or "").strip()
        if not content:
            raise PageError("Type a message first.")
        if len(content) > 2000:
            raise PageError("A message has at most 2000 characters.")
        if ch.type == 1:
            raise PageError("Direct messages to the bot are not supported here.")
        msg = await user.say(content, channel=ch)
        return _json({"ok": True, "message_id": str(msg.id)})


def _polite(text: str) -> str:
    """The harness speaks to test authors; the page shows its sentence with a capital and a stop."""
    text = text.strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
