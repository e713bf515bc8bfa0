"""The store's connections and its transaction helper.

One writer connection under an asyncio lock, so coroutines sharing it never interleave their
statements, and (for a database file or PostgreSQL) a second, read-only connection for the queries
that only read: in WAL mode a reader neither waits for nor blocks the writer, so a long query never
holds up a table's move. Every repository of the store (``bot/store/``) reads and writes through it.

On PostgreSQL a few more connections, the movers, run the standalone guarded writes (a move: one statement that
changes only its own table's row and appends to that table's log), so moves on different tables neither queue
behind each other nor behind a transaction that holds the writer. A task inside its own transaction keeps the
writer for its guarded writes too, so a transaction stays on one connection. SQLite has no movers: it allows one
writer, and a move there is one job of aiosqlite's thread.
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
        self._movers: list[SqliteConnection] = []  # set by Store.open_postgres; empty: guarded writes use the writer
        self._idle_movers: asyncio.Queue[SqliteConnection] = asyncio.Queue()

    def now(self) -> float:
        return float(self._clock())

    def is_writer(self, conn: aiosqlite.Connection) -> bool:
        """Whether ``conn`` is this store's writer (as :meth:`transaction` yields it)."""
        return conn is self._db

    def add_movers(self, movers: Sequence[SqliteConnection]) -> None:
        """Connections of their own for the standalone guarded writes (PostgreSQL: see the module's docstring)."""
        for mover in movers:
            self._movers.append(mover)
            self._idle_movers.put_nowait(mover)

    async def close(self) -> None:
        for mover in self._movers:
            await mover.close()
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

    @asynccontextmanager
    async def mover(self) -> AsyncIterator[SqliteConnection]:
        """The connection of a guarded write: the writer in this task's own use of it (its transaction, which the
        write joins) or when there are no movers (SQLite); else an idle mover, never waiting for the writer."""
        if not self._movers or self._owner is asyncio.current_task():
            async with self.use() as db:
                yield db
            return
        mover = await self._idle_movers.get()
        try:
            yield mover
        finally:
            self._idle_movers.put_nowait(mover)

    async def guarded(self, write: GuardedWrite) -> sqlite3.Row | None:
        """Run ``write`` (:mod:`bot.store.guarded`) atomically and in one call into the driver, on its connection
        (:meth:`mover`): the changed row, or None when its guard matched no row and nothing was written. A write the
        database refuses is raised as :class:`~bot.store.errors.SaveFailed`."""
        async with self.mover() as db:
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
