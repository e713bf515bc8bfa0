"""The numbered migrations (``bot/migrations/NNNN_name.sql``, ``bot/migrations/postgresql/…``): found,
applied at start-up in order, each in one transaction with its row of ``schema_migrations``."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import aiosqlite

from bot import schema as schema_check
from bot.store.dialect import SQLITE, Dialect
from bot.store.errors import DatabaseUnusable, StoreError

Migration = tuple[int, str, str]  # number, name, SQL

_MIGRATION_NAME = re.compile(r"^(\d{4})_([A-Za-z0-9_]+)\.sql$")


def default_migrations(dialect: Dialect = SQLITE) -> Traversable | Path:
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
    return Path(__file__).resolve().parent.parent / "migrations" / dialect.migrations


def load_migrations(source: Traversable | Path | None, dialect: Dialect = SQLITE) -> list[Migration]:
    """The migrations of ``source`` (default: the dialect's own), by number; two of one number are refused."""
    folder = source if source is not None else default_migrations(dialect)
    found: dict[int, Migration] = {}
    for item in folder.iterdir():
        match = _MIGRATION_NAME.match(item.name)
        if not match:
            continue
        version = int(match.group(1))
        if version in found:
            raise StoreError(f"two migrations numbered {version:04d}: {found[version][1]} and {match.group(2)}")
        found[version] = (version, match.group(2), item.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


async def migrate(
    db: aiosqlite.Connection,
    dialect: Dialect,
    migrations: list[Migration],
    schema: list[Migration],
    where: str,
    now: Callable[[], float],
) -> None:
    """Apply the pending ``migrations``; refuse (:class:`DatabaseUnusable`) a database that records one this
    release lacks, or that then lacks a table or column the SQLite ``schema`` migrations make (bot/schema.py)."""
    lock = dialect.migration_lock
    if lock:
        await db.execute(lock[0])  # two processes starting at once: one migrates, the other waits
    try:
        await _apply(db, dialect, migrations, where, now)
        async with db.execute(schema_check.COLUMNS[dialect.name]) as cur:
            found = await cur.fetchall()
        if problem := schema_check.missing_columns(found, schema_check.expected_columns(schema)):
            raise DatabaseUnusable(f"the database {where} cannot be used: {problem}")
    finally:
        if lock:
            await db.execute(lock[1])


async def _apply(
    db: aiosqlite.Connection, dialect: Dialect, migrations: list[Migration], where: str, now: Callable[[], float]
) -> None:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
    )
    async with db.execute("SELECT version FROM schema_migrations") as cur:
        applied = {row[0] for row in await cur.fetchall()}
    if problem := schema_check.unknown_migrations(applied, migrations):
        raise DatabaseUnusable(f"the database {where} cannot be used: {problem}")
    for version, name, sql in migrations:
        if version in applied:
            continue
        # executescript commits any open transaction first, so the whole
        # migration and its bookkeeping row go in one explicit transaction.
        record = f"INSERT INTO schema_migrations (version, name, applied_at) VALUES ({version}, '{name}', {now()!r});"
        try:
            await db.executescript(f"{dialect.begin};\n{sql}\n;\n{record}\nCOMMIT;")
        except BaseException as exc:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"migration {version:04d}_{name} failed: {exc}") from exc
            raise
