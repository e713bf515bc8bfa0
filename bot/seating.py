"""One open table per player per server, held by the database.

A write that seats players (a new table's host, a lobby's newcomers) checks, in its own transaction, that
none of them is seated at another open table of the server; the server's tables are locked first, so
two such writes (three Join clicks at once, two processes) run one after the other and the second sees
the first's seat. SQLite's ``BEGIN IMMEDIATE`` already lets one writer at a time into the database;
PostgreSQL takes a transaction-scoped advisory lock keyed on the server's id (a Discord id, so never the
small key of the start-up migration lock in ``bot/store/dialect.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

# the statement that locks a server's seating for the rest of the transaction, per dialect ("" : none needed)
LOCK_GUILD = {"sqlite": "", "postgresql": "SELECT pg_advisory_xact_lock(?)"}


class SeatedElsewhere(Exception):
    """A player would sit at two open tables of one server; the message says where they already sit."""

    def __init__(self, user_id: int, table_id: int, channel_id: int) -> None:
        self.user_id, self.table_id, self.channel_id = user_id, table_id, channel_id
        super().__init__(f"You are already seated at a table in <#{channel_id}>. Leave it first.")


def seated_users(seats: Iterable[Mapping[str, Any]], *, playing: bool) -> set[int]:
    """The people seated: human seats with a user, but not those who resigned from a running game (a bot plays
    for them, and they may sit down elsewhere)."""
    return {
        int(seat["user_id"])
        for seat in seats
        if seat.get("user_id") is not None and not seat.get("bot") and not (playing and seat.get("resigned"))
    }


async def check_seated_once(db: Any, dialect: str, guild_id: int, table_id: int | None, user_ids: set[int]) -> None:
    """Inside a write transaction: :class:`SeatedElsewhere` when one of ``user_ids`` is seated at an open table of
    ``guild_id`` other than ``table_id``."""
    if not user_ids:
        return
    if LOCK_GUILD[dialect]:
        await db.execute(LOCK_GUILD[dialect], (guild_id,))
    async with db.execute(
        "SELECT id, channel_id, status, seats FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing')"
        " AND id <> ? ORDER BY id",
        (guild_id, table_id or 0),
    ) as cur:
        rows = await cur.fetchall()
    for row in rows:
        taken = seated_users(json.loads(row["seats"]), playing=row["status"] == "playing") & user_ids
        if taken:
            raise SeatedElsewhere(min(taken), row["id"], row["channel_id"])
