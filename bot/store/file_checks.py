"""Whether a SQLite database file can be trusted before and after it is opened; each refusal is a
:class:`~bot.store.errors.DatabaseUnusable` of one line saying why and what to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

import aiosqlite

from bot.store.connection import rollback
from bot.store.errors import DatabaseUnusable

SQLITE_HEADER = b"SQLite format 3\x00"


def postgres_name(url: str) -> str:
    """A PostgreSQL database as a message names it: its name and server, never its password."""
    parts = urlsplit(url)
    return f"{parts.path.lstrip('/') or 'postgres'} on the PostgreSQL server {parts.hostname or 'localhost'}"


def check_file(path: Path) -> None:
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
        raise DatabaseUnusable(
            f"the database file {path} cannot be read ({exc.strerror}); check its permissions."
        ) from None
    if not header:
        raise DatabaseUnusable(
            f"the database file {path} is empty (0 bytes). Parlor never starts a new database in place of an "
            "existing file: restore it from a backup, or delete it to start afresh."
        )
    if header != SQLITE_HEADER:
        raise _damaged(path, "not a SQLite database")


def _damaged(path: Path | str, reason: str) -> DatabaseUnusable:
    return DatabaseUnusable(f"the database file {path} is damaged ({reason}); restore it from a backup.")


def unusable(target: str, exc: sqlite3.DatabaseError) -> DatabaseUnusable:
    """The refusal for an error SQLite raised while opening ``target``."""
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return DatabaseUnusable(
            f"the database file {target} is read-only ({text}); Parlor must be able to write to it and to "
            "its folder: check their permissions and the disk."
        )
    if isinstance(exc, sqlite3.OperationalError) and "not a database" not in text and "malformed" not in text:
        return DatabaseUnusable(f"the database file {target} cannot be used ({text}).")
    return _damaged(target, text)


async def check_database(db: aiosqlite.Connection, target: str) -> None:
    """Integrity (``PRAGMA quick_check``) and writability (a write rolled back) of an open database."""
    async with db.execute("PRAGMA quick_check") as cur:
        row = await cur.fetchone()
    problem = row[0] if row is not None else "no answer"
    if problem != "ok":
        raise _damaged(target, f"quick_check: {problem}")
    try:
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("CREATE TABLE parlor_write_probe (x INTEGER)")
    finally:
        await rollback(db)
