"""Parlor's logging, the same for every entry point: the bot, the playground and the tests.

No log line may show a hand, a seed before its reveal, or a table's snapshot, at any level
(docs/design.md §4). Parlor's own loggers never format a state, an action or a seat's cards; some
libraries do below a certain level, so each of them is held at that level or above whatever
level is asked for. A level set on the logger itself holds however the records travel: through
the root logger at DEBUG, to any handler, and for the logger's children (``discord.webhook``
covers ``discord.webhook.async_``).

Looked at and left alone, as they show nothing hidden: ``discord.client`` and ``discord.state``
(event names and ids), ``discord.ui`` (custom ids of stored views only; Parlor's buttons are
dynamic items), ``aiohttp.access`` (the local Discord and the playground turn it off; it shows
request lines, never bodies), ``asyncio`` (it shows callback arguments only in its own debug
mode, PYTHONASYNCIODEBUG, which Parlor never turns on). Errors that end in a traceback show the
exception's message: the game states hide their input in validation errors for that reason.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

# logger -> the lowest level it may log at, and why.
SECRET_CARRIERS: dict[str, int] = {
    # DEBUG "WebSocket Event: …" dumps every gateway payload; INTERACTION_CREATE carries the
    # message that was clicked: a private hand panel, its cards in labels and custom ids.
    "discord.gateway": logging.INFO,
    # DEBUG logs every request body and every response of the REST API: the channel messages
    # today, and any private message (a DM) Parlor would send.
    "discord.http": logging.INFO,
    # Interaction answers, follow-ups and edits (every hand panel) travel through the webhook
    # routes; their DEBUG lines name only the URL today, and must never show more.
    "discord.webhook": logging.INFO,
    # DEBUG logs every statement with its parameters: the master seed and whole snapshots
    # (every hand and the deck) as tables are stored.
    "aiosqlite": logging.INFO,
}


def configure_logging(level: str | int | None = None) -> None:
    """Hold the loggers that carry hidden information at their safe level or above. With a
    ``level`` (``python -m bot``, the playground), first log at that level to stderr, unless a
    handler is already installed (as pytest does). ParlorBot calls it bare, so that a bot made
    by any other program or test is covered whatever that program did with the root logger."""
    root = logging.getLogger()
    if level is not None:
        logging.basicConfig(level=level, format=FORMAT)
        root.setLevel(level)  # basicConfig leaves the level alone when a handler already exists
    for name, lowest in SECRET_CARRIERS.items():
        logging.getLogger(name).setLevel(max(lowest, root.level))
