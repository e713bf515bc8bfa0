"""A league night on the playground page in headless Chromium: Alice (Manage Server) posts a sign-up, six
people join by its button, and her swiss draw seats them at two sanma tables in threads; then she pauses the
first table. The page shows the sign-up with its names and buttons, the draw with its seed, tables and threads,
and the paused table in its thread; screenshots of the three go to the test's tmp folder, and to
``$PARLOR_SCREENSHOT`` when it is a folder (``PARLOR_SCREENSHOT=docs`` refreshes the README's
``docs/league-signup.png``, ``docs/league-draw.png`` and ``docs/league-paused.png``). Needs Debian's Chromium, as
``test_browser.py``."""

from __future__ import annotations

import os
import shutil
from functools import partial
from pathlib import Path

from bot.league import nights

from .browsing import open_page, start_playground, synced
from .test_browser import CHROMIUM, CHROMIUM_ARGS, async_api

PEOPLE = ("Bob", "Carol", "Dan", "Erin", "Frank")


async def test_a_sign_up_and_its_draw_on_the_page(tmp_path):
    running = await start_playground(tmp_path, turn_seconds=600, first_seed=7, bot_delay=0.0)
    fake, bot = running.fake, running.bot
    alice = fake.user("Alice")
    people = [alice] + [fake.user(n) if n in ("Bob", "Carol") else fake.add_user(n) for n in PEOPLE]
    posted = await alice.slash("league", "signup", game="sanma")
    for person in people:
        await person.click(posted.message, "Join")
    await fake.wait_idle()
    shots = {}
    async with async_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page, errors = await open_page(browser, fake, "Alice", {"width": 900, "height": 700})
        caught_up = partial(synced, fake, bot, page)

        await caught_up()
        signup = page.locator(".message", has_text="Signed up (6)").last
        assert await signup.get_by_role("button", name="Join").count() == 1
        for person in people:
            assert person.name in await signup.inner_text()
        shots["league-signup"] = tmp_path / "league-signup.png"
        await signup.screenshot(path=str(shots["league-signup"]))

        drew = await alice.slash("league", "draw", method="swiss")
        await caught_up()
        record = (await nights.rounds(bot.store, (await nights.latest_signup(bot.store, fake.guild.id)).id))[0]
        draw = page.locator(".message", has_text=f"seed {record.seed}").last
        text = await draw.inner_text()
        assert "Table 1" in text and "Table 2" in text and "round 1" in text, text
        assert drew.message is not None
        shots["league-draw"] = tmp_path / "league-draw.png"
        await draw.screenshot(path=str(shots["league-draw"]))

        first = min((t for t in bot.tables.tables.values() if t.status == "playing"), key=lambda t: t.id)
        paused = await alice.slash(
            "league", "table", "pause", _channel=first.channel_id, reason="Erin's connection dropped"
        )
        assert paused.ephemeral and "is paused" in paused.content, paused.content
        await page.goto(f"http://127.0.0.1:{fake.port}/?as=Alice&channel={first.channel_id}")
        await page.wait_for_selector("#bot-status.online")
        await caught_up()
        table = page.locator(".message", has_text="Paused by Alice").last
        assert "moves wait until an officer resumes the table" in await table.inner_text()
        await page.set_viewport_size({"width": 900, "height": 1600})  # the whole table message, below the header
        await caught_up()
        shots["league-paused"] = tmp_path / "league-paused.png"
        await table.screenshot(path=str(shots["league-paused"]))
        assert errors == []
        await browser.close()

    await running.stop()
    folder = os.environ.get("PARLOR_SCREENSHOT")
    for shot in shots.values():
        assert shot.stat().st_size > 5_000
        if folder and Path(folder).is_dir():
            shutil.copyfile(shot, Path(folder) / shot.name)
