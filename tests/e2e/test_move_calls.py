"""What one move costs in calls to Discord, both players' hand panels open: the click is answered by the clicked
panel itself (one UPDATE_MESSAGE, no deferral then edit), and the redraw edits the table message once and the other
player's panel once; the mover's panel, which shows the move already, is not edited again and nothing is deleted."""

from __future__ import annotations

import gc
import re

import discord

from bot.tables import Table
from localdiscord import run_client
from localdiscord.harness import FakeUser
from localdiscord.models import FakeMessage

from .conftest import action_buttons, make_bot, settle, started_koikoi, table_message

MOVES = 8  # moves of a Koi-Koi month, both players' panels open


def kind(line: str) -> str:
    """A request line without its ids and tokens: ``PATCH /channels/{id}/messages/{id}``."""
    line = re.sub(r"/api/v\d+", "", line)
    line = re.sub(r"/(webhooks|interactions)/\d+/[^/]+", r"/\1/{id}/{token}", line)
    return re.sub(r"/\d+", "/{id}", line)


async def panels_open(fake, bot, alice, bob) -> tuple[Table, dict[FakeUser, FakeMessage]]:
    """A started Koi-Koi table with both players' hand panels open, everything drawn: the table and the panels."""
    table = await started_koikoi(fake, bot, alice, bob)
    panels = {user: (await user.click(table_message(fake), "My hand")).message for user in (alice, bob)}
    await fake.wait_idle()
    await bot.tables.idle()
    return table, panels


def messages_built(monkeypatch, kind: type[discord.Message]) -> list[int]:
    """The ids of the discord.py messages of ``kind`` built from now on (an interaction's answer is built as a
    ``discord.InteractionMessage``; the click's own message, built as it arrives, is a plain ``discord.Message``)."""
    built: list[int] = []
    message_init = discord.Message.__init__

    def counted(self, *, state, channel, data):
        if isinstance(self, kind):
            built.append(int(data["id"]))
        message_init(self, state=state, channel=channel, data=data)

    monkeypatch.setattr(discord.Message, "__init__", counted)
    return built


async def test_a_move_is_one_answer_one_table_edit_and_one_panel_edit(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table, panels = await panels_open(fake, bot, alice, bob)
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        before = len(fake.request_log)
        moved = await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
        await settle(fake, bot)
        assert moved.response_type == 7, moved.text()  # the panel clicked, updated in the answer itself
        calls = sorted(kind(line) for line in fake.request_log[before:])
        assert calls == [
            "PATCH /channels/{id}/messages/{id}",  # the table
            "PATCH /webhooks/{id}/{token}/messages/@original",  # the other player's panel: their turn now
            "POST /interactions/{id}/{token}/callback",  # the answer: the mover's panel
        ], calls


async def test_the_redraw_of_a_move_builds_no_message_of_discords_answers(fake, db, monkeypatch):
    """The table edit and the other player's panel edit read only the message's id and picture attachment from
    Discord's answer: discord.py does not build a whole Message (embeds, components, author) of either."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table, panels = await panels_open(fake, bot, alice, bob)
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        waiting = bob if mover is alice else alice
        built = messages_built(monkeypatch, discord.Message)
        await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
        await settle(fake, bot)
        assert table_message(fake).id not in built and panels[waiting].id not in built, built
        shown = fake.messages[panels[waiting].id]
        assert shown.attachments and shown.attachments[0].filename == "hand.png"  # its picture kept or replaced
        assert any(b[1].startswith("parlor:t:") and not b[2] for b in shown.buttons()), shown.buttons()  # their move


async def test_the_answer_in_place_builds_no_message_and_keeps_the_panels_picture(fake, db, monkeypatch):
    """The mover's click is answered by editing their panel (UPDATE_MESSAGE); of Discord's answer only the panel's id
    and picture attachment are read, no whole Message is built of it, and the panel's next edit keeps that picture
    rather than uploading it again when it did not change."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table, panels = await panels_open(fake, bot, alice, bob)
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        built = messages_built(monkeypatch, discord.InteractionMessage)
        moved = await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
        await settle(fake, bot)
        assert moved.response_type == 7 and panels[mover].id not in built, built
        shown = fake.messages[panels[mover].id]
        assert [a.filename for a in shown.attachments] == ["hand.png"]
        held = bot.presenter.shown.held(panels[mover].id)
        assert held is not None and held.attachment.filename == "hand.png"  # remembered: not uploaded again


async def test_moves_are_played_without_passes_of_the_garbage_collector_over_their_objects(fake, db):
    """Moves allocate thousands of short-lived objects (here, the local Discord's too); the bot lets the young ones
    gather rather than have the collector look at them every few moves (``bot/main.py``)."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])

    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        panels = {user: (await user.click(table_message(fake), "My hand")).message.id for user in (alice, bob)}
        await fake.wait_idle()
        await bot.tables.idle()
        gc.collect()  # the count starts from nothing gathered
        gc.callbacks.append(counted)
        try:
            for _ in range(MOVES):
                mover = alice if table.seat_of(alice.id) in table.to_act() else bob
                panel = fake.messages[panels[mover]]
                await mover.click(panel, action_buttons(panel)[0][1])
                await fake.wait_idle()
                await bot.tables.idle()
                await fake.wait_idle()
        finally:
            gc.callbacks.remove(counted)
    assert collections == [], collections
    assert gc.get_threshold() == (700, 10, 10)  # Python's own again once the bot closed (tests start many bots)
