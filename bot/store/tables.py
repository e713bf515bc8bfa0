"""Tables and their action logs.

A table holds one game (lobby → playing → finished | cancelled) with an optimistic ``version``:
every change bumps it and callers pass the version they saw (``expected_version``); a mismatch raises
:class:`~bot.store.errors.StaleVersion`. ``actions`` is the table's action log, appended by the same guarded write
(:mod:`bot.store.guarded`: one round trip) that updates the table's snapshot. A write that seats players (a new table, a lobby's
newcomers) checks in its transaction that none sits at another open table of the guild
(:mod:`bot.seating`). A finished table's ledger lines and ratings are written in its transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel

from bot.seating import check_seated_once, seated_users
from bot.shards import Shards
from bot.store.connection import Connection, json_text
from bot.store.errors import NotFound, StaleVersion, TableExists, WrongStatus
from bot.store.guarded import GuardedWrite, Insert
from bot.store.ledger import LedgerEntry, LedgerRepository, participant_for_bot, participant_for_user
from bot.store.rows import Row
from bot.store.seasons import SeasonRepository

TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
ActionSource = Literal["player", "timeout", "bot"]
OPEN_STATUSES = ("lobby", "playing")


class TableRow(Row):
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int
    seats: list[dict[str, Any]]  # [{"user_id": int | None, "name": str, "bot": bool}, …]
    status: TableStatus
    version: int
    seed: str | None
    snapshot: str | None  # game state JSON, as given (``GAME.load(snapshot)``)
    deadline: float | None
    message_id: int | None
    turn_seconds: int
    season_id: int | None
    created_at: float
    updated_at: float
    finished_at: float | None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class ActionRow(Row):
    table_id: int
    seq: int
    seat: int | None
    action: str
    actor_id: int | None
    source: ActionSource
    at: float


@dataclass(frozen=True)
class PlayedMove:
    """One action as a table's log keeps it: the seat that played it (None: the table's own), the action, the user
    who played it (None for a timeout or a bot) and how it came."""

    seat: int | None
    action: str
    actor_id: int | None
    source: ActionSource = "player"


def _snapshot_text(snapshot: Any) -> str | None:
    """Accept a JSON string, a pydantic model or a plain JSON-able value."""
    if snapshot is None or isinstance(snapshot, str):
        return snapshot
    if isinstance(snapshot, BaseModel):
        return snapshot.model_dump_json()
    return json_text(snapshot)


def _seats_json(seats: Iterable[Any]) -> str:
    out = []
    for seat in seats:
        if isinstance(seat, BaseModel):
            seat = seat.model_dump()
        out.append(dict(seat))
    return json_text(out)


def _table(row: sqlite3.Row) -> TableRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data["seats"] = json.loads(data["seats"])
    return TableRow(**data)


def _result_lines(table: TableRow, season_id: int, results: Sequence[Mapping[str, Any]]) -> list[LedgerEntry]:
    """A finished table's ledger lines: one per result (kind ``game`` unless it names another), then a
    ``game`` line of 0 for each seat with no line of its own."""
    entries = [
        LedgerEntry(
            guild_id=table.guild_id,
            season_id=season_id,
            table_id=table.id,
            game=table.game,
            participant=r["participant"],
            user_id=r.get("user_id"),
            name=r["name"],
            seat=r.get("seat"),
            kind=r.get("kind", "game"),
            amount=r["amount"],
            placing=r.get("placing"),
            memo=r.get("memo"),
            round=r.get("round"),
        )
        for r in results
    ]
    with_lines = {e.seat for e in entries}
    for n, seat in enumerate(table.seats):
        if n in with_lines:
            continue
        human = not seat.get("bot") and seat.get("user_id") is not None
        entries.append(
            LedgerEntry(
                guild_id=table.guild_id,
                season_id=season_id,
                table_id=table.id,
                game=table.game,
                participant=participant_for_user(seat["user_id"]) if human else participant_for_bot(table.id, n),
                user_id=seat["user_id"] if human else None,
                name=seat.get("name") or f"Seat {n + 1}",
                seat=n,
                kind="game",
                amount=0,
                memo="no chips moved",
            )
        )
    return entries


def _action(table_id: int, move: PlayedMove, at: float) -> Insert:
    """The table's next line in its log: its ``seq`` the last one's + 1 (from 1), computed in the statement."""
    return Insert(
        "INSERT INTO actions (table_id, seq, seat, action, actor_id, source, at)"
        " SELECT ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), ?, ?, ?, ?, ?",
        (table_id, table_id, move.seat, move.action, move.actor_id, move.source, at),
    )


def _refusal(
    table_id: int, expected_version: int | None, statuses: Sequence[str], version: int, status: str
) -> StaleVersion | WrongStatus | None:
    """Why a table at ``version`` in ``status`` may not be changed by a write that expects ``expected_version`` (None:
    any) and one of ``statuses``; None when it may."""
    if expected_version is not None and version != expected_version:
        return StaleVersion(table_id, expected_version, version)
    if status not in statuses:
        return WrongStatus(table_id, status, statuses)
    return None


class TableRepository:
    """``store.tables``: open, change, finish and read tables and their action logs."""

    def __init__(self, conn: Connection, seasons: SeasonRepository, ledger: LedgerRepository) -> None:
        self._conn = conn
        self._seasons = seasons
        self._ledger = ledger

    # ----------------------------------------------------------------- reads

    async def get(self, table_id: int) -> TableRow | None:
        async with self._conn.use() as db:
            row = await self._conn.fetchone(db, "SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def open_in(self, channel_id: int) -> TableRow | None:
        """The channel's lobby or running table, if any."""
        async with self._conn.use() as db:
            row = await self._conn.fetchone(
                db, "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
            )
        return _table(row) if row else None

    async def unfinished(self, shards: Shards | None = None) -> list[TableRow]:
        """Every lobby and running table (restart recovery), oldest first; with ``shards``, only those of the
        guilds Discord deals to these shards (the other processes' tables are not even read)."""
        where = ""
        params: tuple[int, ...] = ()
        if shards is not None:
            where = f" AND (guild_id >> 22) % ? IN ({', '.join('?' * len(shards.ids))})"
            params = (shards.count, *shards.ids)
        async with self._conn.use() as db:
            rows = await self._conn.fetchall(
                db, f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){where} ORDER BY id", params
            )
        return [_table(r) for r in rows]

    async def actions(self, table_id: int) -> list[ActionRow]:
        """The table's action log, in order."""
        async with self._conn.use() as db:
            rows = await self._conn.fetchall(db, "SELECT * FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [ActionRow(**dict(r)) for r in rows]

    # ----------------------------------------------------------------- the lobby

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        host_id: int,
        seats: Sequence[Any],
        turn_seconds: int,
    ) -> TableRow:
        """A new lobby (version 1). Raises :class:`TableExists` if the channel has an open table, and
        :class:`~bot.seating.SeatedElsewhere` if one of ``seats`` sits at another open table of the guild."""
        now = self._conn.now()
        async with self._conn.transaction() as db:
            existing = await self._conn.fetchone(
                db, "SELECT id FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
            )
            if existing is not None:
                raise TableExists(channel_id, existing["id"])
            seats = json.loads(_seats_json(seats))
            await check_seated_once(db, self._conn.dialect.name, guild_id, None, seated_users(seats, playing=False))
            try:
                cur = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, game, options, host_id, seats, status, version,"
                    " turn_seconds, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', 1, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        json_text(dict(options)),
                        host_id,
                        _seats_json(seats),
                        int(turn_seconds),
                        now,
                        now,
                    ),
                )
            except sqlite3.IntegrityError as exc:  # the partial unique index, as a last line
                if any(sign in str(exc) for sign in ("tables.channel_id", "UNIQUE", "tables_one_open_per_channel")):
                    raise TableExists(channel_id) from exc
                raise
            return await self._table_in(db, cur.lastrowid)

    async def update_lobby(self, table_id: int, seats: Sequence[Any], expected_version: int) -> TableRow:
        """The lobby's new seats. :class:`~bot.seating.SeatedElsewhere` if a newcomer sits at another open table
        of the guild."""
        async with self._conn.transaction() as db:
            table = await self._check(db, table_id, expected_version, ("lobby",))
            seats = json.loads(_seats_json(seats))
            newcomers = seated_users(seats, playing=False) - seated_users(table.seats, playing=False)
            await check_seated_once(db, self._conn.dialect.name, table.guild_id, table_id, newcomers)
            await db.execute(
                "UPDATE tables SET seats = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (_seats_json(seats), self._conn.now(), table_id),
            )
            return await self._table_in(db, table_id)

    async def update_seats(self, table_id: int, seats: Sequence[Any], expected_version: int) -> TableRow:
        """Change the seats of an open table, lobby or playing (e.g. a resignation: a bot takes
        over). Bumps the version; :class:`StaleVersion` when it moved."""
        changes = {"seats": _seats_json(seats), "updated_at": self._conn.now()}
        return await self._bump(table_id, expected_version, OPEN_STATUSES, changes)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the public table message (does not bump the version)."""
        async with self._conn.transaction() as db:
            cur = await db.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))
            if cur.rowcount == 0:
                raise NotFound(f"no table {table_id}")

    # ----------------------------------------------------------------- play

    async def start(
        self,
        table_id: int,
        seats: Sequence[Any],
        seed: str | None,
        snapshot: Any,
        deadline: float | None,
        season_id: int | None,
        expected_version: int,
    ) -> TableRow:
        """Lobby → playing, with the final seats, the seed and the first snapshot."""
        changes = {
            "status": "playing",
            "seats": _seats_json(seats),
            "seed": seed,
            "snapshot": _snapshot_text(snapshot),
            "deadline": deadline,
            "season_id": season_id,
        }
        return await self._bump(table_id, expected_version, ("lobby",), {**changes, "updated_at": self._conn.now()})

    async def record_action(
        self, table_id: int, move: PlayedMove, *, snapshot: Any, deadline: float | None, expected_version: int
    ) -> int:
        """Append ``move`` to the table's log and store the new snapshot and deadline, atomically: one guarded write
        (:mod:`bot.store.guarded`), one statement on PostgreSQL. The table's new version: the one thing of the row a
        move does not know already (the database returns no more, so the snapshot does not come back with it)."""
        now = self._conn.now()
        changes = {"snapshot": _snapshot_text(snapshot), "deadline": deadline, "updated_at": now}
        logged = _action(table_id, move, now)
        row = await self._guarded_bump(table_id, expected_version, ("playing",), changes, logged, "version")
        return int(row["version"])

    async def finish(
        self,
        table_id: int,
        *,
        move: PlayedMove | None = None,
        snapshot: Any,
        expected_version: int,
        results: Sequence[Mapping[str, Any]],
    ) -> TableRow:
        """Playing → finished, in one transaction with the final move (if any), the game's ledger lines
        (kind ``'game'`` unless an entry names another, the table's game and season) and the players' ratings.
        A seat with no line (e.g. a Black Flower player who sat out every round) gets a ``game`` line
        of 0, so that every finished game is in each of its players' history and standings.

        ``results``: ``[{"participant": "user:<id>" | "bot:<table>:<seat>", "user_id": int | None,
        "name": str, "seat": int, "amount": int, "placing": int}, …]``.
        """
        from bot.league import ratings  # the league builds on the store, not the other way round

        text = _snapshot_text(snapshot)
        async with self._conn.transaction() as db:
            now = self._conn.now()
            changes = {"status": "finished", "snapshot": text, "deadline": None, "updated_at": now, "finished_at": now}
            logged = _action(table_id, move, now) if move is not None else None
            finished = await self._bump(table_id, expected_version, ("playing",), changes, logged)
            season_id = finished.season_id
            if season_id is None:  # a table started without a season: the guild's open one
                season_id = (await self._seasons.ensure_in(db, finished.guild_id)).id
                await db.execute("UPDATE tables SET season_id = ? WHERE id = ?", (season_id, table_id))
                finished = finished.model_copy(update={"season_id": season_id})
            await self._ledger.insert(db, _result_lines(finished, season_id, results), now)
            await ratings.rate_table(db, finished)  # in the same transaction: ratings never miss a game
            return finished

    async def cancel(self, table_id: int, expected_version: int | None = None) -> TableRow:
        """Lobby or playing → cancelled (no ledger lines). ``expected_version=None`` skips the check."""
        now = self._conn.now()
        changes = {"status": "cancelled", "deadline": None, "updated_at": now, "finished_at": now}
        return await self._bump(table_id, expected_version, OPEN_STATUSES, changes)

    # ----------------------------------------------------------------- inside a transaction

    async def _table_in(self, db: aiosqlite.Connection, table_id: int | None, lock: bool = False) -> TableRow:
        row = await self._conn.fetchone(
            db, "SELECT * FROM tables WHERE id = ?" + (self._conn.dialect.lock_row if lock else ""), (table_id,)
        )
        if row is None:
            raise NotFound(f"no table {table_id}")
        return _table(row)

    async def _check(
        self, db: aiosqlite.Connection, table_id: int, expected_version: int | None, statuses: Sequence[str]
    ) -> TableRow:
        table = await self._table_in(db, table_id, lock=True)
        refusal = _refusal(table_id, expected_version, statuses, table.version, table.status)
        if refusal is not None:
            raise refusal
        return table

    async def _bump(
        self,
        table_id: int,
        expected_version: int | None,
        statuses: Sequence[str],
        changes: Mapping[str, Any],
        logged: Insert | None = None,
    ) -> TableRow:
        """:meth:`_guarded_bump`, the whole new row returned."""
        return _table(await self._guarded_bump(table_id, expected_version, statuses, changes, logged, "*"))

    async def _guarded_bump(
        self,
        table_id: int,
        expected_version: int | None,
        statuses: Sequence[str],
        changes: Mapping[str, Any],
        logged: Insert | None,
        returning: str,
    ) -> Any:
        """The table's row with ``changes`` (column → value) and its version bumped, and its ``logged`` action if any,
        in one guarded write (:mod:`bot.store.guarded`) that changes the row only at ``expected_version`` (``None``:
        any) and in one of ``statuses``; the new row as the write returns it. When it changes nothing, the row is read
        to say why: :class:`NotFound`, :class:`StaleVersion` or :class:`WrongStatus`. In this task's transaction if
        one is open: the row stays locked until it ends, as :meth:`_check` does. The changed row's ``returning``
        columns (``*``: all) are the result."""
        sets = "".join(f"{column} = ?, " for column in changes)
        sql = f"UPDATE tables SET {sets}version = version + 1 WHERE id = ? AND status IN ({', '.join('?' * len(statuses))})"
        params = [*changes.values(), table_id, *statuses]
        if expected_version is not None:
            sql += " AND version = ?"
            params.append(expected_version)
        write = GuardedWrite(f"{sql} RETURNING {returning}", tuple(params), (logged,) if logged else ())
        row = await self._conn.guarded(write)
        if row is not None:
            return row
        async with self._conn.use() as db:
            now = await self._conn.fetchone(db, "SELECT version, status FROM tables WHERE id = ?", (table_id,))
        if now is None:
            raise NotFound(f"no table {table_id}")
        # the version only grows, so a row that did not match at the UPDATE is stale even if read at the one expected
        refusal = _refusal(table_id, expected_version, statuses, now["version"], now["status"])
        raise refusal or StaleVersion(table_id, expected_version, now["version"])
