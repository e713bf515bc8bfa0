"""Seasons: a guild's numbered seasons, at most one open; the ledger's lines each belong to one."""

from __future__ import annotations

import aiosqlite

from bot.store.connection import Connection
from bot.store.rows import Row


class SeasonRow(Row):
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


class SeasonRepository:
    """``store.seasons``: read, open and close a guild's seasons."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def current(self, guild_id: int) -> SeasonRow | None:
        """The guild's open season, if any."""
        async with self._conn.read() as db:
            return await self.open_in(db, guild_id)

    async def get(self, season_id: int) -> SeasonRow | None:
        async with self._conn.read() as db:
            return await self._row(db, season_id)

    async def ensure(self, guild_id: int) -> SeasonRow:
        """The open season, or a new automatic "Season N" when none is open."""
        async with self._conn.transaction() as db:
            return await self.ensure_in(db, guild_id)

    async def start(self, guild_id: int, name: str | None, user_id: int | None) -> SeasonRow:
        """End the open season (if any) and open the next one (default name "Season N")."""
        async with self._conn.transaction() as db:
            await self._end(db, guild_id)
            return await self._new(db, guild_id, name, user_id)

    async def end(self, guild_id: int) -> SeasonRow | None:
        """Close the open season; returns it (ended) or None when none was open."""
        async with self._conn.transaction() as db:
            return await self._end(db, guild_id)

    async def of_guild(self, guild_id: int) -> list[SeasonRow]:
        """Every season of the guild, oldest first."""
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(
                db, "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,)
            )
        return [SeasonRow(**dict(r)) for r in rows]

    async def open_in(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow | None:
        """The open season, read on ``db`` (a transaction's connection, or a reader)."""
        row = await self._conn.fetchone(
            db, "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return SeasonRow(**dict(row)) if row else None

    async def ensure_in(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow:
        """:meth:`ensure` inside the caller's transaction ``db``."""
        season = await self.open_in(db, guild_id)
        if season is not None:
            return season
        return await self._new(db, guild_id, None, None)

    async def _row(self, db: aiosqlite.Connection, season_id: int | None) -> SeasonRow | None:
        row = await self._conn.fetchone(db, "SELECT * FROM seasons WHERE id = ?", (season_id,))
        return SeasonRow(**dict(row)) if row else None

    async def _new(self, db: aiosqlite.Connection, guild_id: int, name: str | None, user_id: int | None) -> SeasonRow:
        row = await self._conn.fetchone(
            db, "SELECT COALESCE(MAX(number), 0) + 1 FROM seasons WHERE guild_id = ?", (guild_id,)
        )
        assert row is not None  # an aggregate always has a row
        number = int(row[0])
        name = (name or "").strip() or f"Season {number}"
        cur = await db.execute(
            "INSERT INTO seasons (guild_id, number, name, started_at, ended_at, started_by) VALUES (?, ?, ?, ?, NULL, ?)",
            (guild_id, number, name, self._conn.now(), user_id),
        )
        season = await self._row(db, cur.lastrowid)
        assert season is not None  # inserted just above, in this transaction
        return season

    async def _end(self, db: aiosqlite.Connection, guild_id: int) -> SeasonRow | None:
        season = await self.open_in(db, guild_id)
        if season is None:
            return None
        await db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (self._conn.now(), season.id))
        return await self._row(db, season.id)
