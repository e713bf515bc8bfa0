"""A player's hand panels are not kept alive by discord.py: Parlor's buttons route themselves by their custom_id
(``bot/ui.py``), so no panel's view needs to stay in discord.py's view store. Kept, each panel sent would hold its
view and a task waiting 15 minutes for its timeout: at a hundred /hand a second, tens of thousands of them."""

from __future__ import annotations

import asyncio

from localdiscord import run_client

from .conftest import action_buttons, make_bot, started_koikoi, table_message


def waiting_views() -> list[asyncio.Task]:
    """The tasks discord.py keeps for views waiting for their timeout."""
    return [t for t in asyncio.all_tasks() if not t.done() and "timeout_task_impl" in repr(t.get_coro())]


async def test_panels_sent_leave_no_view_waiting_in_discord_py(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        await started_koikoi(fake, bot, alice, bob)
        for _ in range(4):
            for user in (alice, bob):
                await user.click(table_message(fake), "My hand")
        panel = (await alice.click(table_message(fake), "My hand")).message
        if action_buttons(panel):  # a move from the panel: the answer is the panel, edited in place
            await alice.click(panel, action_buttons(panel)[0][1])
        else:
            panel = (await bob.click(table_message(fake), "My hand")).message
            await bob.click(panel, action_buttons(panel)[0][1])
        await fake.wait_idle()
        assert waiting_views() == []
        assert not bot._connection._view_store._synced_message_views  # no view kept by message either
        # and the buttons still work: the next move's click is answered with the panel
        for user in (alice, bob):
            panel = (await user.click(table_message(fake), "My hand")).message
            if action_buttons(panel):
                break
        answer = await user.click(panel, action_buttons(panel)[0][1])
        assert answer.message is not None and "Your hand" in (answer.message.embed or {}).get("title", "")
