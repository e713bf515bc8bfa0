"""discord.py's HTTP requests announced to Parlor's hooks (the global pacer, the metrics, the command sync) without
aiohttp's tracing.

Given to aiohttp as a ``TraceConfig``, the hooks made every request of the session traced: aiohttp then builds a
``Trace`` per request and sends it eight or more signals (the connection queued and reused, the headers sent, each
chunk of the body sent and of the answer received, the end), each with its parameters object and its URL rebuilt
with the query; that cost a Discord call about 40 % of its CPU on the event loop (``bench_discord_calls``), for
three hooks that listen to a request's start, end and failure only. :class:`HookedSession` stands in for
discord.py's session instead and calls those three lists of hooks of the same ``TraceConfig`` itself, with aiohttp's
own parameter objects, around each ``request`` — the method through which discord.py makes its REST calls and its
webhook and interaction calls (retries included, each attempt being a request of its own). What else discord.py does
with its session (the gateway's websocket, closing it) goes to the session as it is, untraced: the gateway's
connection is no API call, which none of the hooks counts.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

import aiohttp
import discord
from multidict import CIMultiDict
from yarl import URL


class HookedSession:
    """discord.py's session, its requests announced to ``trace``'s ``on_request_start`` (awaited before the request
    is sent: the pacer may hold it there), ``on_request_end`` (its answer's status and headers are in) and
    ``on_request_exception`` hooks."""

    def __init__(self, session: aiohttp.ClientSession, trace: aiohttp.TraceConfig) -> None:
        trace.freeze()  # as aiohttp freezes a session's traces: the hooks are all there
        self.session = session
        self.trace = trace

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    def request(self, method: str, url: str | URL, **options: Any) -> HookedRequest:
        return HookedRequest(self, method, url, options)


class HookedRequest:
    """One request (``async with session.request(…) as response``), announced to the hooks as aiohttp's trace did."""

    def __init__(self, hooked: HookedSession, method: str, url: str | URL, options: dict[str, Any]) -> None:
        self.hooked = hooked
        self.method = method
        self.url = url
        self.options = options
        self.request: Any = None

    async def __aenter__(self) -> aiohttp.ClientResponse:
        session, trace = self.hooked.session, self.hooked.trace
        url = URL(self.url)
        headers = CIMultiDict(self.options.get("headers") or {})
        context = trace.trace_config_ctx()
        await trace.on_request_start.send(session, context, aiohttp.TraceRequestStartParams(self.method, url, headers))
        try:
            self.request = session.request(self.method, self.url, **self.options)
            response = await self.request.__aenter__()
        except BaseException as error:
            params = aiohttp.TraceRequestExceptionParams(self.method, url, headers, error)
            await trace.on_request_exception.send(session, context, params)
            raise
        await trace.on_request_end.send(
            session, context, aiohttp.TraceRequestEndParams(self.method, url, headers, response)
        )
        return response

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.request.__aexit__(kind, error, traceback)


def hook_requests(http: discord.http.HTTPClient, trace: aiohttp.TraceConfig) -> None:
    """The requests ``http`` makes from now on (and the interactions' and webhooks' requests, which take its session)
    announced to ``trace``'s hooks by a :class:`HookedSession`, no longer traced by aiohttp.

    discord.py takes no session of its caller's: it makes its own as it logs in, and sends its first requests (its
    user, its application) at once. Given ``trace`` as the client's ``http_trace``, aiohttp traces those (the pacer
    counts them: Discord does); once logged in, the session is hooked instead, and aiohttp's tracing of it is turned
    off. Both are private attributes (discord.py's session, aiohttp's list of traces), set here only."""
    session = http._HTTPClient__session  # type: ignore[attr-defined]  # discord.py's own, made as it logged in
    if isinstance(session, HookedSession):  # (hooked once, however often the client's set-up runs)
        return
    assert trace in session.trace_configs, "the client traces its login's requests with the same hooks"
    session._trace_configs = []  # its requests announced by the HookedSession from now on, not traced twice
    http._HTTPClient__session = HookedSession(session, trace)  # type: ignore[attr-defined]  # (the same)
