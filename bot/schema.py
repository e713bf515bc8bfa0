"""Is a database's schema the one this release's migrations make? Checked at start-up, before anything is read.

``PRAGMA quick_check`` finds a damaged file, not a table dropped by hand or a database a newer Parlor has
migrated; both would be used and fail later (a raw traceback while restoring the tables, or writes this
release does not understand). So the store, when it opens a database:

* refuses one that records a migration this release does not have (:func:`unknown_migrations`): a newer
  Parlor migrated it, and this one would not know what its new tables and columns mean;
* after applying its own pending migrations, refuses one that lacks a table or a column they create
  (:func:`missing_columns`).

The tables and columns expected are what the migrations make, read from a scratch in-memory SQLite database
they are run in (the SQLite ones: both backends number their migrations alike and create the same tables and
columns), so nothing here repeats the schema.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

Migration = tuple[int, str, str]  # (number, name, SQL)

# a database's tables and their columns: (table, column) rows
COLUMNS = {
    "sqlite": "SELECT m.name, c.name FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS c"
    " WHERE m.type = 'table'",
    "postgresql": "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()",
}


@lru_cache(maxsize=8)
def _made_by(scripts: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    conn = sqlite3.connect(":memory:")
    try:
        for script in scripts:
            conn.executescript(script)
        return frozenset((table, column) for table, column in conn.execute(COLUMNS["sqlite"]))
    finally:
        conn.close()


def expected_columns(migrations: Sequence[Migration]) -> frozenset[tuple[str, str]]:
    """The (table, column) pairs the SQLite ``migrations`` make, in order."""
    return _made_by(tuple(sql for _, _, sql in sorted(migrations)))


def unknown_migrations(recorded: Iterable[int], known: Sequence[Migration]) -> str | None:
    """Why a database recording the migrations ``recorded`` cannot be used by a release that has ``known``; None
    when it knows them all."""
    numbers = {number for number, _, _ in known}
    unknown = sorted(set(recorded) - numbers)
    if not unknown:
        return None
    newest = max(numbers, default=0)
    return (
        f"it records migration {', '.join(f'{n:04d}' for n in unknown)}, which this release of Parlor does not "
        f"have (its newest is {newest:04d}): a newer Parlor has used it. Run that release, or restore a backup "
        "made for this one."
    )


def missing_columns(found: Iterable[Sequence[Any]], expected: frozenset[tuple[str, str]]) -> str | None:
    """Why a database whose tables and columns are ``found`` (rows of :data:`COLUMNS`) lacks part of ``expected``;
    None when it has it all (more is fine)."""
    have = {(str(table), str(column)) for table, column in found}
    missing = sorted(expected - have)
    if not missing:
        return None
    tables = {table for table, _ in have}
    gone = sorted({table for table, _ in missing if table not in tables})
    columns = [f"{table}.{column}" for table, column in missing if table in tables]
    what = "; ".join(
        part
        for part in (
            f"the table{'s' if len(gone) > 1 else ''} {', '.join(gone)}" if gone else "",
            f"the column{'s' if len(columns) > 1 else ''} {', '.join(columns)}" if columns else "",
        )
        if part
    )
    return (
        f"it lacks {what}, which its recorded migrations create: it was changed by hand or damaged. "
        "Restore it from a backup."
    )
