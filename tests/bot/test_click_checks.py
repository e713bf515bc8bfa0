"""A player's click is judged once when the table is free, and again when it waited for the table's lock."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import Refusal, StaleClick
from tests.bot import managed_tables
from tests.bot.managed_tables import open_lobby, start_table, stop

GUILD, CHANNEL = 10, 20
ALICE, BOB = 1, 2


@pytest.fixture
async def manager(tmp_path):
    m = await managed_tables.new_manager(tmp_path / "parlor.sqlite3")
    yield m
    await stop(m)


async def started(manager):
    lobby = await open_lobby(manager, "koikoi", {"months": 1}, guild=GUILD, channel=CHANNEL)
    table = await start_table(manager, lobby, (BOB, "bob"))
    await manager.idle()
    (seat,) = table.to_act()
    return table, seat, table.seats[seat].user_id


async def test_a_click_on_a_free_table_works_out_the_movers_choices_once_and_no_others(manager, monkeypatch):
    table, seat, player = await started(manager)
    game, worked_out, afterwards, applied = table.game, [], [], []
    legal_actions, apply = game.legal_actions, game.apply

    def counted(state, at):
        (afterwards if applied else worked_out).append(at)
        return legal_actions(state, at)

    def applying(state, at, action):
        applied.append(action)
        return apply(state, at, action)

    monkeypatch.setattr(game, "legal_actions", counted)
    monkeypatch.setattr(game, "apply", applying)
    action = table.choices(seat)[0]
    version = table.seat_version(seat)
    worked_out.clear()
    await manager.act(table.id, player, version, action)
    assert applied == [action]
    assert worked_out == [seat], "the click's version and its move are judged on one list of choices"
    await manager.idle()
    assert afterwards == [], "a new decision's deadline needs no seat's choices when nobody else was deciding"


async def test_a_click_that_waited_for_the_lock_is_judged_again(manager):
    table, seat, player = await started(manager)
    action, version = table.choices(seat)[0], table.seat_version(seat)
    async with table.lock:  # another change of the table is under way
        waiting = asyncio.create_task(manager.act(table.id, player, version, action))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not waiting.done(), "the click waits for the table"
        await manager._apply(table, seat, action, actor_id=player, source="player")  # the same move, made first
    with pytest.raises(StaleClick):
        await waiting
    log = await manager.store.tables.actions(table.id)
    assert [(a.seat, a.action) for a in log] == [(seat, action)], "the move is played once"


async def test_a_refused_click_is_still_refused_at_once(manager):
    table, seat, player = await started(manager)
    with pytest.raises(Refusal, match="not allowed"):
        await manager.act(table.id, player, table.seat_version(seat), "play:NOPE")
    assert await manager.store.tables.actions(table.id) == []
