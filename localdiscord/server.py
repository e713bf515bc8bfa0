"""The local Discord as one server: a :class:`World` with its gateway, REST routes and interaction
endpoints on one aiohttp app (127.0.0.1, a free port), and discord.py pointed at it. Tests use
:class:`localdiscord.fake.LocalDiscord`, which adds the users who act; see README.md.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Self

from aiohttp import web

from .commands import CommandRoutes
from .emoji import EmojiRoutes
from .gateway import INTENT_GUILD_MEMBERS, Gateway
from .interaction_webhooks import InteractionWebhooks
from .interactions import Interactions
from .messaging import Messaging, UploadedFile
from .models import Channel, FakeInteraction, FakeMessage, Guild, Member, json_copy
from .rest import Rest
from .world import ChannelRef, World

MAX_BODY_BYTES = 64 * 1024 * 1024  # a request's body past it is refused as too large (413)
PageHandler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def point_discord_at(base_url: str) -> Callable[[], None]:
    """Point this process's discord.py at a local Discord served at ``base_url`` (``http://127.0.0.1:PORT``,
    perhaps by another process): REST under ``/api/v10``, the gateway at ``/``. Returns the undo."""
    import discord.gateway
    import discord.http
    import yarl

    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base_url.replace("http", "ws", 1) + "/")

    def undo() -> None:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway

    return undo


class DiscordServer(World):
    """The fake Discord's world served over HTTP and a websocket.

    ``await fake.start()`` binds 127.0.0.1 on a free port; ``fake.patch_discord()``
    points discord.py at it.
    """

    def __init__(self, *, heartbeat_interval: float = 41.25, gateway_latency: float = 0.04, **world: Any) -> None:
        """``world``: the :class:`World`'s options (guild_name, channels, bot_name, ack_deadline, ...)."""
        # the gateway exists before the world is built: adding a channel tells connected sessions
        self.gateway = Gateway(self, heartbeat_interval=heartbeat_interval, gateway_latency=gateway_latency)
        super().__init__(**world)
        self.messaging = Messaging(self, self.gateway)
        self.rest = Rest(self, self.messaging)
        self.interaction_endpoints = Interactions(self, self.gateway, self.messaging)
        self.interaction_webhooks = InteractionWebhooks(self, self.messaging)
        self.emoji_routes = EmojiRoutes(self)
        self.command_routes = CommandRoutes(self)
        self.page: PageHandler | None = None  # what a browser gets at ``/`` (the playground sets it)
        self._runner: web.AppRunner | None = None
        self._undo_patch: Callable[[], None] | None = None
        self.app = self._build_app()

    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=MAX_BODY_BYTES)
        app.router.add_get("/", self._root)
        self.rest.add_routes(app.router)
        self.command_routes.add_routes(app.router)
        self.interaction_endpoints.add_routes(app.router)
        self.interaction_webhooks.add_routes(app.router)
        self.emoji_routes.add_routes(app.router)
        self.rest.add_fallback(app.router)
        return app

    async def _root(self, request: web.Request) -> web.StreamResponse:
        """``/`` is the gateway for a websocket upgrade (the bot) and the page, if any, for a browser."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self.gateway.handle(request)
        if self.page is None:
            raise web.HTTPNotFound()
        return await self.page(request)

    # ------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------
    async def start(self, port: int = 0, host: str = "127.0.0.1") -> DiscordServer:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._undo_patch is not None:
            self._undo_patch()

    async def __aenter__(self) -> Self:
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
        if self.port is None:
            raise RuntimeError("start() the fake before patch_discord()")
        undo = point_discord_at(self.base_url)

        def undo_and_forget() -> None:
            undo()
            self._undo_patch = None

        self._undo_patch = undo_and_forget
        return undo_and_forget

    @property
    def patched(self) -> bool:
        """True while discord.py is pointed at this fake."""
        return self._undo_patch is not None

    # ------------------------------------------------------------------
    # world changes the connected bot hears of
    # ------------------------------------------------------------------
    def add_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        ch = super().add_channel(name, guild=guild)
        if self.gateway.sessions:
            self.gateway.fire("CHANNEL_CREATE", ch.payload())
        return ch

    def add_thread(self, name: str, *, parent: ChannelRef = None, owner_id: int | None = None) -> Channel:
        thread = super().add_thread(name, parent=parent, owner_id=owner_id)
        if self.gateway.sessions:
            self.gateway.fire("THREAD_CREATE", dict(thread.payload(), newly_created=True))
        return thread

    def set_overwrite(self, channel: ChannelRef, *names: str, allow: bool, target: int | None = None) -> Channel:
        ch = super().set_overwrite(channel, *names, allow=allow, target=target)
        if self.gateway.sessions:
            self.gateway.fire("CHANNEL_UPDATE", self.payloads.channel(ch))
        return ch

    def deny(self, channel: ChannelRef, *permissions: str) -> Channel:
        """Take permissions (discord.py names: "send_messages", "embed_links", ...) from the bot in
        ``channel`` through an overwrite on its role, as a server admin would; the bot hears CHANNEL_UPDATE."""
        return self.set_overwrite(channel, *permissions, allow=False)

    def allow(self, channel: ChannelRef, *permissions: str) -> Channel:
        """Give them back (an allow in the same overwrite)."""
        return self.set_overwrite(channel, *permissions, allow=True)

    def set_slowmode(self, channel: ChannelRef, seconds: int) -> Channel:
        """The channel's slowmode (``rate_limit_per_user``); on Discord it does not apply to bots."""
        ch = self.get_channel(channel)
        ch.slowmode = seconds
        if self.gateway.sessions:
            self.gateway.fire("CHANNEL_UPDATE", self.payloads.channel(ch))
        return ch

    def add_member(self, user: Member, guild: Guild) -> None:
        super().add_member(user, guild)
        if self.gateway.sessions:
            data = self.payloads.member(user.id, guild)
            data["guild_id"] = str(guild.id)
            self.gateway.fire("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS)

    # ------------------------------------------------------------------
    # the layers' operations, as tests and the playground call them
    # ------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """True while a bot client is connected and has been sent READY."""
        return self.gateway.connected

    @property
    def identify_count(self) -> int:
        return self.gateway.identify_count

    @property
    def resume_count(self) -> int:
        return self.gateway.resume_count

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot client is connected (IDENTIFY/RESUME answered)."""
        await self.gateway.wait_ready(timeout)

    async def drop_gateway(self, *, resume: bool = True, wait: bool = False, timeout: float = 10.0) -> None:
        """Close every bot websocket (code 4000, as a network drop would look); see :meth:`Gateway.drop`."""
        await self.gateway.drop(resume=resume, wait=wait, timeout=timeout)

    async def dispatch(self, event: str, data: Any, *, intent: int = 0) -> None:
        """Send a DISPATCH event to every live bot session (subscribed to ``intent``)."""
        await self.gateway.dispatch(event, data, intent=intent)

    async def create_message(self, channel: Channel, body: dict, files: list[UploadedFile], **kw: Any) -> FakeMessage:
        """A message made from ``body``, which the caller keeps (copied: the message changes nothing of it)."""
        return await self.messaging.create(channel, json_copy(body), files, **kw)

    async def edit_message(self, msg: FakeMessage, body: dict, files: list, **kw: Any) -> FakeMessage:
        """``msg`` edited with ``body``, which the caller keeps (copied, as for :meth:`create_message`)."""
        return await self.messaging.edit(msg, json_copy(body), files, **kw)

    async def delete_message(self, msg: FakeMessage) -> None:
        await self.messaging.delete(msg)

    def new_interaction(self, **kw: Any) -> FakeInteraction:
        return self.interaction_endpoints.new_interaction(**kw)

    def interaction_payload(self, inter: FakeInteraction) -> dict:
        return self.interaction_endpoints.interaction_payload(inter)

    async def dispatch_interaction(self, inter: FakeInteraction) -> None:
        await self.interaction_endpoints.dispatch_interaction(inter)

    def expire_token(self, token_or_interaction: str | FakeInteraction | Any) -> None:
        """Make an interaction token invalid now (as if 15 minutes had passed)."""
        self.interaction_endpoints.expire_token(token_or_interaction)

    def snapshot(self, user_id: int | None = None, channel: ChannelRef = None) -> dict:
        """A JSON-able picture of what ``user_id`` (or, with None, the public) sees — for a playground UI."""
        msgs = self.public_messages(channel) if user_id is None else self.visible_messages(user_id, channel)
        return {
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "channels": [{"id": str(c.id), "name": c.name} for c in self.channels.values() if c.type != 1],
            "users": [{"id": str(u.id), "name": u.name, "manage_guild": u.manage_guild} for u in self.users.values()],
            "bot_connected": self.connected,
            "messages": [
                dict(
                    m.payload(),
                    ephemeral_to=str(m.ephemeral_to) if m.ephemeral_to else None,
                    version_count=len(m.versions),
                )
                for m in msgs
            ],
        }
