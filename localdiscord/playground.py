"""Running Parlor against the embedded local Discord: ``python -m bot`` without a token starts
:func:`main_playground`, which serves the playground page (see ``page.py``) and keeps the channel
in a state file next to the database (see ``persist.py``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.logs import configure_logging
from bot.main import ParlorBot
from bot.settings import DEFAULT_DB, Settings

from .clients import start_client
from .fake import LocalDiscord
from .page import serve_page
from .persist import StateError, StateFile, fix_attachment_urls

DEFAULT_USERS = (("Alice", True), ("Bob", False), ("Carol", False))


def state_path(database: Path | str) -> Path:
    """Where the playground keeps its channel: next to the bot's database file, or in the data folder
    (data/parlor.playground.json) when the database is a PostgreSQL URL."""
    beside = DEFAULT_DB if isinstance(database, str) else database
    return beside.with_name(beside.stem + ".playground.json")


async def run_playground(
    settings: Settings,
    *,
    stop: asyncio.Event | None = None,
    announce: Callable[[str], None] = print,
    handle_signals: bool = True,
    on_ready: Callable[[LocalDiscord, Any], None] | None = None,
) -> int:
    """Start the local Discord (page included) and Parlor connected to it; run until ``stop`` is set,
    SIGINT/SIGTERM arrives (with ``handle_signals``) or the bot dies. ``on_ready(fake, bot)`` is
    called once the page is up and the bot connected. Returns a process exit code."""
    opened = await _open_world(settings, announce)
    if opened is None:
        return 2
    fake, state = opened
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    handled = _stop_on_signals(loop, stop) if handle_signals else []
    run = None
    code = 0
    try:
        bot = ParlorBot(
            dataclasses.replace(settings, dev_guild=fake.guild.id, shards=None),  # one local server
            force_sync=True,
        )  # local: always
        try:
            run = await start_client(fake, bot, token="playground", timeout=60)
        except (RuntimeError, TimeoutError) as e:
            announce(f"Parlor could not connect to its local playground: {e}")
            return 1
        announce(_welcome(f"http://127.0.0.1:{fake.port}", state.path))
        if on_ready is not None:
            on_ready(fake, bot)
        waiter = asyncio.ensure_future(stop.wait())
        await asyncio.wait({waiter, run.task}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if run.crashed is not None:
            announce(f"Parlor stopped: {run.crashed!r}")
            code = 1
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)
        if run is not None:
            await run.stop()
        await state.close()
        await fake.stop()
    return code


async def _open_world(settings: Settings, announce: Callable[[str], None]) -> tuple[LocalDiscord, StateFile] | None:
    """The local Discord serving its page, its channel as it was kept (or new, with the default users), saved from
    now on; None when it cannot start (the reason announced)."""
    fake = serve_page(LocalDiscord(guild_name="Parlor Playground", channels=("general", "games")))
    state = StateFile(fake, state_path(settings.database))
    try:
        restored = state.load()
    except StateError as e:
        announce(f"Parlor cannot start the playground: {e}")
        return None
    if not restored:
        for name, manager in DEFAULT_USERS:
            fake.add_user(name, manage_guild=manager)
    try:
        await fake.start(port=settings.playground_port)
    except OSError as e:
        announce(
            f"Parlor cannot start the playground on 127.0.0.1:{settings.playground_port}: {e.strerror or e}. "
            f"Set PARLOR_PLAYGROUND_PORT in .env to a free port."
        )
        return None
    fix_attachment_urls(fake)
    fake.patch_discord()
    state.follow()
    state.save()
    return fake, state


def _stop_on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> list[signal.Signals]:
    """SIGINT and SIGTERM set ``stop``; the signals handled (none outside the main thread, or on Windows)."""
    handled = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
            handled.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or Windows
            pass
    return handled


def _welcome(url: str, kept_in: Path) -> str:
    return (
        f"No DISCORD_TOKEN is set, so Parlor is running in its local playground: open {url} in your browser "
        f"(pick who you are at the left, type / for the commands, e.g. /play koikoi). "
        f"The channel is kept in {kept_in}.\n"
        f"To run Parlor on real Discord instead, put your bot token after DISCORD_TOKEN= in .env "
        f"(copy .env.example; Discord Developer Portal → your application → Bot → Reset Token) and restart. "
        f"Press Ctrl+C to stop."
    )


def main_playground(settings: Settings) -> int:
    try:
        return asyncio.run(run_playground(settings, announce=lambda text: print(text, flush=True)))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":  # pragma: no cover
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    sys.exit(main_playground(settings))
