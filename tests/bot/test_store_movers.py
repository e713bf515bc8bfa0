"""Moves on different tables do not wait for each other (bot/store/connection.py's movers on PostgreSQL), while a
transaction stays on the one writer and the same table's moves are still refused when stale."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import asyncpg
import pytest

from bot.postgres import PgConnection
from bot.settings import DB_MOVERS, Settings, SettingsError
from bot.store import SaveFailed, StaleVersion, Store
from tests.bot.store_moves import record_move
from tests.bot.test_store import Clock, playing_table


@pytest.fixture
async def pg_store(postgres_url: str) -> Any:
    s = await Store.open(postgres_url, clock=Clock(), movers=2)
    try:
        yield s
    finally:
        await s.close()


@pytest.mark.postgres
async def test_a_move_completes_while_another_task_holds_the_writer_in_a_transaction(pg_store: Store):
    """A game's end holds the writer for its whole transaction; a click on another table is saved meanwhile."""
    ending, other = await playing_table(pg_store, channel=1), await playing_table(pg_store, channel=2, users=(3, 4))
    inside, release = asyncio.Event(), asyncio.Event()

    async def end_of_a_game() -> None:
        async with pg_store.transaction():
            await record_move(pg_store, ending, "stop", {"over": True})
            inside.set()
            await release.wait()

    holder = asyncio.create_task(end_of_a_game())
    await inside.wait()
    move = asyncio.create_task(record_move(pg_store, other, "play:1L", {"n": 1}))
    done, _ = await asyncio.wait([move], timeout=30)
    still_open = not holder.done()
    release.set()
    await holder
    assert move in done and still_open, "the move waited for the other task's transaction"
    moved = await pg_store.tables.get(other.id)
    assert moved is not None and moved.version == other.version + 1
    assert [a.action for a in await pg_store.tables.actions(other.id)] == ["play:1L"]
    assert [a.action for a in await pg_store.tables.actions(ending.id)] == ["stop"]


async def test_a_move_inside_a_transaction_is_part_of_it(store: Store):
    """A move made inside a transaction is undone with it: it ran on the transaction's connection."""
    table = await playing_table(store)
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await record_move(store, table, "play:1L", {"n": 1})
            raise RuntimeError("the game's end failed")
    assert await store.tables.get(table.id) == table and await store.tables.actions(table.id) == []


async def test_two_moves_on_one_table_at_once_one_is_refused_as_stale(store: Store):
    table = await playing_table(store)
    first, second = await asyncio.gather(
        record_move(store, table, "play:1L", {"n": 1}),
        record_move(store, table, "play:2L", {"n": 2}),
        return_exceptions=True,
    )
    saved = [r for r in (first, second) if not isinstance(r, BaseException)]
    refused = [r for r in (first, second) if isinstance(r, BaseException)]
    assert len(saved) == 1 and len(refused) == 1 and isinstance(refused[0], StaleVersion)
    stored = await store.tables.get(table.id)
    assert stored.version == saved[0].version == table.version + 1 and len(await store.tables.actions(table.id)) == 1
    (logged,) = await store.tables.actions(table.id)
    assert json.loads(stored.snapshot) == {"n": 1 if logged.action == "play:1L" else 2}, "the saved move's snapshot"


class _CutOff:
    """An asyncpg connection cut off with its first statement (the server may have run it or not)."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed = False

    def is_closed(self) -> bool:
        return self.closed

    def is_in_transaction(self) -> bool:
        return False

    def terminate(self) -> None:
        self.closed = True

    async def close(self) -> None:
        self.closed = True

    async def fetch(self, sql: str, *params: Any) -> list[Any]:
        self.sent += 1
        raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")


@pytest.mark.postgres
async def test_a_move_cut_off_on_a_mover_is_refused_not_sent_again_and_the_next_move_works(postgres_url: str):
    async with await Store.open(postgres_url, clock=Clock(), movers=1) as store:
        table = await playing_table(store)
        (mover,) = store._movers
        assert isinstance(mover, PgConnection)
        cut = _CutOff()
        mover._conn = cut  # a fake of the asyncpg connection's used surface
        with pytest.raises(SaveFailed, match="could not save that move; nothing changed"):
            await record_move(store, table, "play:1L", {"n": 1})
        assert cut.sent == 1 and cut.closed  # sent once, never again on a new connection
        assert await store.tables.get(table.id) == table and await store.tables.actions(table.id) == []
        moved = await record_move(store, table, "play:1L", {"n": 1})
        assert moved.version == table.version + 1 and mover.reconnections == 1
        assert [a.action for a in await store.tables.actions(table.id)] == ["play:1L"]


@pytest.mark.postgres
async def test_closing_the_store_closes_its_movers(postgres_url: str):
    store = await Store.open(postgres_url, clock=Clock(), movers=3)
    movers: list[PgConnection] = list(store._movers)  # type: ignore[arg-type]  # PgConnection on PostgreSQL
    assert len(movers) == 3 and not any(m._conn.is_closed() for m in movers)
    await store.close()
    assert all(m._conn.is_closed() for m in movers)


def test_the_number_of_movers_is_a_setting(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("PARLOR_DB_MOVERS", raising=False)
    assert Settings.from_env(env_file=None).db_movers == DB_MOVERS == 8
    monkeypatch.setenv("PARLOR_DB_MOVERS", "16")
    assert Settings.from_env(env_file=None).db_movers == 16


@pytest.mark.parametrize("raw", ["0", "-2", "four"])
def test_a_wrong_number_of_movers_says_what_to_set(monkeypatch: pytest.MonkeyPatch, raw: str):
    monkeypatch.setenv("PARLOR_DB_MOVERS", raw)
    with pytest.raises(SettingsError, match="PARLOR_DB_MOVERS"):
        Settings.from_env(env_file=None)
