"""A command that waits for a busy table is answered at once with a private "thinking" message; its answer then
fills that message by editing the original response, not with a followup (a path Discord's docs mark deprecated,
which the fake notes as a violation)."""

from __future__ import annotations

import asyncio

from bot.tables import RESIGNED
from localdiscord import run_client

from .conftest import make_bot, started_koikoi


async def answered_while_busy(fake, table, user, *path):
    """``user`` types the command while the table's lock is held; the lock is let go once the answer is deferred."""
    interaction = user.prepare_slash(*path)
    async with table.lock:
        sent = asyncio.create_task(user.send(interaction))
        for _ in range(300):  # 3 s: Discord's limit for the first answer
            if interaction.callback_type is not None:
                break
            await asyncio.sleep(0.01)
        assert interaction.callback_type == 5  # deferred, "thinking", before the busy lock
    result = await sent
    await fake.wait_idle()
    return result


async def test_a_command_on_a_busy_table_fills_its_thinking_message_with_the_answer(fake, db):
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        resigned = await answered_while_busy(fake, table, alice, "resign")
        assert resigned.ephemeral_to == alice.id and resigned.message.content == RESIGNED
        assert resigned.followups == []  # the answer is in the deferred message itself
        refused = await answered_while_busy(fake, table, carol, "resign")  # refused under the lock
        assert refused.ephemeral_to == carol.id and "not seated" in refused.message.content
        assert refused.followups == []
    assert fake.violations == []
