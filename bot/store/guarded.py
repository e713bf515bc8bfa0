"""A guarded write: a table's change and the rows that go with it, atomic and in one call into the driver.

A move changes the table's row only at the version the caller saw (the guard) and appends its line to the table's
log only when the row changed. Both backends run it as one unit, without a transaction around separate statements:

* PostgreSQL (:meth:`bot.postgres.PgConnection.guarded`): one statement, a data-modifying ``WITH`` whose inserts read
  the changed row, so they write nothing when the guard matched nothing; a single statement is atomic on its own;
* SQLite (:meth:`bot.store.sqlite.SqliteConnection.guarded`): the statements in a ``BEGIN IMMEDIATE`` … ``COMMIT``
  run by aiosqlite's thread in one go, one wake-up of the event loop instead of one per statement.

Inside a transaction already open (a game's end), both simply join it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Insert:
    """``INSERT INTO <table> (<columns>) SELECT <values>`` with ``?`` placeholders and no ``FROM`` (PostgreSQL adds
    one: the changed row), written once when the guard changed its row."""

    sql: str
    params: tuple[Any, ...]


@dataclass(frozen=True)
class GuardedWrite:
    """``update``: an ``UPDATE … RETURNING *`` that changes at most one row, only where its ``WHERE`` holds (the
    guard); ``inserts`` are written only when it changed one. The changed row is the write's result (None: nothing
    was written)."""

    update: str
    params: tuple[Any, ...]
    inserts: tuple[Insert, ...] = ()

    def statements(self) -> list[tuple[str, tuple[Any, ...]]]:
        """The write as separate statements, in order (the inserts to be run only if the first returned a row)."""
        return [(self.update, self.params), *((i.sql, i.params) for i in self.inserts)]
