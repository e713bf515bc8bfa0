"""Parlor's SQLite store (docs/design.md §3).

One aiosqlite connection in WAL mode with foreign keys on. Every write runs in an
explicit transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) guarded by an asyncio lock, so
coroutines sharing the connection never interleave their statements; a write the database
refuses (read-only, full disk) is rolled back and raised as :class:`SaveFailed`. The league
queries read through a second, read-only connection and never wait on that lock.
:meth:`Store.open` refuses a file it cannot trust (:class:`DatabaseUnusable`).

* **tables** hold one game table each (lobby → playing → finished | cancelled) with
  an optimistic ``version``: every change bumps it and callers pass the version they
  saw (``expected_version``); a mismatch raises :class:`StaleVersion`.
* **actions** is the per-table action log, appended in the same transaction that
  updates the table's snapshot.
* A write that seats players (a new table, a lobby's newcomers) checks in its transaction that
  none sits at another open table of the guild (:mod:`bot.seating`).
* **ledger** is append-only (triggers refuse UPDATE and DELETE). Standings, balances
  and debts are sums over it, read from **ledger_totals** (per season, participant, game
  and kind) and **results** (per table and participant), which a trigger keeps up to date
  on every insert (migration 0003), so no query reads the whole ledger.
* **seasons** and **guild_config** are small per-guild tables.

Timestamps are unix seconds (floats). JSON columns are TEXT holding JSON.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import aiosqlite
from pydantic import BaseModel, ConfigDict, Field

from bot import schema as schema_check
from bot.postgres import PgConnection, is_postgres_url
from bot.seating import check_seated_once, seated_users
from bot.shards import Shards

__all__ = [
    "ActionRow",
    "BalanceRow",
    "DatabaseUnusable",
    "GuildConfig",
    "HistoryOpponent",
    "HistoryRow",
    "LedgerEntry",
    "LedgerRow",
    "LedgerTotal",
    "NotFound",
    "SaveFailed",
    "SeasonRow",
    "StaleVersion",
    "StandingRow",
    "Store",
    "StoreError",
    "TableExists",
    "TableRow",
    "WrongStatus",
]

TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
ActionSource = Literal["player", "timeout", "bot"]
OPEN_STATUSES = ("lobby", "playing")
CONFIG_KEYS = ("turn_seconds", "allowed_channels", "starting_balance")

_MIGRATION_NAME = re.compile(r"^(\d{4})_([A-Za-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Dialect:
    """What differs between the two backends besides the schema (``bot/migrations`` for SQLite,
    ``bot/migrations/postgresql`` for PostgreSQL) and the driver (:mod:`bot.postgres`)."""

    name: str
    begin: str  # opens a write transaction
    lock_row: str  # appended to the SELECT of the row a write checks (its version) and changes
    migrations: str  # the folder of the dialect's migrations, under bot/migrations
    migration_lock: tuple[str, str] | None = None  # statements around start-up migrations (several processes)
    next_id: str = ""  # after rows were inserted with their ids ({table}): new rows get the next id


# SQLite: BEGIN IMMEDIATE takes the database's write lock, so a version read in the
# transaction stays true until COMMIT. PostgreSQL: the table's row is locked (FOR UPDATE),
# so a second process's write to the same table waits, then sees the new version and is refused.
SQLITE = Dialect("sqlite", "BEGIN IMMEDIATE", "", "")
POSTGRES = Dialect("postgresql", "BEGIN", " FOR UPDATE", "postgresql",
                   ("SELECT pg_advisory_lock(15)", "SELECT pg_advisory_unlock(15)"),
                   "SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}")


# --------------------------------------------------------------------------- errors


class StoreError(Exception):
    """Base class of the store's own errors."""


class TableExists(StoreError):
    """The channel already has an open table (lobby or playing)."""

    def __init__(self, channel_id: int, table_id: int | None = None) -> None:
        self.channel_id = channel_id
        self.table_id = table_id
        super().__init__(f"channel {channel_id} already has an open table" + (f" (#{table_id})" if table_id else ""))


class StaleVersion(StoreError):
    """The table changed since the caller read it (optimistic version check failed)."""

    def __init__(self, table_id: int, expected: int | None, actual: int) -> None:
        self.table_id = table_id
        self.expected = expected
        self.actual = actual
        super().__init__(f"table {table_id}: expected version {expected}, found {actual}")


class SaveFailed(StoreError):
    """A write the database refused (read-only file, full disk, I/O error); nothing was changed."""

    def __init__(self, reason: str = "") -> None:
        self.reason = reason
        super().__init__("Parlor could not save that move; nothing changed.")


class DatabaseUnusable(StoreError):
    """The database file cannot be used (empty, unreadable, damaged, read-only); the message is
    one line saying why and what to do. Raised by :meth:`Store.open` only."""


class NotFound(StoreError, LookupError):
    """No such row."""


class WrongStatus(StoreError):
    """The table is not in a status that allows this change."""

    def __init__(self, table_id: int, status: str, wanted: Sequence[str]) -> None:
        self.table_id = table_id
        self.status = status
        self.wanted = tuple(wanted)
        super().__init__(f"table {table_id} is {status}; needs {' or '.join(wanted)}")


# --------------------------------------------------------------------------- rows


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class TableRow(_Row):
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int
    seats: list[dict[str, Any]]  # [{"user_id": int | None, "name": str, "bot": bool}, …]
    status: TableStatus
    version: int
    seed: str | None
    snapshot: str | None  # game state JSON, as given (``GAME.load(snapshot)``)
    deadline: float | None
    message_id: int | None
    turn_seconds: int
    season_id: int | None
    created_at: float
    updated_at: float
    finished_at: float | None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class ActionRow(_Row):
    table_id: int
    seq: int
    seat: int | None
    action: str
    actor_id: int | None
    source: ActionSource
    at: float


class SeasonRow(_Row):
    id: int
    guild_id: int
    number: int
    name: str
    started_at: float
    ended_at: float | None
    started_by: int | None  # None: opened automatically when a game started

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


class StandingRow(_Row):
    user_id: int
    name: str  # the most recent name the player played under
    game: str
    net: int  # sum of the season's lines of that game (every kind: money games' chips too)
    games: int  # distinct tables
    wins: int  # placing 1
    rounds_won: int | None = None  # rounds that ended above zero; None when the game's lines carry no rounds


class HistoryOpponent(_Row):
    participant: str
    user_id: int | None
    name: str
    seat: int | None
    amount: int
    placing: int | None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


class HistoryRow(_Row):
    table_id: int
    game: str
    season_id: int
    finished_at: float
    seat: int | None
    name: str
    amount: int
    placing: int | None
    opponents: list[HistoryOpponent]


class GuildConfig(_Row):
    guild_id: int
    turn_seconds: int | None = None  # None: use the process default
    allowed_channels: list[int] = Field(default_factory=list)  # empty: any channel
    starting_balance: int | None = None
    updated_at: float | None = None  # None: never configured

    def channel_allowed(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels

    def effective_turn_seconds(self, default: int) -> int:
        return self.turn_seconds if self.turn_seconds is not None else default


class LedgerEntry(BaseModel):
    """One ledger line to append (input of :meth:`Store.append_ledger`)."""

    guild_id: int
    season_id: int | None = None  # None: the guild's open season (created if needed)
    table_id: int | None = None
    game: str
    participant: str
    user_id: int | None = None
    name: str
    seat: int | None = None
    kind: str = Field(min_length=1)
    amount: int
    placing: int | None = None
    memo: str | None = None
    round: int | None = None  # the round of the game this line settles (None: the whole game)


class LedgerRow(_Row):
    id: int
    guild_id: int
    season_id: int
    table_id: int | None
    game: str
    participant: str
    user_id: int | None
    name: str
    seat: int | None
    kind: str
    amount: int
    placing: int | None
    memo: str | None
    created_at: float
    round: int | None = None


class LedgerTotal(_Row):
    """The sum of one participant's lines of one kind in one game (a season's, grouped)."""

    game: str
    participant: str
    user_id: int | None
    name: str  # the name of the participant's latest line in that game
    kind: str
    amount: int


class BalanceRow(_Row):
    participant: str
    user_id: int | None
    name: str
    balance: int


# --------------------------------------------------------------------------- helpers


def participant_for_user(user_id: int) -> str:
    return f"user:{user_id}"


def participant_for_bot(table_id: int, seat: int) -> str:
    return f"bot:{table_id}:{seat}"


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _snapshot_text(snapshot: Any) -> str | None:
    """Accept a JSON string, a pydantic model or a plain JSON-able value."""
    if snapshot is None or isinstance(snapshot, str):
        return snapshot
    if isinstance(snapshot, BaseModel):
        return snapshot.model_dump_json()
    return _json(snapshot)


def _seats_json(seats: Iterable[Any]) -> str:
    out = []
    for seat in seats:
        if isinstance(seat, BaseModel):
            seat = seat.model_dump()
        out.append(dict(seat))
    return _json(out)


def _table(row: sqlite3.Row) -> TableRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data["seats"] = json.loads(data["seats"])
    return TableRow(**data)


def _ledger(row: sqlite3.Row) -> LedgerRow:
    return LedgerRow(**dict(row))


def _lines_for_idle_seats(table: TableRow, season_id: int, entries: Sequence[LedgerEntry]) -> list[LedgerEntry]:
    """A ``game`` line of 0 for each seat of a finished table that has no line of its own."""
    with_lines = {e.seat for e in entries}
    out = []
    for n, seat in enumerate(table.seats):
        if n in with_lines:
            continue
        human = not seat.get("bot") and seat.get("user_id") is not None
        out.append(LedgerEntry(
            guild_id=table.guild_id, season_id=season_id, table_id=table.id, game=table.game,
            participant=participant_for_user(seat["user_id"]) if human else participant_for_bot(table.id, n),
            user_id=seat["user_id"] if human else None, name=seat.get("name") or f"Seat {n + 1}", seat=n,
            kind="game", amount=0, memo="no chips moved",
        ))
    return out


def _default_migrations(dialect: Dialect = SQLITE) -> Traversable | Path:
    """``bot/migrations`` (``bot/migrations/postgresql``) as package data (falls back to the source
    tree, e.g. when an editable install registered ``bot`` as a namespace package)."""
    try:
        folder = resources.files("bot").joinpath("migrations")
        if dialect.migrations:
            folder = folder.joinpath(dialect.migrations)
        if folder.is_dir():
            return folder
    except (ModuleNotFoundError, NotADirectoryError, TypeError):
        pass
    return Path(__file__).resolve().parent / "migrations" / dialect.migrations


def _load_migrations(source: Traversable | Path | None, dialect: Dialect = SQLITE) -> list[tuple[int, str, str]]:
    folder = source if source is not None else _default_migrations(dialect)
    found: dict[int, tuple[int, str, str]] = {}
    for item in folder.iterdir():
        match = _MIGRATION_NAME.match(item.name)
        if not match:
            continue
        version = int(match.group(1))
        if version in found:
            raise StoreError(f"two migrations numbered {version:04d}: {found[version][1]} and {match.group(2)}")
        found[version] = (version, match.group(2), item.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


SQLITE_HEADER = b"SQLite format 3\x00"


def _postgres_name(url: str) -> str:
    """A PostgreSQL database as a message names it: its name and server, never its password."""
    parts = urlsplit(url)
    return f"{parts.path.lstrip('/') or 'postgres'} on the PostgreSQL server {parts.hostname or 'localhost'}"


def _check_file(path: Path) -> None:
    """Refuse an existing file that is not a usable database before SQLite touches it
    (SQLite would take an empty file for a brand-new database)."""
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseUnusable(f"cannot create the folder of the database {path} ({exc.strerror}).") from None
        return
    if not path.is_file():
        raise DatabaseUnusable(f"the database path {path} is not a file.")
    try:
        with path.open("rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise DatabaseUnusable(f"the database file {path} cannot be read ({exc.strerror}); check its permissions.") from None
    if not header:
        raise DatabaseUnusable(
            f"the database file {path} is empty (0 bytes). Parlor never starts a new database in place of an "
            "existing file: restore it from a backup, or delete it to start afresh."
        )
    if header != SQLITE_HEADER:
        raise _damaged(path, "not a SQLite database")


def _damaged(path: Path | str, reason: str) -> DatabaseUnusable:
    return DatabaseUnusable(f"the database file {path} is damaged ({reason}); restore it from a backup.")


def _unusable(target: str, exc: sqlite3.DatabaseError) -> DatabaseUnusable:
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return DatabaseUnusable(
            f"the database file {target} is read-only ({text}); Parlor must be able to write to it and to "
            "its folder: check their permissions and the disk."
        )
    if isinstance(exc, sqlite3.OperationalError) and "not a database" not in text and "malformed" not in text:
        return DatabaseUnusable(f"the database file {target} cannot be used ({text}).")
    return _damaged(target, text)


async def _check_database(db: aiosqlite.Connection, target: str) -> None:
    """Integrity (``PRAGMA quick_check``) and writability (a write rolled back) of an open database."""
    async with db.execute("PRAGMA quick_check") as cur:
        problem = (await cur.fetchone())[0]
    if problem != "ok":
        raise _damaged(target, f"quick_check: {problem}")
    try:
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("CREATE TABLE parlor_write_probe (x INTEGER)")
    finally:
        await _rollback(db)


async def _rollback(db: aiosqlite.Connection) -> None:
    if db.in_transaction:
        try:
            await db.execute("ROLLBACK")
        except sqlite3.Error:
            pass


# --------------------------------------------------------------------------- store


class Store:
    """Async access to Parlor's SQLite database. Create with ``await Store.open(path)``.

    Writes go through one connection under an asyncio lock (:meth:`transaction`). A database
    file also gets a second, read-only connection for the league queries (standings, history,
    balances): in WAL mode a reader neither waits for nor blocks the writer, so a long query
    never holds up a table's move. ``":memory:"`` has only the one connection.
    """

    def __init__(
        self, db: aiosqlite.Connection, *, clock: Callable[[], float] = time.time,
        reader: aiosqlite.Connection | None = None, dialect: Dialect = SQLITE,
    ) -> None:
        self._db = db
        self.dialect = dialect
        self._reader = reader
        self._read_lock = asyncio.Lock()
        self._clock = clock
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0
        self._in_tx = False

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Traversable | Path | None = None,
        busy_timeout_ms: int = 5000,
    ) -> "Store":
        """Open (creating parent folders) and migrate the database. ``":memory:"`` works, and so
        does a ``postgresql://…`` URL (the PostgreSQL backend, :meth:`open_postgres`).

        A new database is created only where no file exists. An existing file that is empty,
        unreadable, damaged (``PRAGMA quick_check``) or read-only raises :class:`DatabaseUnusable`.
        """
        if is_postgres_url(path):
            return await cls.open_postgres(str(path), clock=clock, migrations=migrations)
        target = str(path)
        on_disk = target != ":memory:" and not target.startswith("file:")
        if on_disk:
            _check_file(Path(target))
        db = await aiosqlite.connect(target, isolation_level=None)
        reader = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await _check_database(db, target)
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = NORMAL")
            store = cls(db, clock=clock)
            known = _load_migrations(migrations)
            await store._migrate(known, known, target)
            if on_disk:
                reader = await aiosqlite.connect(f"{Path(target).resolve().as_uri()}?mode=ro", uri=True,
                                                 isolation_level=None)
                reader.row_factory = sqlite3.Row
                await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                store._reader = reader
        except BaseException as exc:
            for conn in (reader, db):
                if conn is not None:
                    await conn.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise _unusable(target, exc) from None
            raise
        return store

    @classmethod
    async def open_postgres(
        cls, url: str, *, clock: Callable[[], float] = time.time, migrations: Traversable | Path | None = None,
    ) -> "Store":
        """Connect to PostgreSQL (a writer and a reader connection) and migrate the database."""
        try:
            db = await PgConnection.connect(url)
        except sqlite3.OperationalError as exc:
            raise DatabaseUnusable(str(exc)) from None
        reader = None
        try:
            store = cls(db, clock=clock, dialect=POSTGRES)  # type: ignore[arg-type]
            known = _load_migrations(migrations, POSTGRES)
            numbers = {number for number, _, _ in known}  # the same numbers make the same tables in both dialects
            schema = [m for m in _load_migrations(None) if m[0] in numbers]
            await store._migrate(known, schema, _postgres_name(url))
            store._reader = reader = await PgConnection.connect(url)  # type: ignore[assignment]
        except BaseException:
            for conn in (reader, db):
                if conn is not None:
                    await conn.close()
            raise
        return store

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._db.close()

    async def __aenter__(self) -> "Store":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def now(self) -> float:
        return float(self._clock())

    async def _migrate(self, migrations: list[tuple[int, str, str]], schema: list[tuple[int, str, str]],
                       where: str) -> None:
        """Apply the pending ``migrations``; refuse (:class:`DatabaseUnusable`) a database that records one this
        release lacks, or that then lacks a table or column the SQLite ``schema`` migrations make (bot/schema.py)."""
        lock = self.dialect.migration_lock
        if lock:
            await self._db.execute(lock[0])  # two processes starting at once: one migrates, the other waits
        try:
            await self._apply_migrations(migrations, where)
            async with self._db.execute(schema_check.COLUMNS[self.dialect.name]) as cur:
                found = await cur.fetchall()
            if problem := schema_check.missing_columns(found, schema_check.expected_columns(schema)):
                raise DatabaseUnusable(f"the database {where} cannot be used: {problem}")
        finally:
            if lock:
                await self._db.execute(lock[1])

    async def _apply_migrations(self, migrations: list[tuple[int, str, str]], where: str) -> None:
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        async with self._db.execute("SELECT version FROM schema_migrations") as cur:
            applied = {row[0] for row in await cur.fetchall()}
        if problem := schema_check.unknown_migrations(applied, migrations):
            raise DatabaseUnusable(f"the database {where} cannot be used: {problem}")
        for version, name, sql in migrations:
            if version in applied:
                continue
            # executescript commits any open transaction first, so the whole
            # migration and its bookkeeping row go in one explicit transaction.
            record = (
                "INSERT INTO schema_migrations (version, name, applied_at) "
                f"VALUES ({version}, '{name}', {self.now()!r});"
            )
            try:
                await self._db.executescript(f"{self.dialect.begin};\n{sql}\n;\n{record}\nCOMMIT;")
            except BaseException as exc:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"migration {version:04d}_{name} failed: {exc}") from exc
                raise

    async def applied_migrations(self) -> list[tuple[int, str, float]]:
        async with self._use() as db, db.execute(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        ) as cur:
            return [(r[0], r[1], r[2]) for r in await cur.fetchall()]

    async def journal_mode(self) -> str:
        async with self._use() as db, db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]).lower()

    # ----------------------------------------------------------------- locking

    @asynccontextmanager
    async def _use(self) -> AsyncIterator[aiosqlite.Connection]:
        """Exclusive use of the connection; re-entrant within one task."""
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
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A connection for a read-only query: the reader, which never waits on the writer's
        lock (the writer itself for ``:memory:``, or inside this task's own transaction)."""
        if self._reader is None or self._owner is asyncio.current_task():
            async with self._use() as db:
                yield db
            return
        async with self._read_lock:
            yield self._reader

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """``async with store.read() as conn:`` — a connection for a module's own read-only queries
        (the league's ``bot/league/``, the player pages' ``bot/tallies.py`` and ``bot/profile.py``)."""
        return self._read()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``async with store.transaction() as conn:`` — one atomic unit of work.

        Nested use (in the same task) joins the outer transaction. Pass ``conn`` to
        methods that accept it (e.g. :meth:`append_ledger`) to make them part of it.
        A write the database refuses (read-only, disk full, I/O error) is rolled back and
        raised as :class:`SaveFailed`.
        """
        async with self._use() as db:
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
                await _rollback(db)
                if isinstance(exc, sqlite3.OperationalError):
                    raise SaveFailed(str(exc)) from exc
                raise
            else:
                self._in_tx = False
                try:
                    await db.execute("COMMIT")
                except BaseException as exc:
                    await _rollback(db)
                    if isinstance(exc, sqlite3.OperationalError):
                        raise SaveFailed(str(exc)) from exc
                    raise

    async def _fetchone(self, db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _fetchall(self, db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    # ----------------------------------------------------------------- tables

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        host_id: int,
        seats: Sequence[Any],
        turn_seconds: int,
    ) -> TableRow:
        """A new lobby (version 1). Raises :class:`TableExists` if the channel has an open table, and
        :class:`~bot.seating.SeatedElsewhere` if one of ``seats`` sits at another open table of the guild."""
        now = self.now()
        async with self.transaction() as db:
            existing = await self._fetchone(
                db, "SELECT id FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
            )
            if existing is not None:
                raise TableExists(channel_id, existing["id"])
            seats = json.loads(_seats_json(seats))
            await check_seated_once(db, self.dialect.name, guild_id, None, seated_users(seats, playing=False))
            try:
                cur = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, game, options, host_id, seats, status, version,"
                    " turn_seconds, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', 1, ?, ?, ?)",
                    (guild_id, channel_id, game, _json(dict(options)), host_id, _seats_json(seats),
                     int(turn_seconds), now, now),
                )
            except sqlite3.IntegrityError as exc:  # the partial unique index, as a last line
                if any(sign in str(exc) for sign in ("tables.channel_id", "UNIQUE", "tables_one_open_per_channel")):
                    raise TableExists(channel_id) from exc
                raise
            return await self._table_in(db, cur.lastrowid)

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._use() as db:
            row = await self._fetchone(db, "SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def open_table_in(self, channel_id: int) -> TableRow | None:
        """The channel's lobby or running table, if any."""
        async with self._use() as db:
            row = await self._fetchone(
                db, "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
            )
        return _table(row) if row else None

    async def unfinished_tables(self, shards: Shards | None = None) -> list[TableRow]:
        """Every lobby and running table (restart recovery), oldest first; with ``shards``, only those of the
        guilds Discord deals to these shards (the other processes' tables are not even read)."""
        where, params = "", ()
        if shards is not None:
            where = f" AND (guild_id >> 22) % ? IN ({', '.join('?' * len(shards.ids))})"
            params = (shards.count, *shards.ids)
        async with self._use() as db:
            rows = await self._fetchall(
                db, f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){where} ORDER BY id", params
            )
        return [_table(r) for r in rows]

    async def update_lobby(self, table_id: int, seats: Sequence[Any], expected_version: int) -> TableRow:
        """The lobby's new seats. :class:`~bot.seating.SeatedElsewhere` if a newcomer sits at another open table
        of the guild."""
        async with self.transaction() as db:
            table = await self._check(db, table_id, expected_version, ("lobby",))
            seats = json.loads(_seats_json(seats))
            newcomers = seated_users(seats, playing=False) - seated_users(table.seats, playing=False)
            await check_seated_once(db, self.dialect.name, table.guild_id, table_id, newcomers)
            await db.execute(
                "UPDATE tables SET seats = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (_seats_json(seats), self.now(), table_id),
            )
            return await self._table_in(db, table_id)

    async def update_seats(self, table_id: int, seats: Sequence[Any], expected_version: int) -> TableRow:
        """Change the seats of an open table, lobby or playing (e.g. a resignation: a bot takes
        over). Bumps the version; :class:`StaleVersion` when it moved."""
        async with self.transaction() as db:
            await self._check(db, table_id, expected_version, OPEN_STATUSES)
            await db.execute(
                "UPDATE tables SET seats = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (_seats_json(seats), self.now(), table_id),
            )
            return await self._table_in(db, table_id)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the public table message (does not bump the version)."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))
            if cur.rowcount == 0:
                raise NotFound(f"no table {table_id}")

    async def start_table(
        self,
        table_id: int,
        seats: Sequence[Any],
        seed: str | None,
        snapshot: Any,
        deadline: float | None,
        season_id: int | None,
        expected_version: int,
    ) -> TableRow:
        """Lobby → playing, with the final seats, the seed and the first snapshot."""
        async with self.transaction() as db:
            await self._check(db, table_id, expected_version, ("lobby",))
            await db.execute(
                "UPDATE tables SET status = 'playing', seats = ?, seed = ?, snapshot = ?, deadline = ?,"
                " season_id = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (_seats_json(seats), seed, _snapshot_text(snapshot), deadline, season_id, self.now(), table_id),
            )
            return await self._table_in(db, table_id)

    async def record_action(
        self,
        table_id: int,
        *,
        seat: int | None,
        action: str,
        actor_id: int | None,
        source: ActionSource,
        snapshot: Any,
        deadline: float | None,
        expected_version: int,
    ) -> TableRow:
        """Append one action and store the new snapshot and deadline, atomically."""
        async with self.transaction() as db:
            await self._check(db, table_id, expected_version, ("playing",))
            now = self.now()
            await self._append_action(db, table_id, seat, action, actor_id, source, now)
            await db.execute(
                "UPDATE tables SET snapshot = ?, deadline = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (_snapshot_text(snapshot), deadline, now, table_id),
            )
            return await self._table_in(db, table_id)

    async def finish_table(
        self,
        table_id: int,
        *,
        seat: int | None = None,
        action: str | None = None,
        actor_id: int | None = None,
        source: ActionSource = "player",
        snapshot: Any,
        expected_version: int,
        results: Sequence[Mapping[str, Any]],
    ) -> TableRow:
        """Playing → finished, in one transaction with the final action (if any) and the
        game's ledger lines (kind ``'game'`` unless an entry names another, the table's game and season).
        A seat with no line (e.g. a Black Flower player who sat out every round) gets a ``game`` line
        of 0, so that every finished game is in each of its players' history and standings.

        ``results``: ``[{"participant": "user:<id>" | "bot:<table>:<seat>", "user_id": int | None,
        "name": str, "seat": int, "amount": int, "placing": int}, …]``.
        """
        async with self.transaction() as db:
            table = await self._check(db, table_id, expected_version, ("playing",))
            now = self.now()
            if action is not None:
                await self._append_action(db, table_id, seat, action, actor_id, source, now)
            season_id = table.season_id
            if season_id is None:
                season_id = (await self._ensure_season(db, table.guild_id)).id
            await db.execute(
                "UPDATE tables SET status = 'finished', snapshot = ?, deadline = NULL, season_id = ?,"
                " version = version + 1, updated_at = ?, finished_at = ? WHERE id = ?",
                (_snapshot_text(snapshot), season_id, now, now, table_id),
            )
            entries = [
                LedgerEntry(
                    guild_id=table.guild_id,
                    season_id=season_id,
                    table_id=table_id,
                    game=table.game,
                    participant=r["participant"],
                    user_id=r.get("user_id"),
                    name=r["name"],
                    seat=r.get("seat"),
                    kind=r.get("kind", "game"),
                    amount=r["amount"],
                    placing=r.get("placing"),
                    memo=r.get("memo"),
                    round=r.get("round"),
                )
                for r in results
            ]
            entries += _lines_for_idle_seats(table, season_id, entries)
            await self._insert_ledger(db, entries, now)
            from bot.league import ratings  # the league builds on the store, not the other way round

            finished = await self._table_in(db, table_id)
            await ratings.rate_table(db, finished)  # in the same transaction: ratings never miss a game
            return finished

    async def cancel_table(self, table_id: int, expected_version: int | None = None) -> TableRow:
        """Lobby or playing → cancelled (no ledger lines). ``expected_version=None`` skips the check."""
        async with self.transaction() as db:
            await self._check(db, table_id, expected_version, OPEN_STATUSES)
            now = self.now()
            await db.execute(
                "UPDATE tables SET status = 'cancelled', deadline = NULL, version = version + 1,"
                " updated_at = ?, finished_at = ? WHERE id = ?",
                (now, now, table_id),
            )
            return await self._table_in(db, table_id)

    async def actions(self, table_id: int) -> list[ActionRow]:
        async with self._use() as db:
            rows = await self._fetchall(db, "SELECT * FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [ActionRow(**dict(r)) for r in rows]

    async def _table_in(self, db: aiosqlite.Connection, table_id: int | None, lock: bool = False) -> TableRow:
        row = await self._fetchone(db, "SELECT * FROM tables WHERE id = ?" + (self.dialect.lock_row if lock else ""),
                                   (table_id,))
        if row is None:
            raise NotFound(f"no table {table_id}")
        return _table(row)

    async def _check(
        self, db: aiosqlite.Connection, table_id: int, expected_version: int | None, statuses: Sequence[str]
    ) -> TableRow:
        table = await self._table_in(db, table_id, lock=True)
        if expected_version is not None and table.version != expected_version:
            raise StaleVersion(table_id, expected_version, table.version)
        if table.status not in statuses:
            raise WrongStatus(table_id, table.status, statuses)
        return table

    async def _append_action(
        self,
        db: aiosqlite.Connection,
        table_id: int,
        seat: int | None,
        action: str,
        actor_id: int | None,
        source: str,
        at: float,
    ) -> int:
        row = await self._fetchone(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?", (table_id,))
        seq = int(row[0])
        await db.execute(
            "INSERT INTO actions (table_id, seq, seat, action, actor_id, source, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, seq, seat, action, actor_id, source, at),
        )
        return seq

    # ----------------------------------------------------------------- seasons

    async def current_season(self, guild_id: int) -> SeasonRow | None:
        async with self._read() as db:
            return await self._open_season(db, guild_id)

    async def get_season(self, season_id: int) -> SeasonRow | None:
        async with self._read() as db:
            row = await self._fetchone(db, "SELECT * FROM seasons WHERE id = ?", (season_id,))
        return SeasonRow(**dict(row)) if row else None

    async def ensure_season(self, guild_id: int) -> SeasonRow:
        """The open season, or a new automatic "Season N" when none is open."""
        async with self.transaction() as db:
            return await self._ensure_season(db, guild_id)

    async def start_season(self, guild_id: int, name: str | None, user_id: int | None) -> SeasonRow:
        """End the open season (if any) and open the next one (default name "Season N")."""
        async with self.transaction() as db:
            await self._end_season(db, guild_id)
            return await self._new_season(db, guild_id, name, user_id)

    async def end_season(self, guild_id: int) -> SeasonRow | None:
        """Close the open season; returns it (ended) or None when none was open."""
        async with self.transaction() as db:
            return await self._end_season(db, guild_id)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        async with self._read() as db:
            rows = await self._fetchall(db, "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,))
        return [SeasonRow(**dict(r)) for r in rows]

    async def _open_season(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow | None:
        row = await self._fetchone(db, "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,))
        return SeasonRow(**dict(row)) if row else None

    async def _ensure_season(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow:
        season = await self._open_season(db, guild_id)
        if season is not None:
            return season
        return await self._new_season(db, guild_id, None, None)

    async def _new_season(
        self, db: aiosqlite.Connection, guild_id: int, name: str | None, user_id: int | None
    ) -> SeasonRow:
        row = await self._fetchone(db, "SELECT COALESCE(MAX(number), 0) + 1 FROM seasons WHERE guild_id = ?", (guild_id,))
        number = int(row[0])
        name = (name or "").strip() or f"Season {number}"
        cur = await db.execute(
            "INSERT INTO seasons (guild_id, number, name, started_at, ended_at, started_by) VALUES (?, ?, ?, ?, NULL, ?)",
            (guild_id, number, name, self.now(), user_id),
        )
        row = await self._fetchone(db, "SELECT * FROM seasons WHERE id = ?", (cur.lastrowid,))
        return SeasonRow(**dict(row))

    async def _end_season(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow | None:
        season = await self._open_season(db, guild_id)
        if season is None:
            return None
        await db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (self.now(), season.id))
        row = await self._fetchone(db, "SELECT * FROM seasons WHERE id = ?", (season.id,))
        return SeasonRow(**dict(row))

    # ----------------------------------------------------------------- ledger

    async def append_ledger(
        self, entries: Iterable[LedgerEntry | Mapping[str, Any]], *, conn: aiosqlite.Connection | None = None
    ) -> list[LedgerRow]:
        """Append ledger lines. With ``conn`` (from :meth:`transaction`) they join that
        transaction; otherwise they are written in a transaction of their own."""
        items = [e if isinstance(e, LedgerEntry) else LedgerEntry(**dict(e)) for e in entries]
        if conn is not None:
            if conn is not self._db:
                raise StoreError("conn is not this store's connection")
            async with self.transaction() as db:  # joins the caller's transaction
                return await self._insert_ledger(db, items, self.now())
        async with self.transaction() as db:
            return await self._insert_ledger(db, items, self.now())

    async def _insert_ledger(
        self, db: aiosqlite.Connection, entries: Sequence[LedgerEntry], now: float
    ) -> list[LedgerRow]:
        out: list[LedgerRow] = []
        for e in entries:
            season_id = e.season_id
            if season_id is None:
                season_id = (await self._ensure_season(db, e.guild_id)).id
            cur = await db.execute(
                "INSERT INTO ledger (guild_id, season_id, table_id, game, participant, user_id, name, seat, kind,"
                " amount, placing, memo, round, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (e.guild_id, season_id, e.table_id, e.game, e.participant, e.user_id, e.name, e.seat, e.kind,
                 e.amount, e.placing, e.memo, e.round, now),
            )
            out.append(
                LedgerRow(id=cur.lastrowid, created_at=now, **e.model_dump(exclude={"season_id"}), season_id=season_id)
            )
        return out

    async def ledger(
        self,
        guild_id: int,
        *,
        season_id: int | None = None,
        table_id: int | None = None,
        kind: str | None = None,
    ) -> list[LedgerRow]:
        """Ledger lines of a guild, oldest first, optionally filtered."""
        sql = "SELECT * FROM ledger WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        for column, value in (("season_id", season_id), ("table_id", table_id), ("kind", kind)):
            if value is not None:
                sql += f" AND {column} = ?"
                params.append(value)
        async with self._read() as db:
            rows = await self._fetchall(db, sql + " ORDER BY id", params)
        return [_ledger(r) for r in rows]

    async def standings(self, guild_id: int, season_id: int, game: str | None = None) -> list[StandingRow]:
        """Per (player, game) results of a season, humans only, best net first: net = every line
        of that game (a money game's chips too), games = its tables, wins = tables placed first,
        rounds won = rounds whose lines sum above zero (games whose lines name rounds).
        Read from ``results`` (kept by a trigger on the ledger: migration 0003)."""
        sql = (
            "SELECT user_id, game, net, games, wins, name,"  # rounds won: 0, not None, in a game that has rounds
            " CASE WHEN COUNT(rounds_won) OVER (PARTITION BY game) > 0 THEN COALESCE(rounds_won, 0) END AS rounds_won"
            " FROM (SELECT user_id, game, SUM(net) AS net, COUNT(*) AS games,"
            "  SUM(CASE WHEN placing = 1 THEN 1 ELSE 0 END) AS wins, SUM(rounds_won) AS rounds_won, latest AS name"
            "  FROM (SELECT *, FIRST_VALUE(name) OVER (PARTITION BY user_id, game ORDER BY last_id DESC) AS latest"
            "   FROM results WHERE guild_id = ? AND season_id = ? AND user_id IS NOT NULL"
            + (" AND game = ?" if game else "")
            + "  ) AS named GROUP BY user_id, game, latest) AS per_game"  # name: of the latest row
            " ORDER BY net DESC, wins DESC, games ASC, game, user_id"
        )
        async with self._read() as db:
            rows = await self._fetchall(db, sql, [guild_id, season_id, *([game] if game else [])])
        return [StandingRow(**dict(r)) for r in rows]

    async def history(self, guild_id: int, user_id: int, limit: int = 10) -> list[HistoryRow]:
        """A player's most recent finished games (all seasons), newest first; each game's amount
        is the sum of its lines (every kind), and so is each opponent's."""
        async with self._read() as db:
            mine = await self._fetchall(
                db,
                "SELECT r.table_id, t.game, r.season_id, t.finished_at, r.seat, r.name, r.net AS amount, r.placing"
                " FROM results r JOIN tables t ON t.id = r.table_id"
                " WHERE r.guild_id = ? AND r.user_id = ? AND t.status = 'finished'"
                " ORDER BY t.finished_at DESC, r.table_id DESC LIMIT ?",
                (guild_id, user_id, max(0, int(limit))),
            )
            tables = [row["table_id"] for row in mine]
            others = await self._fetchall(
                db,
                "SELECT table_id, participant, user_id, name, seat, net AS amount, placing FROM results"
                f" WHERE table_id IN ({','.join('?' * len(tables))}) AND participant != ?"
                " ORDER BY seat, participant",
                (*tables, participant_for_user(user_id)),
            ) if tables else []
        by_table: dict[int, list[HistoryOpponent]] = {t: [] for t in tables}
        for o in others:
            by_table[o["table_id"]].append(HistoryOpponent(**{k: o[k] for k in o.keys() if k != "table_id"}))
        return [HistoryRow(**dict(row), opponents=by_table[row["table_id"]]) for row in mine]

    async def balance(self, guild_id: int, season_id: int, user_id: int, game: str | None = None) -> int:
        """A player's balance in a season: the sum of all their ledger lines, every kind
        (only those of ``game`` when given: each money game keeps its own chips)."""
        sql = "SELECT COALESCE(SUM(amount), 0) FROM ledger_totals WHERE guild_id = ? AND season_id = ? AND participant = ?"
        params: list[Any] = [guild_id, season_id, participant_for_user(user_id)]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        async with self._read() as db:
            row = await self._fetchone(db, sql, params)
        return int(row[0])

    async def balances(self, guild_id: int, season_id: int) -> list[BalanceRow]:
        """Every person's balance in a season (all kinds, all games), highest first. Bots are left
        out: each bot seat is a participant of its own table only."""
        async with self._read() as db:
            rows = await self._fetchall(
                db,
                "SELECT participant, user_id, SUM(amount) AS balance, name FROM ("
                " SELECT participant, amount,"  # user_id, name: of the latest line
                "  FIRST_VALUE(user_id) OVER (PARTITION BY participant ORDER BY last_id DESC) AS user_id,"
                "  FIRST_VALUE(name) OVER (PARTITION BY participant ORDER BY last_id DESC) AS name"
                "  FROM ledger_totals WHERE guild_id = ? AND season_id = ? AND user_id IS NOT NULL) AS latest"
                " GROUP BY participant, user_id, name ORDER BY balance DESC, participant",
                (guild_id, season_id),
            )
        return [BalanceRow(**dict(r)) for r in rows]

    async def debts(self, guild_id: int, season_id: int) -> list[BalanceRow]:
        """People whose season balance is negative, most indebted first."""
        rows = [r for r in await self.balances(guild_id, season_id) if r.balance < 0]
        return sorted(rows, key=lambda r: (r.balance, r.participant))

    async def ledger_totals(self, guild_id: int, season_id: int, *, user_id: int | None = None) -> list[LedgerTotal]:
        """People's season lines summed per (game, participant, kind) (``/balance``, ``/debts``),
        only ``user_id``'s when given, in the order of each sum's latest line."""
        sql = "SELECT game, participant, user_id, name, kind, amount FROM ledger_totals WHERE guild_id = ? AND season_id = ?"
        params: list[Any] = [guild_id, season_id]
        if user_id is not None:
            sql += " AND participant = ?"
            params.append(participant_for_user(user_id))
        else:
            sql += " AND user_id IS NOT NULL"
        async with self._read() as db:
            rows = await self._fetchall(db, sql + " ORDER BY last_id", params)
        return [LedgerTotal(**dict(r)) for r in rows]

    # ----------------------------------------------------------------- guild config

    # ------------------------------------------------------------- application emoji (the faces)

    async def app_emoji(self, application_id: int) -> dict[str, tuple[str, int]]:
        """The faces this application has uploaded: emoji name → (SHA-256 of the picture, emoji id)."""
        async with self._read() as db:
            rows = await self._fetchall(db, "SELECT name, sha256, emoji_id FROM app_emoji WHERE application_id = ?",
                                        (application_id,))
        return {r["name"]: (r["sha256"], int(r["emoji_id"])) for r in rows}

    async def set_app_emoji(self, application_id: int, name: str, sha256: str | None, emoji_id: int = 0) -> None:
        """Record the emoji ``name`` as showing the picture ``sha256``; ``sha256=None``: it no longer exists."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM app_emoji WHERE application_id = ? AND name = ?", (application_id, name))
            if sha256 is not None:
                await db.execute("INSERT INTO app_emoji (application_id, name, sha256, emoji_id, uploaded_at)"
                                 " VALUES (?, ?, ?, ?, ?)", (application_id, name, sha256, emoji_id, self.now()))

    async def get_config(self, guild_id: int) -> GuildConfig:
        async with self._use() as db:
            return await self._config(db, guild_id)

    async def set_config(self, guild_id: int, **changes: Any) -> GuildConfig:
        """Change some of ``turn_seconds``, ``allowed_channels``, ``starting_balance``
        (``None`` resets a value to its default)."""
        unknown = set(changes) - set(CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown config keys: {', '.join(sorted(unknown))}")
        if "allowed_channels" in changes and changes["allowed_channels"] is None:
            changes["allowed_channels"] = []
        async with self.transaction() as db:
            current = await self._config(db, guild_id)
            merged = current.model_copy(update=changes)
            merged = GuildConfig.model_validate(merged.model_dump())  # re-validate the changes
            channels = sorted(dict.fromkeys(int(c) for c in merged.allowed_channels or []))
            await db.execute(
                "INSERT INTO guild_config (guild_id, turn_seconds, allowed_channels, starting_balance, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " turn_seconds = excluded.turn_seconds, allowed_channels = excluded.allowed_channels,"
                " starting_balance = excluded.starting_balance, updated_at = excluded.updated_at",
                (guild_id, merged.turn_seconds, _json(channels), merged.starting_balance, self.now()),
            )
            return await self._config(db, guild_id)

    async def _config(self, db: aiosqlite.Connection, guild_id: int) -> GuildConfig:
        row = await self._fetchone(db, "SELECT * FROM guild_config WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildConfig(guild_id=guild_id)
        data = dict(row)
        data["allowed_channels"] = json.loads(data["allowed_channels"]) if data["allowed_channels"] else []
        return GuildConfig(**data)
