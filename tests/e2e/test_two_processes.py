"""Two processes serving one table for a while (a deploy that starts the new process before it stops the old
one): a click reaching the process whose table is behind is answered as a stale click, with the player's
fresh panel, and the table is read again; never "Something went wrong", never an ERROR."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store import Store
from bot.tables import TableManager
from bot.ui import SOMETHING_WENT_WRONG
from localdiscord import run_client

from .conftest import action_buttons, make_bot, started_with_panel

STALE = "That moment has passed"


@asynccontextmanager
async def other_process(bot, db: Path) -> AsyncIterator[TableManager]:
    """Another process's table manager on the same database (a store of its own) beside ``bot``'s. After, ``bot``
    serves with the manager it had before, and the other one is closed."""
    kept = bot.tables
    other = TableManager(await Store.open(db), bot.presenter, default_turn_seconds=60)
    try:
        yield other
    finally:
        bot.tables = kept
        await other.close()
        await other.store.close()


async def test_a_click_on_the_process_left_behind_gets_the_fresh_panel(fake, db, caplog):
    caplog.set_level(logging.WARNING)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table, mover, panel = await started_with_panel(fake, bot, alice, bob)
        _, clicked, _ = action_buttons(panel)[0]

        old = bot.tables
        async with other_process(bot, db) as new:
            await new.restore()  # the new process starts and brings the table back
            bot.tables = new
            played = await mover.click(panel, clicked)  # this click reaches the new process
            assert STALE not in played.text() and SOMETHING_WENT_WRONG not in played.text()
            moved = new.get(table.id)
            assert moved.version > table.version

            bot.tables = old
            answer = await mover.forge_click(panel, clicked)  # the same click, doubled, reaches the old one
            await fake.wait_idle()
            assert SOMETHING_WENT_WRONG not in answer.text()
            assert answer.ephemeral_to == mover.id and STALE in answer.text()
            assert (table.version, table.state.model_dump_json()) == (moved.version, moved.state.model_dump_json())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    fake.assert_clean()


async def test_a_lobby_the_other_process_opened_takes_a_join_click(fake, db, caplog):
    caplog.set_level(logging.WARNING)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        new = bot.tables  # started first: it has never read the table below
        async with other_process(bot, db) as old:
            bot.tables = old
            lobby = await alice.slash("play", "koikoi")  # the old process, still running, opens a table
            bot.tables = new
            joined = await bob.click(lobby, "Join")  # the click reaches the new process
            assert joined.ephemeral_to is None and f"<@{bob.id}>" in joined.text()
            table = new.in_channel(fake.channel.id)
            assert [s.user_id for s in table.seats] == [alice.id, bob.id]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    fake.assert_clean()
