"""The SQLite backend's writer: aiosqlite's connection, with a guarded write in one call into its thread.

Every aiosqlite call is a job for the connection's thread and a wake-up of the event loop when it is done; a move's
statements sent one by one (``BEGIN IMMEDIATE``, ``UPDATE``, ``INSERT``, ``COMMIT``) were four. :meth:`guarded` runs
them in the thread in one job.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.guarded import GuardedWrite

ITER_CHUNK_SIZE = 64  # aiosqlite's default: rows fetched per hop by a cursor's iteration


class SqliteConnection(aiosqlite.Connection):
    """An aiosqlite connection to ``target`` (in autocommit mode: the store opens its transactions with ``begin``)."""

    def __init__(self, target: str | Path, begin: str) -> None:
        location = str(target)
        super().__init__(lambda: sqlite3.connect(location, isolation_level=None), ITER_CHUNK_SIZE)
        self._begin = begin

    async def guarded(self, write: GuardedWrite) -> sqlite3.Row | None:
        """Run ``write`` (:mod:`bot.store.guarded`): the changed row, or None when the guard matched no row and nothing
        was written. In a transaction of its own unless one is open, which it joins."""
        return await self._execute(self._guarded, write)

    def _guarded(self, write: GuardedWrite) -> sqlite3.Row | None:
        """In aiosqlite's thread."""
        conn = self._conn
        own = not conn.in_transaction
        if own:
            conn.execute(self._begin)
        try:
            (update, params), *inserts = write.statements()
            row = next(iter(conn.execute(update, params).fetchall()), None)
            if row is not None:
                for sql, values in inserts:
                    conn.execute(sql, values)
            if own:
                conn.execute("COMMIT")
        except BaseException:
            if own and conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return row
