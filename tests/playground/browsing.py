"""Parlor in local mode as the browser tests run it: the playground on a database of the test's own, and its
page opened in headless Chromium as one user."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.main import ParlorBot
from bot.settings import Settings
from localdiscord import LocalDiscord
from localdiscord.playground import run_playground


@dataclass
class Playground:
    """``python -m bot`` without a token, running in the test's event loop."""

    fake: LocalDiscord
    bot: ParlorBot
    stopping: asyncio.Event
    server: asyncio.Task[int]

    async def stop(self) -> None:
        """Stop it as Ctrl-C does: it must end with 0, the fake Discord clean."""
        self.stopping.set()
        assert await asyncio.wait_for(self.server, 30) == 0
        self.fake.assert_clean()


async def start_playground(
    folder: Path, *, turn_seconds: int, first_seed: int, bot_delay: float | None = None
) -> Playground:
    """The playground on ``folder/parlor.sqlite3``, its tables dealt from the seeds counted from ``first_seed`` (the
    same deals every run), its bots waiting ``bot_delay`` seconds (None: as configured)."""
    settings = Settings(
        token=None,
        database=folder / "parlor.sqlite3",
        dev_guild=None,
        log_level="INFO",
        turn_seconds=turn_seconds,
        playground_port=0,
    )
    seeds = iter(f"{n:032x}" for n in range(first_seed, first_seed + 1000))
    ready: asyncio.Future[tuple[LocalDiscord, ParlorBot]] = asyncio.get_running_loop().create_future()

    def on_ready(fake: LocalDiscord, bot: ParlorBot) -> None:
        bot.tables.new_seed = lambda: next(seeds)
        if bot_delay is not None:
            bot.tables.bot_delay = bot_delay
        ready.set_result((fake, bot))

    stopping = asyncio.Event()
    server = asyncio.create_task(
        run_playground(settings, stop=stopping, announce=lambda _: None, handle_signals=False, on_ready=on_ready)
    )
    fake, bot = await asyncio.wait_for(asyncio.shield(ready), 60)
    return Playground(fake, bot, stopping, server)


async def open_page(browser: Any, fake: LocalDiscord, user: str, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    """The playground's page as ``user`` sees it, the bot shown online, and the list its script errors go to."""
    page = await (await browser.new_context(viewport=viewport)).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(f"http://127.0.0.1:{fake.port}/?as={user}")
    await page.wait_for_selector("#bot-status.online")
    return page, errors


async def synced(fake: LocalDiscord, bot: ParlorBot, *pages: Any) -> None:
    """What ``pages`` sent (a click...) answered, every call answered, every table idle, and each page showing the
    fake's latest revision. A click leaves the browser after Playwright's ``click`` returns, and on a busy machine it
    can reach the playground after the fake looked idle: waiting for the fake alone would go on with the table as it
    was before the click, and click again while the page redraws what the first click changed."""
    for page in pages:
        await page.wait_for_function("() => document.body.dataset.sending === '0'")
    await fake.wait_idle()
    await bot.tables.idle()
    for page in pages:
        await page.wait_for_function("rev => Number(document.body.dataset.revision) >= rev", arg=fake.revision)
