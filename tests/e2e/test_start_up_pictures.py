"""At start-up the bot warms its picture workers and freezes what start-up made (bot/main.py): a player's first
hand panel comes from a warm worker, and the garbage collector's full collections leave start-up's objects alone."""

from __future__ import annotations

import gc

from bot.painter import painter
from localdiscord import run_client

from .conftest import make_bot, started_koikoi


async def test_the_started_bot_has_warm_workers_and_its_start_up_frozen(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        assert gc.get_freeze_count() > 0  # start-up's objects are out of the collector's way
        assert len(painter().started()) == painter().slots  # every worker started before any click
        await started_koikoi(fake, bot, alice, bob)
        panel = await alice.slash("hand")
        assert panel.embed["image"]["url"] == "attachment://hand.png"
        assert panel.message.attachments[0].data.startswith(b"\x89PNG")
    assert gc.get_freeze_count() == 0  # closed: what it kept may be collected again
