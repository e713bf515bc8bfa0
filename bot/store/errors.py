"""The store's own errors."""

from __future__ import annotations

from collections.abc import Sequence


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
    one line saying why and what to do. Raised by :meth:`bot.store.Store.open` only."""


class NotFound(StoreError, LookupError):
    """No such row."""


class WrongStatus(StoreError):
    """The table is not in a status that allows this change."""

    def __init__(self, table_id: int, status: str, wanted: Sequence[str]) -> None:
        self.table_id = table_id
        self.status = status
        self.wanted = tuple(wanted)
        super().__init__(f"table {table_id} is {status}; needs {' or '.join(wanted)}")
