"""What one move costs in calls to Discord, both players' hand panels open: the click is answered by the clicked
panel itself (one UPDATE_MESSAGE, no deferral then edit), and the redraw edits the table message once and the other
player's panel once; the mover's panel, which shows the move already, is not edited again and nothing is deleted."""

from __future__ import annotations

import re

from localdiscord import run_client

from .conftest import action_buttons, make_bot, started_koikoi, table_message


def kind(line: str) -> str:
    """A request line without its ids and tokens: ``PATCH /channels/{id}/messages/{id}``."""
    line = re.sub(r"/api/v\d+", "", line)
    line = re.sub(r"/(webhooks|interactions)/\d+/[^/]+", r"/\1/{id}/{token}", line)
    return re.sub(r"/\d+", "/{id}", line)


async def test_a_move_is_one_answer_one_table_edit_and_one_panel_edit(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        panels = {user: (await user.click(table_message(fake), "My hand")).message for user in (alice, bob)}
        await fake.wait_idle()
        await bot.tables.idle()
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        before = len(fake.request_log)
        moved = await mover.click(panels[mover], action_buttons(panels[mover])[0][1])
        await fake.wait_idle()
        await bot.tables.idle()
        await fake.wait_idle()
        assert moved.response_type == 7, moved.text()  # the panel clicked, updated in the answer itself
        calls = sorted(kind(line) for line in fake.request_log[before:])
        assert calls == [
            "PATCH /channels/{id}/messages/{id}",  # the table
            "PATCH /webhooks/{id}/{token}/messages/@original",  # the other player's panel: their turn now
            "POST /interactions/{id}/{token}/callback",  # the answer: the mover's panel
        ], calls
