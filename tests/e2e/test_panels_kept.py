"""A player's hand panels are not kept alive by discord.py: Parlor's buttons route themselves by their custom_id
(``bot/ui.py``), so no panel's view needs to stay in discord.py's view store. Kept, each panel sent would hold its
view and a task waiting 15 minutes for its timeout: at a hundred /hand a second, tens of thousands of them."""

from __future__ import annotations

import asyncio
import copy
import gc

import discord

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


def alive(kind: type) -> list:
    """The objects of ``kind`` still alive once unreachable ones are collected."""
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


async def test_an_open_panel_keeps_its_token_not_the_interaction_and_the_message_clicked(fake, db):
    """An open panel is edited and deleted through its interaction's token: it keeps what those calls need (the
    application's id, the token, the webhook's session), not the interaction with the message clicked, its
    components and its members, which every young garbage collection would otherwise carry forward."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        await started_koikoi(fake, bot, alice, bob)
        panels = {user: (await user.click(table_message(fake), "My hand")).message for user in (alice, bob)}
        mover = next(user for user, panel in panels.items() if action_buttons(panel))
        other = bob if mover is alice else alice
        before = copy.deepcopy(panels[other].embeds)
        await mover.click(panels[mover], action_buttons(panels[mover])[0][1])  # the panel clicked, answered in place
        await fake.wait_idle()
        assert len(bot.presenter.panels) == 2  # both panels open, their tokens alive
        assert alive(discord.Interaction) == []
        assert [m for m in alive(discord.Message) if m.id in {p.id for p in panels.values()}] == []
        # and the panels are still edited through their tokens: the other player's shows the move made
        assert panels[other].embeds != before and panels[other].edited_timestamp is not None
        assert panels[other] in other.ephemeral_messages()
