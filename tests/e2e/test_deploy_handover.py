"""A deploy that starts the new Parlor process before it stops the old one: for a while two real processes
serve the same shards on one PostgreSQL, with Koi-Koi tables in play, and both time the decision each table
waits on. When it runs out, both play it; the old process's write lands first, and the new process finds
its tables behind the database's. Then the old process stops and the new one plays every table to its end by clicks: every game
ends exactly as a replay of its action log, each move once, and neither process logs an ERROR."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from bot.store import Store
from bot.tables import Presenter, TableManager
from localdiscord import LocalDiscord

from .conftest import E2E_STRICTNESS
from .shard_cluster import BotProcess, guilds_on_every_shard, wait_for_commands

pytestmark = pytest.mark.postgres

SHARD_COUNT, GUILDS = 2, 2
SHARDS = (0, 1)
TURN_SECONDS = 10  # the shortest decision time: the deadline both processes time
BEFORE = 2  # moves clicked before the deploy


async def test_two_processes_on_the_same_shards_hand_over_cleanly(postgres_server, tmp_path):
    database = postgres_server.new_database()
    async with LocalDiscord(strict=E2E_STRICTNESS, shard_count=SHARD_COUNT) as fake:
        tables = guilds_on_every_shard(fake, GUILDS, SHARD_COUNT)
        old = BotProcess(fake, database, SHARDS, SHARD_COUNT, tmp_path / "old.log")
        new = BotProcess(fake, database, SHARDS, SHARD_COUNT, tmp_path / "new.log")
        store = None
        try:
            await old.start()
            await wait_for_commands(fake)
            store = await Store.open(database)
            await asyncio.gather(*(t.open(store, TURN_SECONDS) for t in tables))
            await asyncio.gather(*(t.play(store, BEFORE) for t in tables))

            await new.start()  # the deploy: the new process comes up while the old one still runs, restores the
            # tables and times their waiting decisions too. Each deadline fires in both; the old process's write
            # lands first (the new one is paused meanwhile, as a busy machine may), so the new one is left
            # holding older tables than the database's when its own timers fire
            deadline = max([(await store.tables.get(t.id)).deadline for t in tables])
            await asyncio.sleep(max(0.0, deadline - time.time() - 1.0))
            os.kill(new.process.pid, signal.SIGSTOP)
            try:
                await asyncio.gather(*(t.wait_actions(store, BEFORE + 1, 3 * TURN_SECONDS) for t in tables))
            finally:
                os.kill(new.process.pid, signal.SIGCONT)
            await asyncio.sleep(1.0)  # the new process's timers fire, on its older tables
            await old.stop()  # then the old one is stopped
            await asyncio.gather(*(t.play(store) for t in tables))  # the new one plays every table to its end

            replayer = TableManager(store, Presenter(), default_turn_seconds=600)
            for t in tables:
                row = await store.tables.get(t.id)
                assert row.status == "finished"
                assert (await replayer.replay(t.id)).model_dump_json() == row.snapshot  # every move once, in order
                assert len(await store.ledger.lines(t.guild.id, table_id=t.id)) == 2  # one result, written once
            fake.assert_clean(allow_http_errors=True)  # every interaction answered in time, by Discord's rules
            # Both processes run shard 0, so both upload the application emoji at start-up; the second one's
            # uploads of a name the first already took are refused (the faces then show as text). That is the
            # emoji sync's matter, not the tables': any other refused call fails this test.
            assert [e for e in fake.http_errors if not e["path"].endswith("/emojis")] == []
            for process in (old, new):
                errors = [line for line in process.output().splitlines() if " ERROR " in line or "Traceback" in line]
                assert not errors, process.output()[-5000:]
        finally:
            if store is not None:
                await store.close()
            await asyncio.gather(old.stop(), new.stop())
