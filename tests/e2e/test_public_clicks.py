"""A move's click forged onto the public table message (a modified client can send any custom_id on any
message it sees) is answered privately: stale or not, busy table or not, the answer never edits the public
message, which stays the table for everyone; the clicker's panel comes as a new private message."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from localdiscord import run_client

from .conftest import LeakWatch, action_buttons, make_bot, started_with_panel, table_message

STALE = "That moment has passed"


def move_buttons(version) -> list[str]:
    """The move buttons (``…:a:…``) one version of a message carried: a hand panel's, never the table's."""
    return [
        item.get("custom_id")
        for row in version.components or []
        for item in row.get("components", [])
        if ":a:" in (item.get("custom_id") or "")
    ]


def never_a_panel(message) -> bool:
    return all(not move_buttons(version) for version in message.versions)


@dataclass
class Forgery:
    """A started Koi-Koi table, the player to move, their move's custom_id as their panel carries it (current)
    and with a version long gone (stale), the public table message, and a watch on hidden cards."""

    table: Any
    mover: Any
    current: str
    stale: str
    public: Any
    watch: LeakWatch


@asynccontextmanager
async def forgery(fake, db) -> AsyncIterator[Forgery]:
    """Alice and Bob at a started table, the mover's panel open; after the test, no hand leaked and the fake is
    clean."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table, mover, panel = await started_with_panel(fake, bot, alice, bob)
        _, custom_id, _ = action_buttons(panel)[0]
        version = f":{table.seat_version(table.seat_of(mover.id))}:"
        assert version in custom_id
        forged = Forgery(
            table, mover, custom_id, custom_id.replace(version, ":7:", 1), table_message(fake), LeakWatch(fake, bot)
        )
        yield forged
        forged.watch.check()
    fake.assert_clean()


def private_panels(result, user) -> list:
    """The messages answering ``result`` that only ``user`` sees and that carry their moves."""
    return [m for m in result.messages if m.ephemeral_to == user.id and action_buttons(m)]


async def test_a_stale_move_forged_on_the_public_table_leaves_it_alone(fake, db):
    async with forgery(fake, db) as forged:
        mover, public, stale = forged.mover, forged.public, forged.stale
        shown = len(public.versions)

        answer = await mover.forge_click(public, stale)

        assert len(public.versions) == shown and never_a_panel(public)  # the table is still the table, for everyone
        assert [m.id for m in private_panels(answer, mover)] != [public.id]
        assert private_panels(answer, mover) and STALE in answer.text()


async def test_a_current_move_forged_on_the_public_table_is_played_and_answered_privately(fake, db):
    async with forgery(fake, db) as forged:
        table, mover, public, current = forged.table, forged.mover, forged.public, forged.current
        played = sum(table.acted)

        answer = await mover.forge_click(public, current)
        await fake.wait_idle()

        assert sum(table.acted) > played  # the move itself is the player's own and legal: it is played
        assert never_a_panel(public)
        assert answer.ephemeral_to == mover.id and answer.message.id != public.id  # their panel, a message of its own
        assert "Your hand" in answer.text()


async def test_a_forged_move_waiting_for_a_busy_table_is_answered_privately(fake, db):
    async with forgery(fake, db) as forged:
        table, mover, public, stale = forged.table, forged.mover, forged.public, forged.stale
        shown = len(public.versions)

        async with table.lock:  # the table is busy (a bot's move, a redraw) when the click arrives
            click = asyncio.create_task(mover.forge_click(public, stale))
            await asyncio.sleep(0.3)
        answer = await click
        await fake.wait_idle()

        assert len(public.versions) == shown and never_a_panel(public)
        assert private_panels(answer, mover) and STALE in " ".join(m.text() for m in answer.messages)
