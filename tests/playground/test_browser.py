"""Acceptance: Parlor in local mode, its page in headless Chromium, a Koi-Koi table played by clicks
as two users — and neither user's hand panel ever reaches the other user's page.

Needs Debian's Chromium (``apt-get install chromium``); Playwright drives it (``executable_path``),
so no browser is downloaded. A screenshot of the table in progress is written to the test's tmp
folder, and also to ``$PARLOR_SCREENSHOT`` when set (``PARLOR_SCREENSHOT=docs/playground.png``
refreshes the README's picture).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from pathlib import Path

import pytest

from bot.localdiscord.playground import run_playground
from bot.settings import Settings

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not CHROMIUM.exists():
    pytest.skip("the browser test needs Debian's Chromium at /usr/bin/chromium: install it with "
                "`apt-get install chromium` (as root), then run the tests again", allow_module_level=True)
async_api = pytest.importorskip("playwright.async_api", reason="Playwright is missing: pip install -e '.[test]'")

# Every message id (with its ephemeral flag and the user it is for) the page ever showed.
RECORDER = """
window.__seen = new Set();
const record = () => document.querySelectorAll('.message').forEach(
  (n) => window.__seen.add([n.dataset.messageId, n.dataset.ephemeral, n.dataset.for || ''].join('|')));
new MutationObserver(record).observe(document, {subtree: true, childList: true, attributes: true});
"""


async def seen(page) -> list[tuple[str, str, str]]:
    return [tuple(x.split("|")) for x in await page.evaluate("[...window.__seen]")]


async def test_koikoi_by_clicks_in_chromium_keeps_each_hand_private(tmp_path):
    settings = Settings(token=None, database=tmp_path / "parlor.sqlite3", dev_guild=None, log_level="INFO",
                        turn_seconds=300, playground_port=0)
    seeds = iter(f"{n:032x}" for n in range(3, 1000))
    ready: asyncio.Future = asyncio.get_running_loop().create_future()

    def on_ready(fake, bot):
        bot.tables.new_seed = lambda: next(seeds)  # a fixed deal: the same game every run
        ready.set_result((fake, bot))

    stop = asyncio.Event()
    server = asyncio.create_task(run_playground(settings, stop=stop, announce=lambda _: None,
                                                handle_signals=False, on_ready=on_ready))
    fake, bot = await asyncio.wait_for(asyncio.shield(ready), 60)
    url = f"http://127.0.0.1:{fake.port}"
    alice, bob = fake.user("Alice"), fake.user("Bob")
    received: dict[str, list[dict]] = {"Alice": [], "Bob": []}

    async with async_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        pages = {}
        errors: list[str] = []
        for name in ("Alice", "Bob"):
            context = await browser.new_context(viewport={"width": 1280, "height": 1000})
            await context.add_init_script(RECORDER)
            page = await context.new_page()
            page.on("pageerror", lambda e, name=name: errors.append(f"{name}: {e}"))

            async def keep(response, name=name):
                if "/playground/api/state" in response.url and response.ok:
                    received[name].append(await response.json())

            page.on("response", keep)
            await page.goto(f"{url}/?as={name}")
            await page.wait_for_selector("#bot-status.online")
            pages[name] = page
        a, b = pages["Alice"], pages["Bob"]

        async def caught_up(page) -> None:
            """Wait until the bot is idle and the page shows the newest state."""
            await fake.wait_idle()
            await bot.tables.idle()
            await page.wait_for_function("rev => Number(document.body.dataset.revision) >= rev", arg=fake.revision)

        # Alice opens a table from the slash-command menu, with an option typed in
        await a.fill("#composer-input", "/play ko")
        await a.click('#cmd-menu [data-command="play koikoi"]')
        await a.fill('#cmd-form input[name="players"]', "2")
        await a.select_option('#cmd-form select[name="viewing_yaku"]', "true")
        await a.click("#cmd-form button[type=submit]")
        lobby = b.locator(".message", has_text="Koi-Koi — table open")
        await lobby.wait_for()
        assert "Alice used /play koikoi" in await lobby.inner_text()
        await lobby.get_by_role("button", name="Join").click()
        await caught_up(a)
        await a.locator(".message", has_text="Koi-Koi — table open").get_by_role("button", name="Start").click()
        await caught_up(a)
        await caught_up(b)

        table = bot.tables.in_channel(fake.channel.id)
        assert table is not None and table.status == "playing"
        turns = 0
        shot = False
        while turns < 6 and table.status == "playing":
            concealed_before = table.game.hidden_cards(table.state)
            text = await a.locator(".message", has=a.get_by_role("button", name="My hand")).last.inner_text()
            who = re.search(r"Turn: @(\w+)", text)
            assert who, text
            page = pages[who.group(1)]
            panel = page.locator('.message[data-ephemeral="true"]', has_text="Your hand").last
            actions = panel.locator('button[data-custom-id*=":a:"]:enabled')
            if not await panel.count() or not await actions.count():
                await page.locator(".message", has=page.get_by_role("button", name="My hand")).last \
                    .get_by_role("button", name="My hand").click()
                await caught_up(page)
                assert "Only you can see this" in await panel.inner_text()
            if not shot and who.group(1) == "Alice":
                await page.screenshot(path=str(tmp_path / "playground.png"))
                shot = True
            await actions.first.click()
            await caught_up(a)
            await caught_up(b)
            turns += 1
            # a card that stayed in a hand across the step must not show on the other player's page
            after = table.game.hidden_cards(table.state) if table.state is not None else {}
            for user, other in ((alice, b), (bob, a)):
                seat = table.seat_of(user.id)
                hidden = set(concealed_before.get(seat, [])) & set(after.get(seat, []))
                shown = await other.locator("#messages").inner_text()
                for code in hidden:
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(code)}(?![0-9A-Za-z])", shown), \
                        f"{user.name}'s concealed {code} is on the other page"
        assert turns >= 4, "the game should have gone on for a few turns"
        if not shot:
            await a.screenshot(path=str(tmp_path / "playground.png"))

        # what each page ever showed, and every state the API sent it: only its own private messages
        panels = {u.name: {str(m.id) for m in fake.all_messages() if m.ephemeral_to == u.id} for u in (alice, bob)}
        assert panels["Alice"] and panels["Bob"], "both players opened their hand panels"
        for me, other in (("Alice", "Bob"), ("Bob", "Alice")):
            me_id, other_id = str(fake.user(me).id), str(fake.user(other).id)
            shown = await seen(pages[me])
            assert {i for i, _, _ in shown} & panels[me], f"{me} saw their own panel"
            assert not {i for i, _, _ in shown} & panels[other], f"{other}'s panel appeared on {me}'s page"
            assert all(f in ("", me_id) for _, eph, f in shown if eph == "true")
            assert received[me]
            for state in received[me]:
                for m in state["messages"]:
                    assert m["id"] not in panels[other]
                    if m["ephemeral"]:
                        assert m["interaction_metadata"]["user"]["id"] == me_id != other_id
        assert errors == []
        await browser.close()

    stop.set()
    assert await asyncio.wait_for(server, 30) == 0
    fake.assert_clean()
    picture = tmp_path / "playground.png"
    assert picture.stat().st_size > 10_000
    if os.environ.get("PARLOR_SCREENSHOT"):
        shutil.copyfile(picture, os.environ["PARLOR_SCREENSHOT"])
