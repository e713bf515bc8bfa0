"""Prometheus metrics of one Parlor process, served at ``http://<host>:PARLOR_METRICS_PORT/metrics`` when
that setting is set (no port is opened otherwise).

Each figure is read where it already is. Tables open per game, and deadline firings, come from the table
manager at each scrape. Everything about Discord comes from discord.py's own HTTP session, whose requests the
hooks of ``trace`` hear (``bot/http_hooks.py``):
- an interaction is answered when its callback (``POST /interactions/{id}/{token}/callback``) succeeds;
- its latency runs from its arrival (the ``interaction`` event) to that moment;
- every 429 is counted by its ``X-RateLimit-Scope``, retries included;
- every invalid request as Discord counts them against the process's IP (a 401, a 403 or a 429 but one of scope
  ``shared``: 10,000 in 10 minutes and Discord bans the IP for a while), by status.

Labels carry only fixed words: the interaction type, the rate-limit scope, an HTTP status, a game's name and a
table's status. Never a card, a user, a channel or a token.
"""

from __future__ import annotations

import logging
import re
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.metrics import MetricWrapperBase
from prometheus_client.registry import Collector

from bot.emoji import FACES
from bot.tables import LOBBY, PLAYING, TableManager
from games import game_names

log = logging.getLogger(__name__)
M = TypeVar("M", bound=MetricWrapperBase)

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
KINDS = ("application_command", "component", "modal_submit", "autocomplete")  # discord.InteractionType names
SCOPES = ("user", "global", "shared")  # X-RateLimit-Scope; anything else (none: Cloudflare) counts as "unknown"
INVALID = ("401", "403", "429")  # the HTTP statuses Discord counts as invalid requests
OPEN = (LOBBY, PLAYING)  # the statuses of an open table
LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)  # Discord wants a first answer within 3 s
FORGET_AFTER = 60.0  # seconds after which an unanswered interaction is forgotten (it can no longer be answered)


class Metrics:
    """The process's metrics: ``trace``'s hooks hear the discord.py client's requests, ``arrived`` listens to its
    ``interaction`` event, ``serve(port)`` opens the endpoint and ``stop()`` closes it."""

    def __init__(self, manager: Callable[[], TableManager | None], clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.registry = CollectorRegistry()
        self.answered = self._series(
            Counter,
            "parlor_interactions_answered",
            "Interactions answered (their first answer accepted by Discord), by interaction type",
            "kind",
            KINDS,
        )
        self.latency = self._series(
            Histogram,
            "parlor_answer_latency_seconds",
            "Seconds from an interaction's arrival to its first answer accepted by Discord, by interaction type",
            "kind",
            KINDS,
            buckets=LATENCY_BUCKETS,
        )
        self.rate_limited = self._series(
            Counter,
            "parlor_discord_rate_limited",
            "Discord's 429 answers (discord.py waits and retries), by X-RateLimit-Scope",
            "scope",
            (*SCOPES, "unknown"),
        )
        self.invalid = self._series(
            Counter,
            "parlor_discord_invalid_requests",
            "Invalid requests as Discord counts them per IP (401, 403, and 429 but of scope shared), by HTTP status",
            "status",
            INVALID,
        )
        self.registry.register(TablesCollector(manager))
        self.faces_shown = Gauge(
            "parlor_emoji_faces_shown",
            "Card and tile faces this process shows as application "
            "emoji (found, uploaded or taken from another process's uploads)",
            registry=self.registry,
        )
        self.faces_shown.set_function(lambda: len(FACES.emoji))
        self.arrivals: dict[int, tuple[str, float]] = {}  # interaction id → (kind, arrival), oldest first
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._request_ended)
        self.port: int | None = None  # where the endpoint is served, once it is
        self._runner: web.AppRunner | None = None

    def _series(
        self, kind: type[M], name: str, documentation: str, label: str, values: Sequence[str], **options: Any
    ) -> M:
        """A metric of this process's registry with one label, every series of ``values`` there from the start at
        zero."""
        metric = kind(name, documentation, [label], registry=self.registry, **options)
        for value in values:
            metric.labels(value)
        return metric

    async def arrived(self, interaction: discord.Interaction) -> None:
        now = self.clock()
        while self.arrivals and now - next(iter(self.arrivals.values()))[1] > FORGET_AFTER:
            del self.arrivals[next(iter(self.arrivals))]
        self.arrivals[interaction.id] = (interaction.type.name, now)

    async def _request_ended(self, session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        scope = params.response.headers.get("X-RateLimit-Scope", "")
        if str(status) in INVALID and not (status == 429 and scope == "shared"):
            self.invalid.labels(str(status)).inc()
        if status == 429:
            self.rate_limited.labels(scope if scope in SCOPES else "unknown").inc()
        elif status < 400 and params.method == "POST" and (callback := CALLBACK.search(params.url.path)):
            arrival = self.arrivals.pop(int(callback[1]), None)
            if arrival is not None:
                kind, at = arrival
                self.answered.labels(kind).inc()
                self.latency.labels(kind).observe(self.clock() - at)

    async def serve(self, port: int) -> int | None:
        """Serve ``/metrics`` on every interface at ``port`` (0: any free one); the port served, or None when
        it cannot be opened (logged: the bot plays on without metrics)."""
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            listening = socket.create_server(("", port))
        except OSError as error:
            await runner.cleanup()
            log.error(
                "Prometheus metrics cannot be served on port %d: %s (PARLOR_METRICS_PORT)",
                port,
                error.strerror or error,
            )
            return None
        await web.SockSite(runner, listening).start()
        self._runner, self.port = runner, listening.getsockname()[1]
        log.info("Prometheus metrics at http://0.0.0.0:%d/metrics", self.port)
        return self.port

    async def _scrape(self, request: web.Request) -> web.Response:
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        return web.Response(body=encode(self.registry), headers={"Content-Type": content_type})

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner, self.port = None, None


class TablesCollector(Collector):
    """Read at each scrape from the table manager: open tables by game and status, and deadline firings."""

    def __init__(self, manager: Callable[[], TableManager | None]) -> None:
        self.manager = manager

    def collect(self) -> Iterator[Metric]:
        manager = self.manager()
        tables = list(manager.tables.values()) if manager is not None else []
        counts: dict[tuple[str, str], int] = {}
        for table in tables:
            if table.status in OPEN:
                counts[table.game.name, table.status] = counts.get((table.game.name, table.status), 0) + 1
        gauge = GaugeMetricFamily(
            "parlor_tables_open", "Tables open (in a lobby or playing), by game and status", labels=["game", "status"]
        )
        for game in sorted(set(game_names()) | {game for game, _ in counts}):
            for status in OPEN:
                gauge.add_metric([game, status], counts.get((game, status), 0))
        yield gauge
        yield CounterMetricFamily(
            "parlor_deadlines_fired",
            "Decisions whose time ran out (Parlor's bot played them)",
            value=manager.deadlines_fired if manager is not None else 0,
        )
