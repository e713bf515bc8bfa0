"""Two processes on one database serving the same tables for a while, as during a deploy that starts the new
process before it stops the old one: whatever reaches the process whose table in memory is behind (a click,
its deadline, a lobby change) reads the table again from the database and is judged against it — a move
still to be made is played, one already made is answered as a stale click (the fresh panel follows), a
deadline already overtaken plays nothing — never an error. Then the old process stops and the new one plays
the game to its end, every move once. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging

import pytest

from bot.tables import CHANGED_ELSEWHERE, FINISHED, Refusal, StaleClick, TableManager
from tests.bot.managed_tables import new_manager, open_lobby, start_table, stop

GUILD, CHANNEL, ALICE, BOB, CAROL = 10, 20, 1, 2, 3


async def process(url: str) -> TableManager:
    """A Parlor process's table manager on the database at ``url``, its tables restored."""
    manager = await new_manager(url, new_seed=lambda: "0" * 32)
    await manager.restore()
    return manager


def mover(table) -> int:
    return next(user for user in (ALICE, BOB) if table.seat_of(user) in table.to_act())


def button(manager: TableManager, table_id: int, user: int) -> tuple[int, str]:
    """The version and the move of the first button of ``user``'s panel, drawn by ``manager``."""
    table = manager.get(table_id)
    seat = table.seat_of(user)
    return table.seat_version(seat), table.game.legal_actions(table.state, seat)[0]


async def move(manager: TableManager, table_id: int, user: int, clicked: tuple[int, str] | None = None):
    """``user`` clicks ``clicked`` (a button of their panel; by default the first of the panel ``manager`` draws)."""
    version, action = clicked or button(manager, table_id, user)
    return await manager.act(table_id, user, version, action)


@pytest.fixture
def no_errors(caplog):
    caplog.set_level(logging.WARNING)
    yield caplog
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_a_deploy_hands_a_game_over_from_the_old_process_to_the_new(store_url, no_errors):
    old = await process(store_url)
    new = None
    try:
        table = await open_lobby(old, "koikoi", {"months": 1}, guild=GUILD, channel=CHANNEL)
        await start_table(old, table, (BOB, "bob"))
        await move(old, table.id, mover(table))
        await old.idle()

        new = await process(store_url)  # the new process starts while the old one still runs
        first = mover(table)
        clicked = button(old, table.id, first)  # the first button of the player's panel
        await move(new, table.id, first, clicked)  # played through the new process: the old one is behind now

        # the same click, doubled, reaches the old process: a write on an older table, so a stale click
        with pytest.raises(StaleClick):
            await move(old, table.id, first, clicked)
        stored = await old.store.tables.get(table.id)
        assert table.version == stored.version and table.state.model_dump_json() == stored.snapshot

        # the old process, read again, plays the next move; now the new one is behind
        await move(old, table.id, mover(table))
        played = len(await old.store.tables.actions(table.id))
        # the next player's click, from a panel the old process drew, reaches the new process: it reads the
        # table again and plays the move, instead of refusing it as not that player's turn
        behind = new.get(table.id)
        await move(new, table.id, mover(table), button(old, table.id, mover(table)))
        assert len(await new.store.tables.actions(table.id)) == played + 1
        assert behind.version == (await new.store.tables.get(table.id)).version

        # a deadline the old process armed before the new process moved fires there: nothing is played
        await old.fire_deadline(table.id)
        assert len(await old.store.tables.actions(table.id)) == played + 1
        assert table.version == behind.version  # and the old process read the table again

        await stop(old)  # the deploy ends: the new process plays on alone
        old = None
        while behind.status != FINISHED:
            await move(new, table.id, mover(behind))
            await new.idle()
        replayed = await new.replay(table.id)
        assert replayed.model_dump_json() == behind.state.model_dump_json()  # every move once, in order
        assert "changed by another process" in no_errors.text
    finally:
        for manager in (old, new):
            if manager is not None:
                await stop(manager)


async def test_a_lobby_changed_by_the_other_process_refuses_politely_and_is_read_again(store_url, no_errors):
    old = await process(store_url)
    new = None
    try:
        table = await open_lobby(old, "koikoi", {}, guild=GUILD, channel=CHANNEL)
        new = await process(store_url)
        await new.join(table.id, BOB, "bob")
        with pytest.raises(Refusal, match=CHANGED_ELSEWHERE):
            await old.add_bot(table.id, ALICE)
        assert [s.name for s in table.seats] == ["alice", "bob"]  # the old process holds the lobby as stored
        await old.add_bot(table.id, ALICE)  # tried again, it works
        assert [s["name"] for s in (await old.store.tables.get(table.id)).seats] == ["alice", "bob", "Bot 1"]
    finally:
        for manager in (old, new):
            if manager is not None:
                await stop(manager)


async def test_a_table_opened_by_the_old_process_after_the_new_one_started_is_served_by_the_new_one(
    store_url, no_errors
):
    new = await process(store_url)  # started, and restored nothing
    old = await process(store_url)  # still running: it opens a table the new process has never read
    try:
        table = await open_lobby(old, "koikoi", {}, guild=GUILD, channel=CHANNEL)
        assert new.get(table.id) is None
        with pytest.raises(Refusal, match="This channel already has a Koi-Koi table"):
            await open_lobby(new, "sanma", {}, guild=GUILD, channel=CHANNEL, host=(CAROL, "carol"))
        served = await new.load(table.id)  # a click on its message reaches the new process
        assert served is new.get(table.id) and served.version == table.version
        await new.join(table.id, BOB, "bob")
        await new.start(table.id, ALICE)
        assert (await new.store.tables.get(table.id)).status == "playing"
        assert await new.load(table.id + 1) is None  # no such table
    finally:
        await stop(old)
        await stop(new)
