"""Acceptance: Parlor in local mode, its page in headless Chromium, a Koi-Koi table played by clicks
as two users — and neither user's hand panel ever reaches the other user's page. Also: what the
page renders, and the bot's suggestions while a required option is typed.

Needs Debian's Chromium (``apt-get install chromium``); Playwright drives it (``executable_path``),
so no browser is downloaded. A screenshot of the table in progress is written to the test's tmp
folder, and also to ``$PARLOR_SCREENSHOT`` when set (a file, or a folder: ``PARLOR_SCREENSHOT=docs`` writes
``docs/playground.png``).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from functools import partial
from pathlib import Path

import pytest

from .browsing import start_playground, synced

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not CHROMIUM.exists():
    pytest.skip(
        "the browser test needs Debian's Chromium at /usr/bin/chromium: install it with "
        "`apt-get install chromium` (as root), then run the tests again",
        allow_module_level=True,
    )
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


async def held(route) -> None:
    """A request the browser sends a while after the click, as on a machine busy with other work (the test must
    wait for what it clicked, not only for the bot and the fake to look idle)."""
    await asyncio.sleep(0.3)
    await route.continue_()


async def test_koikoi_by_clicks_in_chromium_keeps_each_hand_private(tmp_path):
    running = await start_playground(tmp_path, turn_seconds=300, first_seed=3)  # a fixed deal: the same game every run
    fake, bot = running.fake, running.bot
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
            await page.route("**/playground/api/click", held)  # a busy machine: clicks reach the playground late
            await page.goto(f"{url}/?as={name}")
            await page.wait_for_selector("#bot-status.online")
            pages[name] = page
        a, b = pages["Alice"], pages["Bob"]

        caught_up = partial(synced, fake, bot)

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
        await caught_up(a, b)
        await a.locator(".message", has_text="Koi-Koi — table open").get_by_role("button", name="Start").click()
        await caught_up(a, b)

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
                await (
                    page.locator(".message", has=page.get_by_role("button", name="My hand"))
                    .last.get_by_role("button", name="My hand")
                    .click()
                )
                await caught_up(page)
                assert "Only you can see this" in await panel.inner_text()
            if not shot and who.group(1) == "Alice":
                await page.screenshot(path=str(tmp_path / "playground.png"))
                shot = True
            version = table.version
            await actions.first.click()
            await caught_up(a, b)
            assert table.version > version, "the click was played before the test went on"
            turns += 1
            # a card that stayed in a hand across the step must not show on the other player's page
            after = table.game.hidden_cards(table.state) if table.state is not None else {}
            for user, other in ((alice, b), (bob, a)):
                seat = table.seat_of(user.id)
                hidden = set(concealed_before.get(seat, [])) & set(after.get(seat, []))
                shown = await other.locator("#messages").inner_text()
                for code in hidden:
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(code)}(?![0-9A-Za-z])", shown), (
                        f"{user.name}'s concealed {code} is on the other page"
                    )
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

    await running.stop()
    picture = tmp_path / "playground.png"
    assert picture.stat().st_size > 10_000
    if target := os.environ.get("PARLOR_SCREENSHOT"):  # a file, or a folder (the five games' test writes there too)
        shutil.copyfile(picture, Path(target) / picture.name if Path(target).is_dir() else target)


# ----------------------------------------------------------------------------- what the page renders


def showcase_bot(guild_id: int):
    """A small bot whose one message uses every kind of thing the page must render."""
    import io
    import time

    import discord
    from discord.ext import commands

    from .test_api import Amount  # the number prompt of the API's tests

    png = bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478"
        "da63fccf004003000484018084a98c210000000049454e44ae426082"
    )

    class Showcase(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)
            self.add_item(discord.ui.Button(label="Docs", url="https://example.invalid/docs"))

        @discord.ui.button(label="Blue", emoji="🎴", style=discord.ButtonStyle.primary, custom_id="blue")
        async def blue(self, interaction: discord.Interaction, _) -> None:
            await interaction.response.send_modal(Amount())

        @discord.ui.button(label="Green", style=discord.ButtonStyle.success, custom_id="green")
        async def green(self, interaction: discord.Interaction, _) -> None:
            await interaction.response.send_message("only **for** you", ephemeral=True)

        @discord.ui.button(label="Red", style=discord.ButtonStyle.danger, custom_id="red")
        async def red(self, interaction: discord.Interaction, _) -> None:
            await interaction.response.defer()
            await interaction.message.delete()

        @discord.ui.button(label="Off", disabled=True, custom_id="off")
        async def off(self, interaction: discord.Interaction, _) -> None:  # pragma: no cover
            pass

        @discord.ui.select(
            custom_id="pick",
            placeholder="Pick up to two",
            min_values=1,
            max_values=2,
            row=2,
            options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
        )
        async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
            await interaction.response.send_message("picked " + "+".join(select.values))

    class Bot(commands.Bot):
        def __init__(self, users: dict) -> None:
            super().__init__(command_prefix="!", intents=discord.Intents.none(), chunk_guilds_at_startup=False)
            self.users_ = users

        async def setup_hook(self) -> None:
            @self.tree.command(name="show", description="Everything at once")
            async def show(interaction: discord.Interaction) -> None:
                soon = int(time.time()) + 120
                embed = discord.Embed(title="The title", description="A *described* thing", colour=0xFF0000)
                embed.set_author(name="An author")
                embed.add_field(name="Left", value="1", inline=True).add_field(name="Right", value="2", inline=True)
                embed.add_field(name="Wide", value="three", inline=False)
                embed.set_footer(text="The footer").set_image(url="attachment://pic.png")
                await interaction.response.send_message(
                    f"**bold** *it* `code` <@{self.users_['Bob']}> <#{interaction.channel_id}> ends <t:{soon}:R>",
                    embed=embed,
                    file=discord.File(io.BytesIO(png), "pic.png"),
                    view=Showcase(),
                )

            @self.tree.command(name="later", description="A message, then an edit")
            async def later(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("first")
                await interaction.edit_original_response(content="second")

            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    return Bot


async def test_the_page_renders_what_discord_would(tmp_path):
    from localdiscord import LocalDiscord, run_client
    from localdiscord.page import serve_page

    async with serve_page(LocalDiscord()) as fake:
        alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
        bot = showcase_bot(fake.guild.id)({"Alice": alice.id, "Bob": bob.id})
        async with run_client(fake, bot), async_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            errors: list[str] = []
            pages = {}
            for name in ("Alice", "Bob"):
                context = await browser.new_context(viewport={"width": 1200, "height": 1000})
                page = await context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(f"{fake.base_url}/?as={name}")
                await page.wait_for_selector("#bot-status.online")
                pages[name] = page
            a, b = pages["Alice"], pages["Bob"]

            async def caught_up(*ps) -> None:
                await fake.wait_idle()
                for pg in ps:
                    await pg.wait_for_function("r => Number(document.body.dataset.revision) >= r", arg=fake.revision)

            await a.fill("#composer-input", "/sh")
            await a.keyboard.press("Enter")  # picks the highlighted command
            await a.click("#cmd-form button[type=submit]")
            await caught_up(a, b)
            msg = b.locator(".message", has_text="The title")
            assert await msg.locator(".used").inner_text() == "Alice used /show"
            assert await msg.locator(".content strong").inner_text() == "bold"
            assert await msg.locator(".content em").inner_text() == "it"
            assert await msg.locator(".content code").inner_text() == "code"
            assert await msg.locator(".mention").all_inner_texts() == ["@Bob", "#general"]
            assert await msg.locator(".ts").inner_text() == "in 2 minutes"
            embed = msg.locator(".embed")
            assert await embed.evaluate("e => getComputedStyle(e).borderLeftColor") == "rgb(255, 0, 0)"
            assert await embed.locator(".embed-author").inner_text() == "An author"
            assert await embed.locator(".embed-description em").inner_text() == "described"
            assert await embed.locator(".embed-field.inline").count() == 2
            assert await embed.locator(".embed-field:not(.inline) .embed-field-value").inner_text() == "three"
            assert await embed.locator(".embed-footer").inner_text() == "The footer"
            await b.wait_for_function("() => document.querySelector('.embed-image')?.naturalWidth === 1")
            assert await msg.locator(".attachment-file").count() == 0  # the embed shows the picture
            blue = msg.get_by_role("button", name="Blue")
            assert "s1" in await blue.get_attribute("class") and "🎴" in await blue.inner_text()
            assert "s3" in await msg.get_by_role("button", name="Green").get_attribute("class")
            assert "s4" in await msg.get_by_role("button", name="Red").get_attribute("class")
            assert await msg.get_by_role("button", name="Off").is_disabled()
            assert await msg.locator("a.btn.s5").get_attribute("href") == "https://example.invalid/docs"
            await b.screenshot(path=str(tmp_path / "showcase.png"))

            # a multi-choice menu: open, pick two, done
            await msg.locator(".select-head").click()
            await msg.locator('.select-option[data-value="a"]').click()
            await msg.locator('.select-option[data-value="c"]').click()
            await msg.get_by_role("button", name=re.compile(r"^Done")).click()
            await caught_up(a, b)
            assert await a.locator(".message", has_text="picked a+c").count() == 1

            # an ephemeral answer: marked, and only on the clicker's page
            await b.locator(".message", has_text="The title").get_by_role("button", name="Green").click()
            await caught_up(a, b)
            private = b.locator('.message[data-ephemeral="true"]', has_text="only for you")
            assert "Only you can see this" in await private.inner_text()
            assert await private.locator("strong").inner_text() == "for"
            assert await a.locator(".message", has_text="only for you").count() == 0

            # a modal: the bot asks for a number
            await a.locator(".message", has_text="The title").get_by_role("button", name="Blue").click()
            await a.wait_for_selector("#modal-backdrop:not([hidden])")
            assert await a.locator("#modal h2").inner_text() == "How many?"
            await a.fill("#modal input", "7")
            await a.click("#modal button[type=submit]")
            await caught_up(a, b)
            assert await a.locator("#modal-backdrop").is_hidden()
            got = a.locator('.message[data-ephemeral="true"]', has_text="got 7")
            await got.wait_for()
            await got.get_by_text("Dismiss message").click()
            assert await got.count() == 0

            # an edit and a delete
            await a.fill("#composer-input", "/later")
            await a.click('#cmd-menu [data-command="later"]')
            await a.click("#cmd-form button[type=submit]")
            await caught_up(a, b)
            assert "(edited)" in await b.locator(".message", has_text="second").inner_text()
            await a.locator(".message", has_text="The title").get_by_role("button", name="Red").click()
            await caught_up(a, b)
            assert await b.locator(".message", has_text="The title").count() == 0

            # a plain message with markdown, then who am I: switch to Bob, add Dave
            await a.fill("#composer-input", "hello __there__ ||secret||")
            await a.keyboard.press("Enter")
            await caught_up(a, b)
            said = b.locator(".message", has_text="hello")
            assert await said.locator("u").inner_text() == "there" and await said.locator(".spoiler").count() == 1
            await a.select_option("#user-picker", str(bob.id))
            await a.wait_for_function("() => new URLSearchParams(location.search).get('as') === 'Bob'")
            await a.locator('.message[data-ephemeral="true"]', has_text="only for you").wait_for()
            await a.fill("#new-user-name", "Dave")
            await a.click("#add-user button")
            await a.wait_for_selector("#user-picker option:text('Dave')", state="attached")
            await a.screenshot(path=str(tmp_path / "rendering.png"))
            assert errors == []
            await browser.close()
        fake.assert_clean()


async def test_typing_a_required_option_shows_the_bots_suggestions(tmp_path):
    from localdiscord import LocalDiscord, run_client
    from localdiscord.page import serve_page

    from .conftest import make_bot

    async with serve_page(LocalDiscord()) as fake:
        fake.add_user("Alice")
        async with run_client(fake, make_bot(fake, tmp_path / "parlor.sqlite3")), async_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = await (await browser.new_context()).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(f"{fake.base_url}/?as=Alice")
            await page.wait_for_selector("#bot-status.online")
            await page.fill("#composer-input", "/rules")
            await page.click('#cmd-menu [data-command="rules"]')
            await page.fill('#cmd-form input[name="game"]', "hachi")  # /rules' game is required
            # the suggestions for what was typed, not those asked for when the field took the focus (nothing typed:
            # every game), even when that answer comes last
            await page.wait_for_function(
                "() => [...document.querySelectorAll('#ac-game option')].length === 1", timeout=10_000
            )
            offered = await page.locator("#ac-game option").evaluate_all("os => os.map(o => o.value)")
            assert offered == ["hachihachi"]
            assert not errors
            await browser.close()
