"""The PostgreSQL backend of the store: an asyncpg connection that speaks like aiosqlite's.

:class:`bot.store.Store` is written once against aiosqlite's small surface (``execute`` with
``?`` placeholders, a cursor with ``fetchone``/``fetchall``/``lastrowid``/``rowcount``,
``executescript``, ``in_transaction``) and sqlite3's exceptions. :class:`PgConnection` gives
the same surface over asyncpg, so every dialect difference of the queries lives here and in
``bot/migrations/postgresql/`` (the schema, in PostgreSQL's own types and trigger syntax):

* ``?`` placeholders become ``$1, $2, …``;
* the column ``placing``, a reserved word in PostgreSQL, is quoted;
* an ``INSERT`` into a table with an ``id`` returns it (``lastrowid``);
* asyncpg's errors are raised as sqlite3's: a refused constraint, trigger or value (bad JSON) as
  ``IntegrityError``, anything else the server refuses as ``OperationalError`` (the store turns
  those into :class:`~bot.store.SaveFailed`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from typing import Any

import asyncpg

URL_PREFIXES = ("postgresql://", "postgres://")
_RESERVED = re.compile(r"\bplacing\b")
_ID_TABLES = re.compile(r"^\s*INSERT INTO (tables|seasons|ledger)\s*\(", re.IGNORECASE)


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_PREFIXES)


def placeholders(sql: str) -> str:
    """``?`` → ``$n`` and ``placing`` → ``"placing"`` (the store's SQL has neither inside a string literal)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, _RESERVED.sub('"placing"', sql))


def _translated(exc: Exception) -> Exception:
    if isinstance(exc, (asyncpg.IntegrityConstraintViolationError, asyncpg.RaiseError, asyncpg.DataError)):
        return sqlite3.IntegrityError(str(exc))
    return sqlite3.OperationalError(str(exc))


class PgCursor:
    """The result of one statement, read like an aiosqlite cursor."""

    def __init__(self, rows: list[asyncpg.Record], lastrowid: int | None, rowcount: int) -> None:
        self._rows = rows
        self.lastrowid = lastrowid
        self.rowcount = rowcount

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        return self._rows

    async def __aenter__(self) -> "PgCursor":
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Statement:
    """``await conn.execute(…)`` and ``async with conn.execute(…) as cur`` both work, as in aiosqlite."""

    def __init__(self, conn: "PgConnection", sql: str, params: Sequence[Any]) -> None:
        self._conn, self._sql, self._params = conn, sql, params

    def __await__(self):
        return self._conn._run(self._sql, self._params).__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._conn._run(self._sql, self._params)

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConnection:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    @classmethod
    async def connect(cls, url: str) -> "PgConnection":
        try:
            return cls(await asyncpg.connect(url))
        except (OSError, asyncpg.PostgresError) as exc:
            raise sqlite3.OperationalError(f"cannot connect to PostgreSQL: {exc}") from None

    @property
    def in_transaction(self) -> bool:
        return self._conn.is_in_transaction()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Statement:
        return _Statement(self, sql, tuple(params))

    async def _run(self, sql: str, params: Sequence[Any]) -> PgCursor:
        text = placeholders(sql)
        returns_id = bool(_ID_TABLES.match(text)) and "RETURNING" not in text.upper()
        if returns_id:
            text += " RETURNING id"
        try:
            if text.lstrip().upper().startswith(("SELECT", "WITH")) or returns_id:
                rows = await self._conn.fetch(text, *params)
                return PgCursor(rows, rows[0]["id"] if returns_id and rows else None, len(rows))
            status = await self._conn.execute(text, *params)
        except asyncpg.PostgresError as exc:
            raise _translated(exc) from exc
        tail = status.rsplit(" ", 1)[-1]
        return PgCursor([], None, int(tail) if tail.isdigit() else -1)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(placeholders(sql), rows)
        except asyncpg.PostgresError as exc:
            raise _translated(exc) from exc

    async def executescript(self, script: str) -> None:
        try:
            await self._conn.execute(script)
        except asyncpg.PostgresError as exc:
            raise _translated(exc) from exc

    async def close(self) -> None:
        await self._conn.close()
