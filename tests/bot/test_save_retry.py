"""A bot's or a deadline's move that the database refuses (PostgreSQL stopped, a full disk) is tried again
until it lands, so the table goes on as soon as the database is back instead of freezing until the next
deadline; nothing is lost or played twice."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.retry import Backoff
from bot.store import Store
from bot.tables import FINISHED, PLAYING, Presenter, TableManager
from tests.bot.managed_tables import BOT, open_lobby, start_table, stop
from tests.bot.outages import FullDisk, Outage, StoppedServer

GUILD, CHANNEL, ALICE = 10, 20, 1
QUICK = Backoff(first=0.02, most=0.1)  # the pauses between attempts (the default is 0.25 s up to 2 s)
REFUSED = "the database refused a move"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def outage(request, tmp_path):
    cut: Outage = FullDisk(tmp_path) if request.param == "sqlite" else await asyncio.to_thread(StoppedServer)
    yield cut
    await cut.close()


async def manager_on(outage: Outage, bot_delay: float = 0.0) -> TableManager:
    seeds = (f"{n:032x}" for n in range(1000))
    store = outage.watch(await Store.open(outage.url))
    return TableManager(
        store,
        Presenter(),
        default_turn_seconds=3600,
        bot_delay=bot_delay,
        new_seed=lambda: next(seeds),
        save_retry=QUICK,
    )


async def started(manager: TableManager, months: int):
    table = await open_lobby(manager, "koikoi", {"months": months}, guild=GUILD, channel=CHANNEL, turn_seconds=3600)
    return await start_table(manager, table, BOT)


async def test_bots_play_on_once_the_database_is_back(outage, caplog):
    caplog.set_level(logging.WARNING, logger="bot.tables")
    manager = await manager_on(outage, bot_delay=0.05)
    try:
        table = await started(manager, months=3)
        await manager.resign(table.id, ALICE)  # from now on bots play both seats, a move every 50 ms
        while len(await manager.store.tables.actions(table.id)) < 3:
            await asyncio.sleep(0.02)
        await outage.begin()
        await asyncio.sleep(1.0)
        assert table.status == PLAYING  # the game waits for the database
        await outage.end()
        await manager.idle()

        assert table.status == FINISHED  # not frozen: played to its end once the database was back
        assert REFUSED in caplog.text  # the outage met a bot's move
        row = await manager.store.tables.get(table.id)
        assert row.status == "finished" and row.version == table.version
        assert {a.source for a in await manager.store.tables.actions(table.id)} == {"bot"}  # no deadline had to step in
        replayed = await manager.replay(table.id)
        assert replayed.model_dump_json() == table.state.model_dump_json()  # every move once, none lost
    finally:
        await outage.end()
        await stop(manager)


async def test_a_deadline_met_by_an_outage_is_played_once_the_database_is_back(outage, caplog):
    caplog.set_level(logging.WARNING, logger="bot.tables")
    manager = await manager_on(outage)
    try:
        table = await started(manager, months=1)
        await manager.idle()
        assert table.to_act() == [table.seat_of(ALICE)]
        before = len(await manager.store.tables.actions(table.id))

        await outage.begin()
        fired = asyncio.create_task(manager.fire_deadline(table.id, table.version))
        await asyncio.sleep(0.5)
        assert not fired.done()  # still trying, not given up
        await outage.end()
        assert await fired
        await manager.idle()

        assert REFUSED in caplog.text
        sources = [a.source for a in await manager.store.tables.actions(table.id)][before:]
        assert sources[0] == "timeout"  # Alice's decision, played for her once the database took it
        assert "bot" in sources and table.to_act() == [table.seat_of(ALICE)]  # and the bot answered at once
        assert (await manager.replay(table.id)).model_dump_json() == table.state.model_dump_json()
    finally:
        await outage.end()
        await stop(manager)
