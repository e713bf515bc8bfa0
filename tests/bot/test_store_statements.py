"""What a move sends the database: one transaction of as few statements as its guarantees allow, on both backends.

Each statement is a round trip to PostgreSQL and a wake-up of the event loop on SQLite (aiosqlite's thread), on
every move of every table; the guarantees themselves (a stale writer refused, the log's seq without gaps, the move
and the snapshot together or not at all) are tested in tests/bot/test_store.py.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import asyncpg
import pytest

from bot.postgres import PgConnection, guarded_statement, placeholders
from bot.store import LedgerEntry, NotFound, PlayedMove, StaleVersion, Store, WrongStatus
from bot.store.guarded import GuardedWrite, Insert
from tests.bot.store_moves import record_move, user_results
from tests.bot.test_store import playing_table


class _Sent:
    """What the store's writers send their database, as the driver sees it: ``calls``, each a round trip (a statement
    to PostgreSQL, or a job for aiosqlite's thread: a wake-up of the event loop), and ``statements``, every statement
    the database ran (SQLite's trace, PostgreSQL's query log), by their first words (three after ``WITH``). On
    PostgreSQL the writers are the writer and the movers (the connections of the moves outside a transaction)."""

    def __init__(self, store: Store) -> None:
        self.calls = 0
        self.statements: list[str] = []
        writer: Any = store._db
        if isinstance(writer, PgConnection):
            for conn in [writer, *store._movers]:
                assert isinstance(conn, PgConnection)
                conn._conn.add_query_logger(self._sent_to_postgres)
        else:
            real = writer._execute

            async def job(fn: Any, *args: Any, **kwargs: Any) -> Any:
                self.calls += 1
                return await real(fn, *args, **kwargs)

            writer._execute = job

    async def settled(self) -> _Sent:
        """Itself, once asyncpg has told it every query sent (it calls its loggers soon after, not at once)."""
        await asyncio.sleep(0)
        return self

    def _sent_to_postgres(self, query: Any) -> None:
        self.calls += 1
        self._note(query.query)

    def _note(self, sql: str) -> None:
        words = sql.split()
        many = {"UPDATE": 2, "SELECT": 4, "WITH": 5}.get(words[0], 3)
        self.statements.append(" ".join(words[:many]))


async def _watched(store: Store) -> _Sent:
    sent = _Sent(store)
    if not isinstance(store._db, PgConnection):
        await store._db.set_trace_callback(sent._note)
        sent.calls = 0
    return sent


def _kinds(statements: list[str]) -> list[str]:
    return [s.split()[0] if s.startswith(("BEGIN", "COMMIT", "ROLLBACK")) else s for s in statements]


def _postgres(store: Store) -> bool:
    return isinstance(store._db, PgConnection)


async def test_a_move_is_one_round_trip_its_table_update_and_its_log_line_together(store: Store):
    """PostgreSQL: one statement, the table's UPDATE with the INSERT of its log line reading the row it changed, atomic
    on its own (no BEGIN / COMMIT). SQLite: the four statements of a transaction in one job of aiosqlite's thread."""
    table = await playing_table(store)
    sent = await _watched(store)
    version = await store.tables.record_action(
        table.id, PlayedMove(0, "play:1L", 1), snapshot={"n": 1}, deadline=5.0, expected_version=table.version
    )
    await sent.settled()
    if _postgres(store):
        assert sent.statements == ["WITH changed AS (UPDATE tables"] and sent.calls == 1
    else:
        assert _kinds(sent.statements) == ["BEGIN", "UPDATE tables", "INSERT INTO actions", "COMMIT"]
        assert sent.calls == 1
    # the UPDATE returns the new version only (not the snapshot just sent): nothing is read again
    row = await store.tables.get(table.id)
    assert version == row.version == table.version + 1
    assert json.loads(row.snapshot or "") == {"n": 1} and row.deadline == 5.0
    (logged,) = await store.tables.actions(table.id)
    assert (logged.seq, logged.seat, logged.action, logged.actor_id, logged.source) == (1, 0, "play:1L", 1, "player")


async def test_the_log_of_moves_in_one_round_trip_each_counts_on(store: Store):
    table = await playing_table(store)
    for n, action in enumerate(("play:1L", "play:2A", "draw"), 1):
        table = await record_move(store, table, action, {"n": n}, seat=n % 2, actor=1 + n % 2, source="player")
    assert [(a.seq, a.action, a.seat) for a in await store.tables.actions(table.id)] == [
        (1, "play:1L", 1),
        (2, "play:2A", 0),
        (3, "draw", 1),
    ]


async def test_a_seat_change_a_start_and_a_cancel_are_one_round_trip_each(store: Store):
    lobby = await store.tables.create(100, 9, "koikoi", {}, 1, [{"user_id": 1, "name": "user1", "bot": False}], 90)
    seats = [{"user_id": 1, "name": "user1", "bot": False}, {"user_id": None, "name": "Bot", "bot": True}]
    season = await store.seasons.ensure(100)
    sent = await _watched(store)
    started = await store.tables.start(lobby.id, seats, "seed", "{}", 5.0, season.id, expected_version=lobby.version)
    seated = await store.tables.update_seats(lobby.id, seats[::-1], started.version)
    cancelled = await store.tables.cancel(lobby.id, seated.version)
    await sent.settled()
    assert sent.calls == 3
    assert [s for s in _kinds(sent.statements) if s not in ("BEGIN", "COMMIT")] == ["UPDATE tables"] * 3
    assert (started.status, seated.seats, cancelled.status) == ("playing", seats[::-1], "cancelled")
    assert cancelled == await store.tables.get(lobby.id)


async def test_a_stale_move_writes_nothing_and_says_which_version_the_table_is_at(store: Store):
    table = await playing_table(store)
    moved = await record_move(store, table, "play:1L", {"n": 1})
    sent = await _watched(store)
    with pytest.raises(StaleVersion) as refused:
        await record_move(store, table, "play:2A", {"n": 2}, version=table.version)
    assert (refused.value.expected, refused.value.actual) == (table.version, moved.version)
    await sent.settled()
    # PostgreSQL: the one statement of the move, whose INSERT read no changed row; SQLite: the UPDATE only
    assert (
        sent.statements[:1] == ["WITH changed AS (UPDATE tables"]
        if _postgres(store)
        else "INSERT INTO actions" not in sent.statements
    )
    assert [a.action for a in await store.tables.actions(table.id)] == ["play:1L"]


async def test_a_games_end_is_its_move_its_ledger_lines_and_its_ratings_in_seven_round_trips(store: Store):
    """BEGIN; the table's UPDATE with its last move (one guarded write); the ledger lines in one INSERT; the results
    the ratings rank and the people's latest ratings (both scopes) in one read each; the new ratings; COMMIT. The table's
    row is not read again."""
    table = await playing_table(store, users=(1, 2))
    sent = await _watched(store)
    results = user_results([1, 2], [6, -6], [1, 2])
    done = await store.tables.finish(
        table.id, move=PlayedMove(0, "stop", 1), snapshot="{}", expected_version=table.version, results=results
    )
    await sent.settled()
    assert sent.calls == 7
    # SQLite's trace repeats a statement for each row of an executemany and each statement its triggers run
    ran = [s for n, s in enumerate(sent.statements) if n == 0 or s != sent.statements[n - 1]]
    if _postgres(store):
        move = ["BEGIN", "WITH changed AS (UPDATE tables"]
        ranked = 'SELECT user_id, "placing", net'
    else:
        move = ["BEGIN IMMEDIATE", "UPDATE tables", "INSERT INTO actions"]
        ranked = "SELECT user_id, placing, net"
    assert ran == [*move, "INSERT INTO ledger", ranked, "SELECT * FROM (SELECT", "INSERT INTO ratings", "COMMIT"]
    assert done == await store.tables.get(table.id) and done.status == "finished"
    lines = await store.ledger.lines(table.guild_id, table_id=table.id)
    assert [(ln.participant, ln.amount, ln.placing) for ln in lines] == [("user:1", 6, 1), ("user:2", -6, 2)]
    assert [a.action for a in await store.tables.actions(table.id)] == ["stop"]


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


async def test_a_move_on_a_finished_table_is_refused_and_writes_nothing(store: Store):
    table = await playing_table(store, users=(1, 2))
    done = await store.tables.finish(
        table.id, snapshot="{}", expected_version=table.version, results=user_results([1, 2], [6, -6], [1, 2])
    )
    with pytest.raises(WrongStatus) as wrong:
        await record_move(store, done, "play:1L", {"n": 1})
    assert (wrong.value.status, wrong.value.wanted) == ("finished", ("playing",))
    with pytest.raises(StaleVersion):  # a click on the table as it was before its end: stale first
        await record_move(store, table, "play:1L", {"n": 1})
    assert await store.tables.get(table.id) == done and await store.tables.actions(table.id) == []


class _CutOff:
    """An asyncpg connection whose first statement is cut off with the connection, as a network cut does mid-way:
    the server may have run it or not, and the client cannot tell."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False

    def is_closed(self) -> bool:
        return False

    def is_in_transaction(self) -> bool:
        return False

    def terminate(self) -> None:
        self.closed = True

    async def fetch(self, sql: str, *params: Any) -> list[Any]:
        self.sent.append(sql)
        if len(self.sent) == 1:
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return []


async def test_a_move_cut_off_with_its_connection_is_refused_not_sent_again():
    """A move's one statement reads like a query (``WITH``) but writes: cut off, it may have been written, so it is
    refused as a lost connection, as a cut-off COMMIT was, rather than sent again on a new connection."""
    conn = _CutOff()
    write = GuardedWrite("UPDATE tables SET version = version + 1 WHERE id = ? RETURNING *", (1,), (_insert(),))
    with pytest.raises(sqlite3.OperationalError, match="lost"):
        await PgConnection(conn).guarded(write)
    assert conn.sent == [placeholders(guarded_statement(write.update, (write.inserts[0].sql,)))] and conn.closed


def _insert() -> Insert:
    return Insert("INSERT INTO actions (table_id, seq) SELECT ?, ?", (1, 1))


async def test_ledger_lines_are_written_a_statement_per_500_and_returned_as_stored(store: Store):
    season = await store.seasons.ensure(100)
    entries = [
        LedgerEntry(
            guild_id=100,
            season_id=season.id,
            game="koikoi",
            participant=f"user:{n % 7}",
            user_id=n % 7,
            name=f"user{n % 7}",
            seat=n % 3,
            kind="loan" if n % 2 else "game",
            amount=n - 500,
            memo=str(n),
        )
        for n in range(1001)
    ]
    sent = await _watched(store)
    written = await store.ledger.append(entries)
    await sent.settled()
    assert sent.calls == 5  # BEGIN, 500 + 500 + 1 lines, COMMIT
    assert written == await store.ledger.lines(100)
    assert [(ln.amount, ln.memo, ln.kind) for ln in written] == [(e.amount, e.memo, e.kind) for e in entries]
