"""Acceptance: each of the five games in progress on the playground page in headless Chromium, the
table message showing its picture, and the cards and tiles shown as their faces (application emoji, rendered as images as Discord does): on the buttons
of Alice's hand panel, in her hand line, and on the public table — where every face shown is a card the
game's public view names (no hidden card in any public picture).

Screenshots go to the test's tmp folder, and to ``$PARLOR_SCREENSHOT`` when it is a folder
(``PARLOR_SCREENSHOT=docs`` refreshes the README's pictures, ``docs/<game>.png``). Needs Debian's Chromium,
as ``test_browser.py``.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pydantic_core import to_jsonable_python

from bot.render.pictures import draws_table
from faces import load_manifest
from tests.faces.table_games import panel_board, table_board

from .browsing import open_page, start_playground, synced
from .test_browser import CHROMIUM, CHROMIUM_ARGS, async_api

FACE_OF = {entry["name"]: entry["code"] for entry in load_manifest()["faces"]}
# (game, bots added to Alice's table, the game's /play options)
GAMES = [("koikoi", 1, {}), ("sanma", 2, {}), ("hachihachi", 2, {}), ("blackflower", 2, {}), ("bcpoker", 2, {})]
PANEL = '.message[data-ephemeral="true"]'
# the smallest face a picture may show as displayed (CSS pixels) for its month/number and kind to be read
READABLE = {"sanma": 24, "koikoi": 36, "hachihachi": 36, "blackflower": 36, "bcpoker": 36}
SHOWN = """(i) => { const r = i.getBoundingClientRect();
                    return [r.width, r.height, i.naturalWidth, i.naturalHeight]; }"""


def smallest_shown_face(board, shown: list[float], name: str) -> tuple[float, float]:
    """The smallest face of ``board`` as the page shows its picture (``shown``: displayed width and height,
    natural width and height): the picture is the board's, shown at most 400x300 as Discord's client does."""
    width, height, natural_w, natural_h = shown
    assert natural_h == board.height and natural_w <= 400, (name, shown, board.height)
    scale = width / natural_w
    assert abs(scale - min(1, 400 / natural_w, 300 / natural_h)) < 0.01 and height <= 300.5, (name, shown)
    faces = (
        [(right - left) * scale for left, _, right, _ in board.boxes],
        [(bottom - top) * scale for _, top, _, bottom in board.boxes],
    )
    return min(faces[0]), min(faces[1])


CARD_BUTTONS = 'button[data-custom-id*=":a:"] img.emoji.custom'


def strings(value: Any) -> set[str]:
    """Every string in a JSON value (the card codes a public view names)."""
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("game, bots, options", GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_game_in_progress_shows_its_cards_as_pictures(tmp_path, game, bots, options):
    running = await start_playground(tmp_path, turn_seconds=600, first_seed=7, bot_delay=0.0)  # the same deal every run
    fake, bot = running.fake, running.bot
    await asyncio.wait_for(bot.emoji_sync, 60)
    alice = fake.user("Alice")
    lobby = await alice.slash("play", game, **options)
    for _ in range(bots):
        await alice.click(lobby, "Add bot")
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    table = bot.tables.in_channel(fake.channel.id)
    assert table is not None and table.status == "playing"
    shot = tmp_path / f"{game}.png"

    async with async_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page, errors = await open_page(browser, fake, "Alice", {"width": 1100, "height": 1500})
        caught_up = partial(synced, fake, bot, page)

        panel = page.locator(PANEL, has_text="Only you can see this").last
        for _ in range(12):  # Alice plays the moves without a card (bets, draws, calls) until cards are hers to play
            if not await panel.count():
                await (
                    page.locator(".message", has=page.get_by_role("button", name="My hand"))
                    .last.get_by_role("button", name="My hand")
                    .click()
                )
                await caught_up()
            if await panel.locator(CARD_BUTTONS).count() or (
                game == "blackflower" and await panel.locator(".embed img.emoji.custom").count()
            ):
                break
            moves = panel.locator('button[data-custom-id*=":a:"]:enabled')
            if await moves.count():
                await moves.first.click()
            await caught_up()
        else:
            raise AssertionError(f"Alice's panel never showed her cards: {await panel.inner_text()}")
        await caught_up()
        await page.locator(PANEL).last.scroll_into_view_if_needed()
        await page.screenshot(path=str(shot))

        # Alice's hand is drawn with its faces: in her hand line, and (but in Black Flower, whose buttons are
        # bets and hit/stand) on her card buttons, each face an image the fake serves
        images = panel.locator("img.emoji.custom")
        assert await images.count() >= 2
        if game != "blackflower":
            button_faces = panel.locator(CARD_BUTTONS)
            assert await button_faces.count() >= 2
            labels = await panel.locator('button[data-custom-id*=":a:"]').all_inner_texts()
            assert not any(label.strip().split(" ")[-1] in FACE_OF.values() for label in labels), labels
        loaded = await page.evaluate(
            "() => [...document.querySelectorAll('img.emoji.custom')].every((i) => i.complete && i.naturalWidth > 0)"
        )
        assert loaded, "every face image loads"

        # the table message carries its picture (faces/table.py), shown inside its embed
        table_message = page.locator(".message", has=page.get_by_role("button", name="My hand")).last
        pictures = await table_message.locator(".embed img.embed-image").evaluate_all(
            "(nodes) => nodes.map((i) => [i.src, i.complete && i.naturalWidth > 0])"
        )
        assert draws_table(game) and pictures and all(ok for _, ok in pictures), pictures
        assert pictures[-1][0].endswith("/table.png"), pictures

        # the table picture as shown on the page (at most 400x300, as Discord's client shows an embed image):
        # every card on it is shown large enough to read its month (its number) and its kind
        shown = await table_message.locator(".embed img.embed-image").last.evaluate(SHOWN)
        board = table_board(game, table.game.public_view(table.state))
        card_w, card_h = smallest_shown_face(board, shown, "table")
        print(
            f"{game}: table picture {shown[2]}x{shown[3]} shown {shown[0]:.0f}x{shown[1]:.0f}, "
            f"smallest card shown {card_w:.1f}x{card_h:.1f} px"
        )
        assert card_h >= READABLE[game], (game, card_w, card_h)
        panel_shown = await panel.locator(".embed img.embed-image").last.evaluate(SHOWN)
        seat = table.seat_of(alice.id)
        panel_drawn = panel_board(game, table.game.view(table.state, seat))
        panel_w, panel_h = smallest_shown_face(panel_drawn, panel_shown, "panel")
        print(
            f"{game}: panel picture {panel_shown[2]}x{panel_shown[3]} shown {panel_shown[0]:.0f}x"
            f"{panel_shown[1]:.0f}, smallest card shown {panel_w:.1f}x{panel_h:.1f} px"
        )
        assert panel_h >= READABLE[game], (game, panel_w, panel_h)

        # every face in a public message is a card the public view names (or a card's back)
        public = await page.locator('.message[data-ephemeral="false"] img.emoji.custom').evaluate_all(
            "(nodes) => nodes.map((n) => n.alt)"
        )
        assert public, "the public table shows faces"
        named = strings(to_jsonable_python(table.game.public_view(table.state)))
        for alt in public:
            code = FACE_OF[alt.strip(":")]
            assert code == "back" or code in named, f"{alt} on the public table is not in the public view"
        assert errors == []
        await browser.close()

    await running.stop()
    assert shot.stat().st_size > 10_000
    folder = os.environ.get("PARLOR_SCREENSHOT")
    if folder and Path(folder).is_dir():
        shutil.copyfile(shot, Path(folder) / shot.name)
