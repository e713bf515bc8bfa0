"""A league night on the playground page in headless Chromium: Alice (Manage Server) posts a sign-up, six
people join by its button, and her swiss draw seats them at two sanma tables in threads; then she pauses the
first table. The page shows the sign-up with its names and buttons, the draw with its seed, tables and threads,
and the paused table in its thread; screenshots of the three go to the test's tmp folder, and to
``$PARLOR_SCREENSHOT`` when it is a folder (``PARLOR_SCREENSHOT=docs`` refreshes the README's
``docs/league-signup.png``, ``docs/league-draw.png`` and ``docs/league-paused.png``). Needs Debian's Chromium, as
``test_browser.py``."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

from bot.league import nights
from bot.settings import Settings
from localdiscord.playground import run_playground

from .test_browser import CHROMIUM, CHROMIUM_ARGS, async_api

PEOPLE = ("Bob", "Carol", "Dan", "Erin", "Frank")


async def test_a_sign_up_and_its_draw_on_the_page(tmp_path):
    settings = Settings(token=None, database=tmp_path / "parlor.sqlite3", dev_guild=None, log_level="INFO",
                        turn_seconds=600, playground_port=0)
    seeds = iter(f"{n:032x}" for n in range(7, 1000))
    ready: asyncio.Future = asyncio.get_running_loop().create_future()

    def on_ready(fake, bot):
        bot.tables.new_seed = lambda: next(seeds)
        bot.tables.bot_delay = 0.0
        ready.set_result((fake, bot))

    stop = asyncio.Event()
    server = asyncio.create_task(run_playground(settings, stop=stop, announce=lambda _: None,
                                                handle_signals=False, on_ready=on_ready))
    fake, bot = await asyncio.wait_for(asyncio.shield(ready), 60)
    alice = fake.user("Alice")
    people = [alice] + [fake.user(n) if n in ("Bob", "Carol") else fake.add_user(n) for n in PEOPLE]
    posted = await alice.slash("league", "signup", game="sanma")
    for person in people:
        await person.click(posted.message, "Join")
    await fake.wait_idle()
    shots = {}
    async with async_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = await (await browser.new_context(viewport={"width": 900, "height": 700})).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        await page.goto(f"http://127.0.0.1:{fake.port}/?as=Alice")
        await page.wait_for_selector("#bot-status.online")

        async def caught_up() -> None:
            await fake.wait_idle()
            await bot.tables.idle()
            await page.wait_for_function("rev => Number(document.body.dataset.revision) >= rev", arg=fake.revision)

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
        paused = await alice.slash("league", "table", "pause", _channel=first.channel_id,
                                   reason="Erin's connection dropped")
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

    stop.set()
    assert await asyncio.wait_for(server, 30) == 0
    fake.assert_clean()
    folder = os.environ.get("PARLOR_SCREENSHOT")
    for shot in shots.values():
        assert shot.stat().st_size > 5_000
        if folder and Path(folder).is_dir():
            shutil.copyfile(shot, Path(folder) / shot.name)
