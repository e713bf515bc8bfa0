"""The store's connections and its transaction helper.

One writer connection under an asyncio lock, so coroutines sharing it never interleave their
statements, and (for a database file or PostgreSQL) a second, read-only connection for the queries
that only read: in WAL mode a reader neither waits for nor blocks the writer, so a long query never
holds up a table's move. Every repository of the store (``bot/store/``) reads and writes through it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.store.dialect import Dialect
from bot.store.errors import SaveFailed
from bot.store.guarded import GuardedWrite
from bot.store.sqlite import SqliteConnection


def json_text(value: Any) -> str:
    """A JSON column's text: compact, non-ASCII kept as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


async def rollback(db: aiosqlite.Connection) -> None:
    if db.in_transaction:
        try:
            await db.execute("ROLLBACK")
        except sqlite3.Error:
            pass


class Connection:
    """The writer (``use``, ``transaction``) and the reader (``read``) of one database."""

    def __init__(self, db: SqliteConnection, clock: Callable[[], float], dialect: Dialect) -> None:
        self._db = db
        self.dialect = dialect
        self._reader: aiosqlite.Connection | None = None  # set by Store.open once the database is migrated
        self._read_lock = asyncio.Lock()
        self._clock = clock
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0
        self._in_tx = False

    def now(self) -> float:
        return float(self._clock())

    def is_writer(self, conn: aiosqlite.Connection) -> bool:
        """Whether ``conn`` is this store's writer (as :meth:`transaction` yields it)."""
        return conn is self._db

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._db.close()

    @asynccontextmanager
    async def use(self) -> AsyncIterator[SqliteConnection]:
        """Exclusive use of the writer; re-entrant within one task."""
        task = asyncio.current_task()
        if self._owner is task and task is not None:
            self._depth += 1
            try:
                yield self._db
            finally:
                self._depth -= 1
            return
        async with self._lock:
            self._owner, self._depth = task, 1
            try:
                yield self._db
            finally:
                self._owner, self._depth = None, 0

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """``async with store.read() as conn:`` — a connection for a read-only query: the reader, which
        never waits on the writer's lock (the writer itself for ``:memory:``, or inside this task's own
        transaction). Modules with queries of their own read through it (the league's ``bot/league/``, the
        player pages' ``bot/tallies.py`` and ``bot/profile.py``)."""
        if self._reader is None or self._owner is asyncio.current_task():
            async with self.use() as db:
                yield db
            return
        async with self._read_lock:
            yield self._reader

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``async with store.transaction() as conn:`` — one atomic unit of work.

        Nested use (in the same task) joins the outer transaction. Pass ``conn`` to
        methods that accept it (e.g. ``store.ledger.append``) to make them part of it.
        A write the database refuses (read-only, disk full, I/O error) is rolled back and
        raised as :class:`~bot.store.errors.SaveFailed`.
        """
        async with self.use() as db:
            if self._in_tx:
                yield db
                return
            try:
                await db.execute(self.dialect.begin)
            except sqlite3.OperationalError as exc:
                raise SaveFailed(str(exc)) from exc
            self._in_tx = True
            try:
                yield db
            except BaseException as exc:
                self._in_tx = False
                await rollback(db)
                if isinstance(exc, sqlite3.OperationalError):
                    raise SaveFailed(str(exc)) from exc
                raise
            else:
                self._in_tx = False
                await self._commit(db)

    @staticmethod
    async def _commit(db: aiosqlite.Connection) -> None:
        try:
            await db.execute("COMMIT")
        except BaseException as exc:
            await rollback(db)
            if isinstance(exc, sqlite3.OperationalError):
                raise SaveFailed(str(exc)) from exc
            raise

    async def guarded(self, write: GuardedWrite) -> sqlite3.Row | None:
        """Run ``write`` (:mod:`bot.store.guarded`) on the writer, atomically and in one call into the driver, in this
        task's transaction if one is open: the changed row, or None when its guard matched no row and nothing was
        written. A write the database refuses is raised as :class:`~bot.store.errors.SaveFailed`."""
        async with self.use() as db:
            try:
                return await db.guarded(write)
            except sqlite3.OperationalError as exc:
                raise SaveFailed(str(exc)) from exc

    async def select(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of a read-only query, read as :meth:`read` does."""
        async with self.read() as db:
            return await self.fetchall(db, sql, params)

    # One call into the driver each (aiosqlite's thread, or PostgreSQL): a cursor's execute, fetch and close would be
    # three wake-ups of the event loop on SQLite.
    @staticmethod
    async def fetchone(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """The first row of ``sql`` (a read, or a write's ``RETURNING``), if any; for queries of one row."""
        rows = await db.execute_fetchall(sql, params)
        return next(iter(rows), None)

    @staticmethod
    async def fetchall(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Every row of ``sql`` (a read, or a write's ``RETURNING``)."""
        return list(await db.execute_fetchall(sql, params))
