"""A sharded process restores, times and plays only the tables of its shards' guilds; a deadline that
passed while no process served a shard fires when a process takes that shard."""

from __future__ import annotations

import time

from bot.shards import Shards, shard_of
from bot.tables import PLAYING, TableManager
from tests.bot.managed_tables import RecordingPresenter, new_manager, open_lobby, start_table, stop

GUILDS = {0: (1000 << 22) | 1, 1: (1001 << 22) | 2}  # one guild on each shard of 2
ALICE, BOB = 1, 2


async def manager_for(path, shards: Shards | None, clock=time.time) -> TableManager:
    return await new_manager(path, RecordingPresenter(), clock=clock, shards=shards)


async def test_each_shard_restores_its_own_tables_and_fires_the_deadlines_that_passed(tmp_path):
    path = tmp_path / "parlor.sqlite3"
    assert [shard_of(GUILDS[s], 2) for s in (0, 1)] == [0, 1]
    before = await manager_for(path, None)
    tables = {}
    for shard, guild in GUILDS.items():
        table = await open_lobby(before, "koikoi", {"months": 1}, guild=guild, channel=guild + 1)
        await start_table(before, table, (BOB, "bob"))
        tables[shard] = table.id
    await before.idle()
    await stop(before)

    def later() -> float:  # both deadlines passed while no process ran
        return time.time() + 120

    first = await manager_for(path, Shards(2, (0,)), clock=later)
    assert [t.id for t in await first.restore()] == [tables[0]]
    await first.idle()
    assert [a.source for a in await first.store.tables.actions(tables[0])][:1] == ["timeout"]
    assert await first.store.tables.actions(tables[1]) == []  # not its shard: not timed, not played
    assert first.get(tables[1]) is None

    second = await manager_for(path, Shards(2, (1,)), clock=later)
    assert [t.id for t in await second.restore()] == [tables[1]]
    await second.idle()
    assert [a.source for a in await second.store.tables.actions(tables[1])][:1] == ["timeout"]
    assert second.get(tables[1]).status == PLAYING
    await stop(first)
    await stop(second)
