"""The PostgreSQL backend of the store: an asyncpg connection that speaks like aiosqlite's.

:class:`bot.store.Store` is written once against aiosqlite's small surface (``execute`` with
``?`` placeholders, a cursor with ``fetchone``/``fetchall``/``lastrowid``/``rowcount``,
``execute_fetchall``, ``executescript``, ``in_transaction``) and sqlite3's exceptions. :class:`PgConnection` gives
the same surface over asyncpg, so every dialect difference of the queries lives here and in
``bot/migrations/postgresql/`` (the schema, in PostgreSQL's own types and trigger syntax):

* ``?`` placeholders become ``$1, $2, …``;
* the column ``placing``, a reserved word in PostgreSQL, is quoted;
* an ``INSERT`` into a table with an ``id`` returns it (``lastrowid``);
* asyncpg's errors are raised as sqlite3's: a refused constraint, trigger or value (bad JSON) as
  ``IntegrityError``, anything else the server refuses as ``OperationalError`` (the store turns
  those into :class:`~bot.store.SaveFailed`);
* a guarded write (:mod:`bot.store.guarded`: a move, its table's row and its log line) is one statement, a
  data-modifying ``WITH`` (:func:`guarded_statement`), atomic with no ``BEGIN`` / ``COMMIT`` around it;
* a connection the server dropped (a restart, a network cut) is opened again: a statement that was
  cut off fails as ``OperationalError`` (its transaction is rolled back by the server, so the write
  is refused, not half done; a guarded write cut off after the server committed it, which the client cannot tell,
  leaves the table a version ahead, as a ``COMMIT`` cut off after it was done did), and the next statement runs on a
  new connection. A ``BEGIN``, or a read outside a transaction, that finds the connection gone is sent again on the
  new one: nothing had been written. A write, guarded ones included, is never sent again.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import asyncpg

if TYPE_CHECKING:  # imported at run time, bot.store would import this module back before it is defined
    from bot.store.guarded import GuardedWrite

URL_PREFIXES = ("postgresql://", "postgres://")
_RESERVED = re.compile(r"\bplacing\b")
_ID_TABLES = re.compile(r"^\s*INSERT INTO (tables|seasons|ledger|league_signups)\s*\(", re.IGNORECASE)


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


class _Sql(NamedTuple):
    """A statement of the store as PostgreSQL takes it, and what the connection needs to know about it."""

    text: str
    returns_id: bool  # an INSERT into a table with an id, which returns it
    reads: bool  # a SELECT (or WITH … SELECT)
    begins: bool  # a BEGIN


@lru_cache(maxsize=1024)
def _statement(sql: str) -> _Sql:
    """``sql`` translated, once per text: the store sends the same few statements on every move."""
    text = placeholders(sql)
    returns_id = bool(_ID_TABLES.match(text)) and "RETURNING" not in text.upper()
    if returns_id:
        text += " RETURNING id"
    head = text.lstrip().upper()
    return _Sql(text, returns_id, head.startswith(("SELECT", "WITH")), head.startswith("BEGIN"))


@lru_cache(maxsize=64)
def guarded_statement(update: str, inserts: tuple[str, ...]) -> str:
    """A guarded write's statements as one: the ``UPDATE … RETURNING *`` as the ``changed`` row, each insert's
    ``SELECT`` reading its values ``FROM changed`` (so it writes nothing when the guard changed nothing), the changed
    row as the result. Its ``?`` stay in the order of the statements, so the parameters are theirs, joined."""
    if not inserts:
        return update
    steps = "".join(f", written_{n} AS ({sql} FROM changed)" for n, sql in enumerate(inserts, 1))
    return f"WITH changed AS ({update}){steps} SELECT * FROM changed"


# a connection that is gone: closed by the server or the network (asyncpg's InterfaceError says "connection is
# closed"; ConnectionDoesNotExistError is the PostgreSQL-side variant, cut in the middle of a statement;
# InternalClientError when the server's goodbye arrived while the connection was idle)
LOST = (
    asyncpg.InterfaceError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InternalClientError,
    ConnectionError,
    OSError,
)


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

    async def __aenter__(self) -> PgCursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Statement:
    """``await conn.execute(…)`` and ``async with conn.execute(…) as cur`` both work, as in aiosqlite."""

    def __init__(self, conn: PgConnection, sql: str, params: Sequence[Any]) -> None:
        self._conn, self._sql, self._params = conn, sql, params

    def __await__(self):
        return self._conn._run(self._sql, self._params).__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._conn._run(self._sql, self._params)

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConnection:
    def __init__(self, conn: asyncpg.Connection, url: str | None = None) -> None:
        self._conn = conn
        self._url = url  # to connect again when the server drops the connection
        self.reconnections = 0
        # Whether the connection was inside a transaction after its last statement: asyncpg may find it closed
        # before the next one is sent, and a transaction lost with it must not go on on the new connection.
        self._in_transaction = False

    @classmethod
    async def connect(cls, url: str) -> PgConnection:
        return cls(await cls._open(url), url)

    @staticmethod
    async def _open(url: str) -> asyncpg.Connection:
        try:
            return await asyncpg.connect(url)
        except (OSError, asyncpg.PostgresError) as exc:
            raise sqlite3.OperationalError(f"cannot connect to PostgreSQL: {exc}") from None

    async def _live(self) -> asyncpg.Connection:
        """The connection, opened again if it was lost (a new one is never inside a transaction)."""
        if self._conn.is_closed() and self._url is not None:
            lost_transaction = self._in_transaction
            self._conn = await self._open(self._url)
            self.reconnections += 1
            self._in_transaction = False
            if lost_transaction:  # the rest of a transaction the server rolled back: refused, never sent alone
                raise sqlite3.OperationalError("the connection to PostgreSQL was lost in the middle of a transaction")
        return self._conn

    async def _lost(self, exc: BaseException) -> sqlite3.OperationalError:
        """A statement cut off with its connection: the connection is dropped (opened again by the next
        statement) and the statement's write refused."""
        self._in_transaction = False  # this statement's failure is the transaction's end, said once
        if not self._conn.is_closed():
            self._conn.terminate()
        return sqlite3.OperationalError(f"the connection to PostgreSQL was lost: {exc}")

    @property
    def in_transaction(self) -> bool:
        return self._conn.is_in_transaction()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Statement:
        return _Statement(self, sql, tuple(params))

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        """Every row of one statement (a read, or a write's ``RETURNING``), as aiosqlite's ``execute_fetchall``."""
        return await (await self._run(sql, tuple(params), rows=True)).fetchall()

    async def guarded(self, write: GuardedWrite) -> asyncpg.Record | None:
        """Run ``write`` (:mod:`bot.store.guarded`) as one statement: the changed row, or None when the guard matched
        no row and nothing was written. Atomic on its own; inside an open transaction, part of it."""
        sql = guarded_statement(write.update, tuple(i.sql for i in write.inserts))
        params = (*write.params, *(p for i in write.inserts for p in i.params))
        found = await (await self._run(sql, params, rows=True, writes=True)).fetchall()
        return found[0] if found else None

    async def _run(self, sql: str, params: Sequence[Any], *, rows: bool = False, writes: bool = False) -> PgCursor:
        """``writes``: a statement that writes though it reads like a query (a data-modifying ``WITH``)."""
        text, returns_id, reads, begins = _statement(sql)
        for attempt in (1, 2):
            conn = await self._live()
            # what may be sent again on a new connection: a BEGIN, or a read outside a transaction (nothing written)
            read_only = reads and not writes and not returns_id
            again = attempt == 1 and (begins or (read_only and not conn.is_in_transaction()))
            try:
                if reads or returns_id or rows:
                    found = await conn.fetch(text, *params)
                    self._in_transaction = conn.is_in_transaction()
                    return PgCursor(found, found[0]["id"] if returns_id and found else None, len(found))
                status = await conn.execute(text, *params)
                self._in_transaction = conn.is_in_transaction()
                break
            except LOST as exc:
                lost = await self._lost(exc)
                if not again:
                    raise lost from exc
            except asyncpg.PostgresError as exc:
                raise _translated(exc) from exc
        tail = status.rsplit(" ", 1)[-1]
        return PgCursor([], None, int(tail) if tail.isdigit() else -1)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        conn = await self._live()
        try:
            await conn.executemany(placeholders(sql), rows)
            self._in_transaction = conn.is_in_transaction()
        except LOST as exc:
            raise await self._lost(exc) from exc
        except asyncpg.PostgresError as exc:
            raise _translated(exc) from exc

    async def executescript(self, script: str) -> None:
        conn = await self._live()
        try:
            await conn.execute(script)
            self._in_transaction = conn.is_in_transaction()
        except LOST as exc:
            raise await self._lost(exc) from exc
        except asyncpg.PostgresError as exc:
            raise _translated(exc) from exc

    async def close(self) -> None:
        await self._conn.close()
