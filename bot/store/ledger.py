"""The ledger: append-only lines of chips and points (triggers refuse UPDATE and DELETE).

Balances and debts are sums over it, read from ``ledger_totals`` (per season, participant, game and
kind), which a trigger keeps up to date on every insert (migration 0003), so no query reads the whole
ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import aiosqlite
from pydantic import BaseModel, Field

from bot.store.connection import Connection
from bot.store.errors import StoreError
from bot.store.rows import Row
from bot.store.seasons import SeasonRepository


class LedgerEntry(BaseModel):
    """One ledger line to append (input of ``store.ledger.append``)."""

    guild_id: int
    season_id: int | None = None  # None: the guild's open season (created if needed)
    table_id: int | None = None
    game: str
    participant: str
    user_id: int | None = None
    name: str
    seat: int | None = None
    kind: str = Field(min_length=1)
    amount: int
    placing: int | None = None
    memo: str | None = None
    round: int | None = None  # the round of the game this line settles (None: the whole game)


class LedgerRow(Row):
    id: int
    guild_id: int
    season_id: int
    table_id: int | None
    game: str
    participant: str
    user_id: int | None
    name: str
    seat: int | None
    kind: str
    amount: int
    placing: int | None
    memo: str | None
    created_at: float
    round: int | None = None


_COLUMNS = (*LedgerEntry.model_fields, "created_at")  # a line as ``insert`` writes it
_ROW = f"({', '.join('?' * len(_COLUMNS))})"
LINES_A_STATEMENT = 500  # 14 parameters a line: far below SQLite's 32,766 parameters a statement


class LedgerTotal(Row):
    """The sum of one participant's lines of one kind in one game (a season's, grouped)."""

    game: str
    participant: str
    user_id: int | None
    name: str  # the name of the participant's latest line in that game
    kind: str
    amount: int


class BalanceRow(Row):
    participant: str
    user_id: int | None
    name: str
    balance: int


def participant_for_user(user_id: int) -> str:
    return f"user:{user_id}"


def participant_for_bot(table_id: int, seat: int) -> str:
    return f"bot:{table_id}:{seat}"


class LedgerRepository:
    """``store.ledger``: append lines, read them, and the sums made of them."""

    def __init__(self, conn: Connection, seasons: SeasonRepository) -> None:
        self._conn = conn
        self._seasons = seasons

    async def append(
        self, entries: Iterable[LedgerEntry | Mapping[str, Any]], *, conn: aiosqlite.Connection | None = None
    ) -> list[LedgerRow]:
        """Append ledger lines. With ``conn`` (from ``store.transaction()``) they join that
        transaction; otherwise they are written in a transaction of their own."""
        items = [e if isinstance(e, LedgerEntry) else LedgerEntry(**dict(e)) for e in entries]
        if conn is not None and not self._conn.is_writer(conn):
            raise StoreError("conn is not this store's connection")
        async with self._conn.transaction() as db:  # joins the caller's transaction, if any
            return await self.insert(db, items, self._conn.now())

    async def insert(self, db: aiosqlite.Connection, entries: Sequence[LedgerEntry], now: float) -> list[LedgerRow]:
        """Write ``entries`` in the caller's transaction ``db`` (a line without a season: the open one), in one
        statement per :data:`LINES_A_STATEMENT` lines."""
        lines: list[dict[str, Any]] = []
        for e in entries:
            season_id = e.season_id
            if season_id is None:
                season_id = (await self._seasons.ensure_in(db, e.guild_id)).id
            lines.append({**e.model_dump(), "season_id": season_id, "created_at": now})
        out: list[LedgerRow] = []
        for start in range(0, len(lines), LINES_A_STATEMENT):
            batch = lines[start : start + LINES_A_STATEMENT]
            written = await self._conn.fetchall(
                db,
                f"INSERT INTO ledger ({', '.join(_COLUMNS)}) VALUES {', '.join([_ROW] * len(batch))} RETURNING id",
                [line[column] for line in batch for column in _COLUMNS],
            )
            # each line's id is the next one of the table's, taken in the order of the VALUES
            ids = sorted(r["id"] for r in written)
            out += [LedgerRow(id=line_id, **line) for line, line_id in zip(batch, ids, strict=True)]
        return out

    async def lines(
        self,
        guild_id: int,
        *,
        season_id: int | None = None,
        table_id: int | None = None,
        kind: str | None = None,
    ) -> list[LedgerRow]:
        """Ledger lines of a guild, oldest first, optionally filtered."""
        sql = "SELECT * FROM ledger WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        for column, value in (("season_id", season_id), ("table_id", table_id), ("kind", kind)):
            if value is not None:
                sql += f" AND {column} = ?"
                params.append(value)
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(db, sql + " ORDER BY id", params)
        return [LedgerRow(**dict(r)) for r in rows]

    async def balance(self, guild_id: int, season_id: int, user_id: int, game: str | None = None) -> int:
        """A player's balance in a season: the sum of all their ledger lines, every kind
        (only those of ``game`` when given: each money game keeps its own chips)."""
        sql = "SELECT COALESCE(SUM(amount), 0) FROM ledger_totals WHERE guild_id = ? AND season_id = ? AND participant = ?"
        params: list[Any] = [guild_id, season_id, participant_for_user(user_id)]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        async with self._conn.read() as db:
            row = await self._conn.fetchone(db, sql, params)
        assert row is not None  # an aggregate always has a row
        return int(row[0])

    async def balances(self, guild_id: int, season_id: int) -> list[BalanceRow]:
        """Every person's balance in a season (all kinds, all games), highest first. Bots are left
        out: each bot seat is a participant of its own table only."""
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(
                db,
                "SELECT participant, user_id, SUM(amount) AS balance, name FROM ("
                " SELECT participant, amount,"  # user_id, name: of the latest line
                "  FIRST_VALUE(user_id) OVER (PARTITION BY participant ORDER BY last_id DESC) AS user_id,"
                "  FIRST_VALUE(name) OVER (PARTITION BY participant ORDER BY last_id DESC) AS name"
                "  FROM ledger_totals WHERE guild_id = ? AND season_id = ? AND user_id IS NOT NULL) AS latest"
                " GROUP BY participant, user_id, name ORDER BY balance DESC, participant",
                (guild_id, season_id),
            )
        return [BalanceRow(**dict(r)) for r in rows]

    async def debts(self, guild_id: int, season_id: int) -> list[BalanceRow]:
        """People whose season balance is negative, most indebted first."""
        rows = [r for r in await self.balances(guild_id, season_id) if r.balance < 0]
        return sorted(rows, key=lambda r: (r.balance, r.participant))

    async def totals(self, guild_id: int, season_id: int, *, user_id: int | None = None) -> list[LedgerTotal]:
        """People's season lines summed per (game, participant, kind) (``/balance``, ``/debts``),
        only ``user_id``'s when given, in the order of each sum's latest line."""
        sql = "SELECT game, participant, user_id, name, kind, amount FROM ledger_totals WHERE guild_id = ? AND season_id = ?"
        params: list[Any] = [guild_id, season_id]
        if user_id is not None:
            sql += " AND participant = ?"
            params.append(participant_for_user(user_id))
        else:
            sql += " AND user_id IS NOT NULL"
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(db, sql + " ORDER BY last_id", params)
        return [LedgerTotal(**dict(r)) for r in rows]
