"""What a move sends the database: one transaction of as few statements as its guarantees allow, on both backends.

Each statement is a round trip to PostgreSQL and a wake-up of the event loop on SQLite (aiosqlite's thread), on
every move of every table; the guarantees themselves (a stale writer refused, the log's seq without gaps, the move
and the snapshot together or not at all) are tested in tests/bot/test_store.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store import NotFound, PlayedMove, StaleVersion, Store, WrongStatus
from tests.bot.store_moves import record_move
from tests.bot.test_store import playing_table


class _Sent:
    """The store's writer connection, with every statement sent through it written down (its first words)."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self.statements: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def _note(self, sql: str) -> None:
        words = sql.split()
        self.statements.append(" ".join(words[:2] if words[0] in ("UPDATE", "SELECT") else words[:3]))

    def execute(self, sql: str, params: Any = ()) -> Any:
        self._note(sql)
        return self._db.execute(sql, params)

    async def execute_fetchall(self, sql: str, params: Any = ()) -> Any:
        self._note(sql)
        return await self._db.execute_fetchall(sql, params)

    async def executemany(self, sql: str, rows: Any) -> Any:
        self._note(sql)
        return await self._db.executemany(sql, rows)


def _watched(store: Store) -> _Sent:
    sent = _Sent(store._db)
    store._db = sent  # type: ignore[assignment]  # the writer's stand-in: it passes every call on
    return sent


def _kinds(statements: list[str]) -> list[str]:
    return [s.split()[0] if s.startswith(("BEGIN", "COMMIT", "ROLLBACK")) else s for s in statements]


async def test_a_move_is_its_table_update_and_its_log_line_in_one_transaction(store: Store):
    table = await playing_table(store)
    sent = _watched(store)
    row = await record_move(store, table, "play:1L", {"n": 1}, deadline=5.0)
    assert _kinds(sent.statements) == ["BEGIN", "UPDATE tables", "INSERT INTO actions", "COMMIT"]
    # what the UPDATE returned is the stored row: nothing is read again
    assert row == await store.tables.get(table.id)
    assert row.version == table.version + 1 and json.loads(row.snapshot or "") == {"n": 1} and row.deadline == 5.0


async def test_a_stale_move_writes_nothing_and_says_which_version_the_table_is_at(store: Store):
    table = await playing_table(store)
    moved = await record_move(store, table, "play:1L", {"n": 1})
    sent = _watched(store)
    with pytest.raises(StaleVersion) as refused:
        await record_move(store, table, "play:2A", {"n": 2}, version=table.version)
    assert (refused.value.expected, refused.value.actual) == (table.version, moved.version)
    assert "INSERT INTO actions" not in sent.statements
    assert [a.action for a in await store.tables.actions(table.id)] == ["play:1L"]


async def test_a_games_end_reads_its_table_row_no_more(store: Store):
    table = await playing_table(store, users=(1, None))
    sent = _watched(store)
    results: list[dict[str, Any]] = [
        {"participant": "user:1", "user_id": 1, "name": "user1", "seat": 0, "amount": 6, "placing": 1},
        {"participant": f"bot:{table.id}:1", "user_id": None, "name": "Bot 1", "seat": 1, "amount": -6, "placing": 2},
    ]
    move = PlayedMove(0, "stop", 1)
    done = await store.tables.finish(
        table.id, move=move, snapshot="{}", expected_version=table.version, results=results
    )
    assert "SELECT *" not in sent.statements and sent.statements.count("UPDATE tables") == 1
    assert done == await store.tables.get(table.id) and done.status == "finished"


async def test_a_refused_write_says_why_as_before(store: Store):
    """The UPDATE that checks version and status itself changes nothing when either is wrong; the refusal then
    names the cause: no such table, a stale version (first), or a status the write does not apply to."""
    lobby = await store.tables.create(100, 9, "koikoi", {}, 1, [{"user_id": 1, "name": "user1", "bot": False}], 90)
    with pytest.raises(NotFound):
        await record_move(store, lobby.model_copy(update={"id": 12345}), "play:1L", {"n": 1})
    with pytest.raises(WrongStatus) as wrong:
        await record_move(store, lobby, "play:1L", {"n": 1})
    assert (wrong.value.status, wrong.value.wanted) == ("lobby", ("playing",))
    with pytest.raises(StaleVersion) as stale:
        await record_move(store, lobby, "play:1L", {"n": 1}, version=lobby.version + 3)
    assert (stale.value.expected, stale.value.actual) == (lobby.version + 3, lobby.version)
    with pytest.raises(NotFound):
        await store.tables.cancel(12345)
    assert await store.tables.get(lobby.id) == lobby and await store.tables.actions(lobby.id) == []
