"""The Parlor process: a discord.py bot with the store, the table manager and the cogs."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.access import PROBE_AFTER, watch_permissions
from bot.client import ParlorClient
from bot.command_sync import FIRST_PAUSE, CommandSync
from bot.emoji import FACES, sync_faces
from bot.global_limit import GlobalPacer, share
from bot.http_hooks import hook_requests
from bot.league import late_seats
from bot.league.rating_rebuild import catch_up
from bot.league.signup_ui import SignupButton
from bot.logs import configure_logging
from bot.metrics import Metrics
from bot.painter import painter, workers
from bot.presenter import DiscordPresenter
from bot.settings import DEFAULT_DB, Settings
from bot.store import Store, StoreError
from bot.tables import TableManager
from bot.ui import add_dynamic_items, answer_refusal, on_interaction
from games import game_names

if sys.platform != "win32":  # uvloop does not build on Windows; asyncio's own loop serves there
    import uvloop

log = logging.getLogger("parlor")

WARM_UP_WAIT = 30.0  # seconds start-up waits at most for the picture workers to warm up
# Objects allocated (less those freed) before the garbage collector looks at the young ones: a move allocates thousands
# of short-lived objects (views, embeds, requests), and at Python's default of 700 the young generation was collected
# several times a move, with more objects kept long enough to be promoted. A collection stops the event loop for as long
# as it takes, about 1 µs per young object, and the next generation's (every 10th) for its survivors of 10 young ones:
# at 20,000 that was 20-30 ms a young collection and 200-340 ms the next one (the loop's longest stalls during play),
# at 5,000 at most 18-25 ms and 50-66 ms, for the same garbage collector CPU in all (350-460 ms in 2,400 moves either
# way; 700: 730 ms): benchmarks/bench_shards.py --tables 200 --think 1, its garbage collections line, two runs of each
YOUNG_COLLECTION = 5_000
EXTENSIONS = (
    "cogs.play",
    "cogs.league",
    "cogs.settings",
    "cogs.rules",
    "cogs.calc",
    "cogs.money",
    "cogs.profile",
    "cogs.league_group",
)


def database_problem(path: Path | str) -> str | None:
    """Why the database cannot be used (empty, unreadable, damaged, read-only, a migration that
    fails, a PostgreSQL server that cannot be reached), in one line; None when it opens (a missing
    file becomes a new database)."""

    async def probe() -> None:
        await (await Store.open(path)).close()

    try:
        asyncio.run(probe())
    except StoreError as error:
        return str(error)
    return None


def synced_marker(database: Path | str) -> Path:
    """Where the hash of the last command tree synced is kept: next to the database (in the data
    folder for a PostgreSQL database)."""
    if isinstance(database, str):
        return DEFAULT_DB.with_name("postgresql.commands.sha256")
    return database.with_name(database.stem + ".commands.sha256")


def command_tree_hash(
    tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None, application_id: int | None
) -> str:
    """The SHA-256 of what a sync would send (every command's payload), with where it goes and for which app."""
    commands = sorted((c.to_dict(tree) for c in tree.get_commands(guild=guild)), key=lambda c: (c["type"], c["name"]))
    target = {"application": application_id, "guild": guild.id if guild else None, "commands": commands}
    return hashlib.sha256(json.dumps(target, sort_keys=True, default=str).encode()).hexdigest()


class ParlorTree(app_commands.CommandTree["ParlorBot"]):
    async def on_error(self, interaction: discord.Interaction[ParlorBot], error: app_commands.AppCommandError) -> None:
        """A command's Refusal (or a write the database refused) is answered privately; other errors are logged."""
        cause: BaseException = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
            cause = error.__cause__  # an option refused on arrival (bot/text_option.py)
        if not await answer_refusal(interaction, cause):
            await super().on_error(interaction, error)


class ParlorBot(ParlorClient):
    """The bot: sets up the store, the table manager with the Discord presenter, the clicks and the cogs."""

    presenter: DiscordPresenter

    def __init__(
        self,
        settings: Settings,
        *,
        bot_delay: float = 0.8,
        new_seed: Callable[[], str] | None = None,
        force_sync: bool = False,
        restore: bool = True,
        upload_faces: bool = True,
        sync_pause: float = FIRST_PAUSE,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        self.metrics = Metrics(lambda: getattr(self, "tables", None))  # served only with PARLOR_METRICS_PORT
        sharding: dict[str, Any] = (
            {"shard_count": settings.shards.count, "shard_ids": list(settings.shards.ids)} if settings.shards else {}
        )
        super().__init__(
            http_trace=self.metrics.trace,  # the login's requests; those that follow through bot/http_hooks.py
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            chunk_guilds_at_startup=False,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=ParlorTree,
            **sharding,
        )
        configure_logging()  # no hand, seed or snapshot in any log line, whoever set up logging (bot/logs.py)
        self.settings = settings
        self.bot_delay = bot_delay
        self.new_seed = new_seed  # tests fix the shuffles; by default every table draws from `secrets`
        self.force_sync = force_sync  # sync the slash commands even when they did not change (python -m bot sync)
        self.restore = restore  # False: only sync (python -m bot sync), no table is brought back
        self.games_available = game_names()
        # the faces' upload as emoji, in the background: nothing waits for it (a rate limit may last an hour)
        self.emoji_sync: asyncio.Task | None = None
        self.rating_catch_up: asyncio.Task | None = None  # an older database's unrated games, rated once (shard 0)
        self.upload_faces = upload_faces  # False: the cards stay text (tests that are not about the faces)
        self.sync_pause = sync_pause  # the first wait before a failed command sync is tried again (then doubled)
        # the metrics, the global pacer and the command sync listen to discord.py's requests through one trace's hooks,
        # called by bot/http_hooks.py once logged in (aiohttp's tracing of every request costs a call much CPU)
        self.pacer = GlobalPacer(share(settings.shards))  # this process's share of the bot's 50 requests a second
        self.metrics.trace.on_request_start.append(self.pacer.on_request_start)
        self.command_sync = CommandSync(self.metrics.trace)  # the slash commands' registration, in the background
        self.probing: asyncio.Task | None = None  # the tables that missed a call, drawn again now and then
        self.probe_every = PROBE_AFTER
        self.collector_defaults = gc.get_threshold()  # the garbage collector's thresholds before this bot set its own

    def run(self, *args: Any, **kwargs: Any) -> None:
        """discord.py's ``run`` on uvloop's event loop: its sockets, timers and callbacks are libuv's, in C, so each
        Discord call, database query and gateway event costs the loop less CPU than asyncio's own loop (pure Python
        selectors and transports) does."""
        if sys.platform != "win32":
            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        super().run(*args, **kwargs)

    async def setup_hook(self) -> None:
        hook_requests(self.http, self.metrics.trace)  # logged in: every request from now on
        if self.settings.metrics_port is not None:
            await self.metrics.serve(self.settings.metrics_port)
        self.store = await Store.open(self.settings.database, movers=self.settings.db_movers)
        painter().resize(workers(self.settings.picture_workers, self.settings.shards))
        warming = asyncio.wrap_future(painter().warm_up())  # the picture workers start and warm meanwhile
        self.presenter = DiscordPresenter(self, pacer=self.pacer)
        seeding: dict[str, Any] = {"new_seed": self.new_seed} if self.new_seed else {}
        self.tables = TableManager(
            self.store,
            self.presenter,
            default_turn_seconds=self.settings.turn_seconds,
            bot_delay=self.bot_delay,
            shards=self.settings.shards,
            **seeding,
        )
        self.tables.before_bots.append(late_seats.seat_due)
        add_dynamic_items(self, SignupButton)  # the tables' own buttons and menus are routed by on_interaction
        self.add_listener(self.interaction_arrived, "on_interaction")
        watch_permissions(self, self.permissions_changed)
        self.probing = asyncio.create_task(self.probe_refused_channels())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.restore:
            restored = await self.tables.restore()
            if restored:
                log.info("restored %d unfinished table(s)", len(restored))
            if self.settings.shards is None or 0 in self.settings.shards.ids:
                self.rating_catch_up = asyncio.create_task(catch_up(self.store))
        try:  # no player's click waits for a worker to start or for the drawing code to load
            await asyncio.wait_for(warming, WARM_UP_WAIT)
        except Exception as error:  # slow or failed: the pictures are drawn all the same, the first ones later
            log.warning("the picture workers did not warm up (%r)", error)
        # What start-up made (modules, games, restored tables) lives as long as the process: kept out of the
        # garbage collector's full collections, which otherwise walk it all again and again (tens of ms each)
        gc.collect()
        gc.freeze()
        gc.set_threshold(YOUNG_COLLECTION, *self.collector_defaults[1:])
        # In the background: a refused or rate-limited sync must not keep the gateway offline.
        self.command_sync.start(self.sync_commands, first_pause=self.sync_pause)
        await self.command_sync.first_answer()
        FACES.emoji.clear()  # text until this application's faces are known
        if self.restore and self.upload_faces:
            shards = self.settings.shards  # several processes: the one running shard 0 uploads, the others look
            self.emoji_sync = asyncio.create_task(
                sync_faces(self, self.store, upload=shards is None or 0 in shards.ids)
            )

    async def interaction_arrived(self, interaction: discord.Interaction[ParlorBot]) -> None:
        """Every interaction: its arrival noted for the metrics, then a click or a prompt's submission answered (a
        command is the tree's). One listener, as discord.py runs each listener of an event in a task of its own."""
        await self.metrics.arrived(interaction)
        await on_interaction(interaction)

    async def permissions_changed(self, guild_id: int, channel_id: int | None) -> None:
        """Parlor's permissions may have changed in a channel (None: every channel of the server): the tables there
        that missed a call Discord would have refused are drawn again once Parlor may make it."""
        for table in self.presenter.reopened(self.tables.tables.values(), guild_id, channel_id):
            self.tables.redraw(table)

    async def probe_refused_channels(self) -> None:
        """The fallback when the gateway never says a permission came back: every ``probe_every`` seconds the tables
        that missed a call are drawn again, each channel that refused Parlor tried with one call (``bot/access.py``)
        and one the permissions say would refuse it not at all."""
        while True:
            await asyncio.sleep(self.probe_every)
            for table in [t for t in self.tables.tables.values() if t.id in self.presenter.reported]:
                self.tables.redraw(table)

    async def sync_commands(self) -> None:
        """Register the slash commands with Discord (in the development server when one is set), only when
        they differ from the last ones registered from this database (Discord limits how often commands may
        be created), or always with ``force_sync``."""
        shards = self.settings.shards
        if shards is not None and 0 not in shards.ids and not self.force_sync:
            log.info("slash commands are synced by the process running shard 0; not synced here")
            return
        guild = discord.Object(self.settings.dev_guild) if self.settings.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = command_tree_hash(self.tree, guild, self.application_id)
        marker = synced_marker(self.settings.database)
        if not self.force_sync and marker.is_file() and marker.read_text(encoding="utf-8").strip() == digest:
            log.info("slash commands unchanged since the last sync; not synced (python -m bot sync forces it)")
            return
        await self.tree.sync(guild=guild)
        marker.write_text(digest + "\n", encoding="utf-8")
        log.info("slash commands synced %s", f"to server {guild.id}" if guild else "globally")

    async def close(self) -> None:
        gc.unfreeze()  # what this bot kept is collectable again (a process that starts another bot, as tests do)
        gc.set_threshold(*self.collector_defaults)
        await self.metrics.stop()
        self.command_sync.cancel()
        if self.probing is not None:
            self.probing.cancel()
        if self.rating_catch_up is not None:
            self.rating_catch_up.cancel()
        if self.emoji_sync is not None:
            self.emoji_sync.cancel()
            FACES.emoji.clear()  # this application's emoji mean nothing to the next bot started in this process
        if hasattr(self, "tables"):
            await self.tables.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d server(s)%s",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
            f" on {self.settings.shards}" if self.settings.shards else "",
        )


class ShardedParlorBot(ParlorBot, commands.AutoShardedBot):
    """The bot on the shards of ``settings.shards`` (an AutoShardedClient): it serves their guilds' tables only."""


def make_bot(settings: Settings, **options: Any) -> ParlorBot:
    """The bot for these settings: sharded when PARLOR_SHARD_COUNT is set, else one connection (no sharding)."""
    return (ShardedParlorBot if settings.shards else ParlorBot)(settings, **options)
