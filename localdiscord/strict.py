"""How strict and how slow the local Discord is: one :class:`Strictness` object (latency per REST call,
rate limits, permission checks; payload limits are always checked, ``validation.py``), the fake clock for long spans (token lifetime,
hour-old messages), Discord's rate-limit buckets with their headers and 429 answers, and fault injection.

The facts follow Discord's documentation (topics/rate-limits, topics/opcodes-and-status-codes,
interactions/receiving-and-responding) and what discord.py's HTTP client reads: a 429 carries
``retry_after`` in its JSON body, a ``Via`` header (without it discord.py takes the 429 for a
Cloudflare ban and raises), ``Retry-After`` and ``X-RateLimit-Scope``; every answer of a limited route
carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``, and discord.py waits by itself when
``Remaining`` reaches 0. Slowmode does not apply to bots (resources/channel: "bots ... are unaffected").
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from dataclasses import dataclass, field, replace

from .errors import DiscordHTTPError

HOUR = 3600.0


@dataclass(frozen=True)
class BucketRule:
    """``limit`` requests per ``per`` seconds, counted per value of the route's top-level resource."""

    limit: int
    per: float


@dataclass(frozen=True)
class Strictness:
    """The fake's realism, one object: ``LocalDiscord(strict=Strictness.discord(latency=0.25))``.

    - ``latency``: seconds every REST call (interaction callbacks and webhooks included) waits before
      it is handled — a real ``asyncio.sleep``;
    - ``rate_limits``: the route buckets below, the hour-old-message edit limit and the global limit;
    - ``permissions``: the bot's channel permissions (roles and overwrites) are checked on channel
      routes (403 50001 / 50013).
    """

    latency: float = 0.0
    rate_limits: bool = False
    permissions: bool = False
    # (method, route template under /api/v10) -> bucket; the template's first {..} is the top-level resource
    buckets: tuple[tuple[str, str, BucketRule], ...] = (
        ("POST", "/channels/{channel_id}/messages", BucketRule(5, 5.0)),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", BucketRule(5, 5.0)),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", BucketRule(5, 1.0)),
        ("POST", "/interactions/{interaction_id}/{token}/callback", BucketRule(5, 2.0)),
        ("*", "/webhooks/{app_id}/{token}", BucketRule(5, 2.0)),
    )
    hour_old_edits: BucketRule = BucketRule(3, 6.0)  # per channel, JSON code 30046
    # Application emoji creation: Discord documents no figure (resources/emoji: emoji routes "do not follow
    # the normal rate limit conventions ... the quota returned by our APIs may be inaccurate"); None is no
    # limit, a test sets one (e.g. BucketRule(20, 3600.0)). Its answers carry no X-RateLimit headers.
    emoji_creates: BucketRule | None = None
    global_limit: BucketRule = BucketRule(50, 1.0)  # every bot call except interaction endpoints
    # Discord's invalid-request limit per IP (401, 403 and 429 answers; fake-clock seconds), and how long the
    # ban past it lasts: the docs say "temporarily" without a figure, so the fake takes an hour
    invalid_requests: BucketRule = BucketRule(10_000, 600.0)
    invalid_ban: float = HOUR

    @classmethod
    def discord(cls, latency: float = 0.0) -> Strictness:
        """Everything on, as Discord is (``latency`` 0 keeps test suites quick)."""
        return cls(latency=latency, rate_limits=True, permissions=True)

    def with_(self, **changes: object) -> Strictness:
        return replace(self, **changes)  # type: ignore[arg-type]


class FakeClock:
    """Time for long spans that a test can move on: ``fake.clock.advance(3600)``. It runs with real
    time and adds what was advanced (token lifetimes and message ages are read from it)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def bucket_hash(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()[:16]


class RateLimited(DiscordHTTPError):
    """A 429 with Discord's body and headers."""

    def __init__(
        self,
        retry_after: float,
        headers: dict[str, str],
        *,
        code: int | None = None,
        message: str = "You are being rate limited.",
        is_global: bool = False,
    ) -> None:
        super().__init__(429, code or 0, message)
        self.retry_after = retry_after
        self.is_global = is_global
        self.headers = dict(headers, **{"Retry-After": str(math.ceil(retry_after)), "Via": "1.1 google"})

    def body(self) -> dict:
        body: dict = {"message": self.message, "retry_after": round(self.retry_after, 3), "global": self.is_global}
        if self.code:
            body["code"] = self.code
        return body


@dataclass
class _Window:
    reset_at: float = 0.0
    used: int = 0


@dataclass
class RateLimiter:
    """Fixed windows per (bucket, top-level resource), in real time (discord.py sleeps real seconds)."""

    windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    hits: list[dict] = field(default_factory=list)  # every 429 answered: route, bucket, retry_after, code
    limits: dict[str, int] = field(default_factory=dict)  # bucket name -> its limit

    def exhausted_until(self) -> float:
        """When the last used-up window resets (monotonic; 0 if none): until then a client such as
        discord.py may hold a request back on its side, so the fake is not idle."""
        return max(
            (w.reset_at for (name, _), w in self.windows.items() if w.used >= self.limits.get(name, 1 << 30)),
            default=0.0,
        )

    def take(
        self,
        name: str,
        major: str,
        rule: BucketRule,
        *,
        scope: str = "user",
        code: int | None = None,
        message: str = "You are being rate limited.",
        is_global: bool = False,
        announced: bool = True,
    ) -> dict[str, str]:
        """Count one request; return the headers to send, or raise :class:`RateLimited`. A limit not
        ``announced`` (no headers: the client learns of it from a 429 only) never makes the fake look busy."""
        now = time.monotonic()
        if announced:
            self.limits[name] = rule.limit
        window = self.windows.setdefault((name, major), _Window())
        if now >= window.reset_at:
            window.reset_at, window.used = now + rule.per, 0
        reset_after = max(window.reset_at - now, 0.001)
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(max(rule.limit - window.used - 1, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(name),
        }
        if window.used >= rule.limit:
            self.hits.append({"bucket": name, "major": major, "retry_after": reset_after, "code": code})
            headers["X-RateLimit-Remaining"] = "0"
            headers["X-RateLimit-Scope"] = scope
            if is_global:
                headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
            raise RateLimited(reset_after, headers, code=code, message=message, is_global=is_global)
        window.used += 1
        return headers


INVALID_STATUSES = (401, 403, 429)


@dataclass
class InvalidRequests:
    """Discord's invalid-request limit (topics/rate-limits, "Invalid Request Limit aka Cloudflare bans"): the 401,
    403 and 429 answers (a 429 of scope ``shared`` is not counted) one IP — the fake's one client — received in a
    sliding window of the fake clock; past the limit every call is answered with Cloudflare's 429 (no ``Via``
    header, a text body: discord.py raises at once) until the ban ends."""

    times: deque[float] = field(default_factory=deque)  # when each invalid answer in the window was given
    by_status: dict[int, int] = field(default_factory=dict)  # every invalid answer ever, by status
    banned_until: float = 0.0
    bans: int = 0

    def banned(self, now: float) -> bool:
        return now < self.banned_until

    def answered(self, status: int, scope: str | None, now: float, rule: BucketRule, ban: float) -> None:
        """Count an answer given at ``now`` (the ban's own answers are not counted: a ban lasts ``ban`` seconds);
        the limit passed starts a ban."""
        if status not in INVALID_STATUSES or (status == 429 and scope == "shared") or self.banned(now):
            return
        self.by_status[status] = self.by_status.get(status, 0) + 1
        self.times.append(now)
        while self.times and self.times[0] <= now - rule.per:
            self.times.popleft()
        if len(self.times) >= rule.limit and not self.banned(now):
            self.banned_until, self.bans = now + ban, self.bans + 1

    @property
    def total(self) -> int:
        return sum(self.by_status.values())


@dataclass
class Fault:
    route: str  # "POST /channels/{channel_id}/messages", or "*" for every route
    status: int
    left: int
    retry_after: float = 1.0  # a 429's wait, sent as Discord sends it (:class:`RateLimited`)

    def answer(self) -> DiscordHTTPError:
        if self.status == 429:
            return RateLimited(self.retry_after, {"X-RateLimit-Scope": "user"})
        return DiscordHTTPError(self.status, 0, f"{self.status}: Server Error")


class Faults:
    """Server errors a test asks for: ``fake.faults.fail_next("POST /channels/{channel_id}/messages", 2, 503)``,
    or rate limits: ``fail_next(route, 1, 429, retry_after=60)``."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []
        self.served: list[str] = []

    def fail_next(self, route: str = "*", times: int = 1, status: int = 500, *, retry_after: float = 1.0) -> None:
        self.pending.append(Fault(route, status, times, retry_after))

    def take(self, method: str, template: str) -> Fault | None:
        for fault in self.pending:
            if fault.left > 0 and fault.route in ("*", f"{method} {template}"):
                fault.left -= 1
                self.served.append(f"{fault.status} {method} {template}")
                return fault
        return None
