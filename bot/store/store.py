"""The store: opens the database (SQLite or PostgreSQL), migrates it, and exposes its repositories."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from importlib.abc import Traversable
from pathlib import Path

import aiosqlite

from bot.postgres import PgConnection, is_postgres_url
from bot.settings import DB_MOVERS
from bot.store.app_emoji import AppEmojiRepository
from bot.store.connection import Connection
from bot.store.dialect import POSTGRES, SQLITE, Dialect
from bot.store.errors import DatabaseUnusable
from bot.store.file_checks import check_database, check_file, postgres_name, unusable
from bot.store.guild_config import GuildConfigRepository
from bot.store.ledger import LedgerRepository
from bot.store.migrations import Migration, load_migrations, migrate
from bot.store.results import ResultsRepository
from bot.store.seasons import SeasonRepository
from bot.store.sqlite import SqliteConnection
from bot.store.tables import TableRepository


class Store(Connection):
    """Parlor's database. Create with ``await Store.open(path)``.

    Its connections and transaction helper are :class:`~bot.store.connection.Connection`'s; its
    repositories share them: ``tables`` (tables and action logs), ``seasons``, ``ledger``, ``results``
    (standings and history), ``config`` (guilds' configuration) and ``emoji`` (the uploaded faces).
    """

    def __init__(self, db: SqliteConnection, clock: Callable[[], float], dialect: Dialect = SQLITE) -> None:
        super().__init__(db, clock, dialect)  # the reader, if any, comes once the database is migrated
        self.seasons = SeasonRepository(self)
        self.ledger = LedgerRepository(self, self.seasons)
        self.tables = TableRepository(self, self.seasons, self.ledger)
        self.results = ResultsRepository(self)
        self.config = GuildConfigRepository(self)
        self.emoji = AppEmojiRepository(self)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Traversable | Path | None = None,
        busy_timeout_ms: int = 5000,
        movers: int = DB_MOVERS,
    ) -> Store:
        """Open (creating parent folders) and migrate the database. ``":memory:"`` works, and so
        does a ``postgresql://…`` URL (the PostgreSQL backend, :meth:`open_postgres`, with ``movers``).

        A new database is created only where no file exists. An existing file that is empty,
        unreadable, damaged (``PRAGMA quick_check``) or read-only raises :class:`DatabaseUnusable`.
        """
        if is_postgres_url(path):
            return await cls.open_postgres(str(path), clock=clock, migrations=migrations, movers=movers)
        target = str(path)
        on_disk = target != ":memory:" and not target.startswith("file:")
        if on_disk:
            check_file(Path(target))
        db = SqliteConnection(target, SQLITE.begin)
        await db  # its thread started, the file opened
        reader = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await check_database(db, target)
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = NORMAL")
            store = cls(db, clock)
            known = load_migrations(migrations)
            await store._migrate(known, known, target)
            if on_disk:
                reader = await aiosqlite.connect(
                    f"{Path(target).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None
                )
                reader.row_factory = sqlite3.Row
                await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                store._reader = reader
        except BaseException as exc:
            for conn in (reader, db):
                if conn is not None:
                    await conn.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise unusable(target, exc) from None
            raise
        return store

    @classmethod
    async def open_postgres(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        migrations: Traversable | Path | None = None,
        movers: int = DB_MOVERS,
    ) -> Store:
        """Connect to PostgreSQL (a writer, a reader and ``movers`` connections for the moves: see
        :mod:`bot.store.connection`) and migrate the database."""
        if movers < 1:
            raise ValueError(f"a store on PostgreSQL needs at least one mover connection, not {movers}")
        try:
            db = await PgConnection.connect(url)
        except sqlite3.OperationalError as exc:
            raise DatabaseUnusable(str(exc)) from None
        opened: list[PgConnection] = [db]
        try:
            store = cls(db, clock, POSTGRES)  # type: ignore[arg-type]
            known = load_migrations(migrations, POSTGRES)
            numbers = {number for number, _, _ in known}  # the same numbers make the same tables in both dialects
            schema = [m for m in load_migrations(None) if m[0] in numbers]
            await store._migrate(known, schema, postgres_name(url))
            for _ in range(1 + movers):
                opened.append(await PgConnection.connect(url))
            store._reader = opened[1]  # type: ignore[assignment]  # PgConnection speaks as aiosqlite (bot/postgres.py)
            store.add_movers(opened[2:])  # type: ignore[arg-type]  # the same: PgConnection in aiosqlite's stead
        except BaseException:
            for conn in reversed(opened):
                await conn.close()
            raise
        return store

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self, known: list[Migration], schema: list[Migration], where: str) -> None:
        await migrate(self._db, self.dialect, known, schema, where, self.now)

    async def applied_migrations(self) -> list[tuple[int, str, float]]:
        async with (
            self.use() as db,
            db.execute("SELECT version, name, applied_at FROM schema_migrations ORDER BY version") as cur,
        ):
            return [(r[0], r[1], r[2]) for r in await cur.fetchall()]

    async def journal_mode(self) -> str:
        async with self.use() as db, db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]).lower() if row is not None else ""
