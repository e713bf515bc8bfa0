"""Two processes on one database (two Stores, each with its own connections) never interleave their
writes to a table: the version check refuses the second writer of a version, on both backends."""

from __future__ import annotations

import asyncio
import json
import sys

from bot.store import StaleVersion, Store
from tests.bot.store_fill import GUILDS, open_table
from tests.bot.store_moves import record_move, user_results


async def test_two_stores_writing_one_table_one_wins(store_url: str):
    first, second = await Store.open(store_url), await Store.open(store_url)
    try:
        t = await open_table(first, GUILDS[0], 1, [1, 2])

        async def click(store: Store, n: int):
            try:
                return await record_move(store, t, f"a{n}", {"n": n})
            except StaleVersion:
                return None

        done = await asyncio.gather(*(click(store, n) for n in range(6) for store in (first, second)))
        assert len([d for d in done if d is not None]) == 1  # one of twelve clicks from two processes wins
        actions = await second.tables.actions(t.id)
        assert len(actions) == 1 and (await first.tables.get(t.id)).version == t.version + 1
    finally:
        await first.close()
        await second.close()


async def test_a_finish_and_a_move_racing_from_two_stores(store_url: str):
    """The result and its ledger lines, or the move: never both, never half of one."""
    first, second = await Store.open(store_url), await Store.open(store_url)
    try:
        t = await open_table(first, GUILDS[0], 1, [1, 2])
        results = user_results([1, 2], [7, -7], [1, 2])
        finish = first.tables.finish(t.id, snapshot={"over": True}, expected_version=t.version, results=results)
        move = record_move(second, t, "late", {"n": 1}, seat=1, actor=2)
        outcome = await asyncio.gather(finish, move, return_exceptions=True)
        assert sum(isinstance(o, StaleVersion) for o in outcome) == 1
        table = await second.tables.get(t.id)
        lines = await second.ledger.lines(GUILDS[0])
        if table.status == "finished":
            assert [ln.amount for ln in lines] == [7, -7] and await second.tables.actions(t.id) == []
        else:
            assert lines == [] and len(await second.tables.actions(t.id)) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_process_killed_mid_move_leaves_each_table_row_with_its_log(store_url: str):
    """kill -9 lands anywhere in a move (the table's row written, its log line not yet, or the reverse): after each
    kill the table's version, its snapshot and its log still count the same moves."""
    store = await Store.open(store_url)
    try:
        t = await open_table(store, GUILDS[0], 1, [1, 2])
        t = await record_move(store, t, "play:0", {"moves": 0})  # the log's first line: the count starts at it
        for pause in (0.05, 0.1, 0.15, 0.2):
            mover = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.bot.store_mover", store_url, str(t.id), stdout=asyncio.subprocess.PIPE
            )
            assert mover.stdout is not None and await mover.stdout.readline() == b"ready\n"
            await asyncio.sleep(pause)
            mover.kill()
            await mover.wait()
            row = await store.tables.get(t.id)
            log = await store.tables.actions(t.id)
            made = json.loads(row.snapshot)["moves"]
            assert [a.seq for a in log] == list(range(1, made + 2)) and log[-1].action == f"play:{made}"
            assert row.version == t.version + made
        assert made > 10  # the process did move between kills
    finally:
        await store.close()
