"""What differs between the two backends besides the schema and the driver."""

from __future__ import annotations

from dataclasses import dataclass


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
# transaction stays true until COMMIT. PostgreSQL: the table's row is locked (FOR UPDATE, or by the
# UPDATE that names the version it expects), so a second process's write to the same table waits,
# then sees the new version and is refused.
SQLITE = Dialect("sqlite", "BEGIN IMMEDIATE", "", "")
POSTGRES = Dialect(
    "postgresql",
    "BEGIN",
    " FOR UPDATE",
    "postgresql",
    ("SELECT pg_advisory_lock(15)", "SELECT pg_advisory_unlock(15)"),
    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}",
)
