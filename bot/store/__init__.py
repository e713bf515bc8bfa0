"""Parlor's store: one database (SQLite in WAL mode, or PostgreSQL), its repositories on one connection.

* :mod:`bot.store.store` — :class:`Store`: opens and migrates the database (:mod:`bot.store.migrations`,
  :mod:`bot.store.file_checks`) and exposes the repositories below.
* :mod:`bot.store.connection` — the writer under an asyncio lock, the read-only reader, and the
  transaction helper (``async with store.transaction() as conn``); a write the database refuses
  (read-only, full disk) is rolled back and raised as :class:`SaveFailed`; a guarded write (:mod:`bot.store.guarded`:
  a table's change and its log line) is atomic in one call into the driver (:mod:`bot.store.sqlite` on SQLite).
* ``store.tables`` (:mod:`bot.store.tables`) — tables with their optimistic versions and action logs.
* ``store.seasons`` (:mod:`bot.store.seasons`), ``store.ledger`` (:mod:`bot.store.ledger`, append-only)
  and ``store.results`` (:mod:`bot.store.results`: standings and history, sums over the ledger).
* ``store.config`` (:mod:`bot.store.guild_config`) and ``store.emoji`` (:mod:`bot.store.app_emoji`).

Timestamps are unix seconds (floats). JSON columns are TEXT holding JSON.
"""

from bot.store.connection import Connection
from bot.store.dialect import POSTGRES, SQLITE, Dialect
from bot.store.errors import (
    DatabaseUnusable,
    NotFound,
    SaveFailed,
    StaleVersion,
    StoreError,
    TableExists,
    WrongStatus,
)
from bot.store.guild_config import CONFIG_KEYS, GuildConfig
from bot.store.ledger import (
    BalanceRow,
    LedgerEntry,
    LedgerRow,
    LedgerTotal,
    participant_for_bot,
    participant_for_user,
)
from bot.store.results import PLAYER_FINISHED, HistoryOpponent, HistoryRow, StandingRow
from bot.store.seasons import SeasonRow
from bot.store.store import Store
from bot.store.tables import OPEN_STATUSES, ActionRow, ActionSource, PlayedMove, TableRow, TableStatus

__all__ = [
    "CONFIG_KEYS",
    "OPEN_STATUSES",
    "PLAYER_FINISHED",
    "POSTGRES",
    "SQLITE",
    "ActionRow",
    "ActionSource",
    "BalanceRow",
    "Connection",
    "DatabaseUnusable",
    "Dialect",
    "GuildConfig",
    "HistoryOpponent",
    "HistoryRow",
    "LedgerEntry",
    "LedgerRow",
    "LedgerTotal",
    "NotFound",
    "PlayedMove",
    "SaveFailed",
    "SeasonRow",
    "StaleVersion",
    "StandingRow",
    "Store",
    "StoreError",
    "TableExists",
    "TableRow",
    "TableStatus",
    "WrongStatus",
    "participant_for_bot",
    "participant_for_user",
]
