"""Table control by league officers: pause and resume a table, give an absent player's seat to a bot,
void a table, correct a result.

Each change and its line of the officers' record (``bot/league/officers.py``) are one transaction, so a
kill at any moment leaves both or neither. The in-memory table changes only once the store took the change,
under the table's lock (the caller answered the officer's interaction before).

- **Pause** keeps the seconds the decision had left (``bot/pauses.py``); **resume** restarts the deadline
  with them. Nobody moves and no bot plays in between.
- **Void**: a finished table's ledger lines are reversed by compensating lines (never deleted), so every
  balance is still the sum of the ledger; the void's row then takes the table out of the results and the
  standings (migration 0011), and the game's ratings are rebuilt from the remaining records. A table still
  in play is closed without results instead.
- **Correct**: one ledger line ``adjustment by <officer>: <reason>`` on a seat of a finished table; the
  standings follow the ledger, and the game's ratings are rebuilt from the records.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import text as user_text
from bot.league import officers, ratings
from bot.league.points import columns, shown
from bot.pauses import Pause, end_pause, save_pause
from bot.store import LedgerEntry, Store, participant_for_user
from bot.tables import CANCELLED, FINISHED, PLAYING, Refusal, Seat, Table, TableManager

Officer = discord.abc.User | tuple[int, str]


def _who(officer: Officer) -> tuple[int, str]:
    return (officer.id, officer.display_name) if isinstance(officer, discord.abc.User) else officer


def _target(table_id: int) -> str:
    return f"table {table_id}"


async def pause(manager: TableManager, table: Table, officer: Officer, reason: str) -> str:
    """Stop a table's clock; the answer for the officer."""
    officer_id, name = _who(officer)
    async with table.lock:
        if table.status != PLAYING:
            raise Refusal("Only a game in play can be paused.")
        if table.paused is not None:
            raise Refusal("This table is already paused.")
        now = manager.clock()
        left = None if table.deadline is None else max(0.0, table.deadline - now)
        held = Pause(officer_id, name, left, now)
        async with manager.store.transaction() as db:
            await save_pause(db, table.id, table.guild_id, held)
            await officers.record(db, manager.store, table.guild_id, officer, "pause", reason, _target(table.id),
                                  {"seconds_left": None if left is None else round(left, 1)})
        table.paused = held
        if table.timer is not None:
            table.timer.cancel()
    manager.redraw(table)
    kept = "" if left is None else f" with {round(left)} seconds left on the clock"
    return f"Table {table.id} is paused{kept}. Resume it with /league table resume."


async def resume(manager: TableManager, table: Table, officer: Officer, reason: str) -> str:
    """Restart a paused table's clock with the time it had left; the answer for the officer."""
    async with table.lock:
        held = table.paused
        if table.status != PLAYING or held is None:
            raise Refusal("This table is not paused.")
        deadline = None if held.remaining is None else manager.clock() + held.remaining
        async with manager.store.transaction() as db:
            await end_pause(db, table.id, deadline)
            await officers.record(db, manager.store, table.guild_id, officer, "resume", reason, _target(table.id),
                                  {"seconds_left": None if held.remaining is None else round(held.remaining, 1)})
        table.paused, table.deadline = None, deadline
        manager._arm_timer(table)
    who = user_text.name(_who(officer)[1])
    manager._spawn(manager._advance(table, [], notes=[f"▶️ Resumed by {who}."]))
    return f"Table {table.id} is running again."


async def bench(manager: TableManager, table: Table, user_id: int, officer: Officer, reason: str) -> str:
    """An absent player's seat is played by a bot from now on (as if they had resigned)."""
    async with table.lock:
        if table.status != PLAYING:
            raise Refusal("Only a seat of a game in play can be given to a bot.")
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("That player is not seated at this table.")
        if table.seats[seat].resigned:
            raise Refusal("A bot already plays that seat.")
        seats = [Seat(**s.__dict__) for s in table.seats]
        seats[seat].resigned = True
        async with manager.store.transaction() as db:
            row = await manager.store.tables.update_seats(table.id, [s.as_dict() for s in seats], table.version)
            await officers.record(db, manager.store, table.guild_id, officer, "replace", reason, _target(table.id),
                                  {"seat": seat, "user_id": user_id, "by": "bot"})
        table.seats, table.version = seats, row.version
    player = user_text.name(table.seats[seat].name)
    manager._spawn(manager._advance(table, [], notes=[f"🤖 A bot plays {player}'s seat (an officer's call)."]))
    return f"A bot now plays {player}'s seat at table {table.id}."


@dataclass(frozen=True)
class Finished:
    """A finished table of this server, as the records hold it."""

    id: int
    guild_id: int
    game: str
    season_id: int


async def finished_table(store: Store, guild_id: int, table_id: int) -> Finished:
    row = await store.tables.get(table_id)
    if row is None or row.guild_id != guild_id:
        raise Refusal(f"There is no table {table_id} on this server.")
    if row.status != FINISHED:
        raise Refusal(f"Table {table_id} has not finished.")
    if await is_voided(store, table_id):
        raise Refusal(f"Table {table_id} was voided.")
    return Finished(row.id, row.guild_id, row.game, row.season_id)


async def is_voided(store: Store, table_id: int) -> bool:
    async with store.read() as db, db.execute("SELECT 1 FROM table_voids WHERE table_id = ?", (table_id,)) as cur:
        return await cur.fetchone() is not None


async def void_finished(store: Store, table: Finished, officer: Officer, reason: str) -> int:
    """Reverse a finished table's ledger lines, take it out of the standings and rebuild the game's ratings;
    returns the lines written."""
    officer_id, name = _who(officer)
    memo = f"void by {user_text.plain_name(name)}: {reason}"[:200]
    async with store.transaction() as db:
        async with db.execute(
                "SELECT season_id, participant, kind, game, MAX(user_id), MAX(name), MAX(seat), SUM(amount)"
                " FROM ledger WHERE table_id = ? GROUP BY season_id, participant, kind, game"
                " ORDER BY participant, kind", (table.id,)) as cur:
            sums = await cur.fetchall()
        entries = [LedgerEntry(guild_id=table.guild_id, season_id=s[0], table_id=table.id, game=s[3],
                               participant=s[1], user_id=s[4], name=s[5], seat=s[6], kind=s[2], amount=-int(s[7]),
                               memo=memo) for s in sums if int(s[7]) != 0]
        await store.ledger.append(entries, conn=db)
        await db.execute("INSERT INTO table_voids (table_id, guild_id, officer_id, reason, at) VALUES (?, ?, ?, ?, ?)",
                         (table.id, table.guild_id, officer_id, reason, store.now()))
        await officers.record(db, store, table.guild_id, officer, "void", reason, _target(table.id),
                              {"lines": len(entries), "game": table.game})
        await rebuild_ratings(db, table.guild_id, table.game, table.id)
    return len(entries)


async def void_playing(manager: TableManager, table: Table, officer: Officer, reason: str) -> None:
    """Close a table still in play without results (nothing reached the ledger yet)."""
    officer_id, name = _who(officer)
    async with table.lock:
        if table.status != PLAYING:
            raise Refusal("This table is no longer in play.")
        async with manager.store.transaction() as db:
            row = await manager.store.tables.cancel(table.id, table.version)
            await db.execute("DELETE FROM table_pauses WHERE table_id = ?", (table.id,))
            await db.execute("INSERT INTO table_voids (table_id, guild_id, officer_id, reason, at)"
                             " VALUES (?, ?, ?, ?, ?)", (table.id, table.guild_id, officer_id, reason,
                                                         manager.store.now()))
            await officers.record(db, manager.store, table.guild_id, officer, "void", reason, _target(table.id),
                                  {"lines": 0, "game": table.game.name})
        table.status, table.version, table.paused, table.deadline = CANCELLED, row.version, None, None
        table.closing = f"Voided by {user_text.name(name)}: {user_text.escape(reason, 200)}"
        if table.timer is not None:
            table.timer.cancel()
    manager.redraw(table)


POINTS_MAX = 1_000_000  # the largest correction, in the game's points


def to_amount(game: str, points: float) -> int:
    """Points as shown (``-3.4``) in the game's ledger steps (Sanma books tenths of a point)."""
    if not math.isfinite(points) or abs(points) > POINTS_MAX:
        raise Refusal(f"A correction is a number of points between −{POINTS_MAX} and {POINTS_MAX}.")
    return round(points * columns(game).scale)


async def correct(store: Store, table: Finished, user_id: int, points: float, officer: Officer, reason: str) -> str:
    """One adjustment line on ``user_id``'s seat of a finished table; the answer for the officer."""
    amount = to_amount(table.game, points)
    if amount == 0:
        raise Refusal("A correction needs an amount other than zero.")
    _, name = _who(officer)
    participant = participant_for_user(user_id)
    async with store.transaction() as db:
        async with db.execute("SELECT name, seat FROM results WHERE table_id = ? AND participant = ?",
                              (table.id, participant)) as cur:
            seated = await cur.fetchone()
        if seated is None:
            raise Refusal("That player has no result at this table.")
        memo = f"adjustment by {user_text.plain_name(name)}: {reason}"[:200]
        await store.ledger.append([LedgerEntry(guild_id=table.guild_id, season_id=table.season_id,
                                               table_id=table.id, game=table.game, participant=participant,
                                               user_id=user_id, name=seated[0], seat=seated[1], kind="adjustment",
                                               amount=amount, memo=memo)], conn=db)
        await officers.record(db, store, table.guild_id, officer, "correct", reason, _target(table.id),
                              {"user_id": user_id, "amount": amount, "game": table.game})
        await rebuild_ratings(db, table.guild_id, table.game, table.id)
    return (f"{user_text.name(seated[0])}'s result at table {table.id} moved by {shown(table.game, amount)}; "
            "the standings and ratings follow.")


async def rebuild_ratings(db: Any, guild_id: int, game: str, table_id: int) -> None:
    """A server's ratings in one game recomputed from the records, on ``db`` (inside the change's transaction),
    from table ``table_id`` on: a rating depends only on the games before it, so the rows before that table
    stay and the later ones are written again — the same numbers :func:`bot.league.ratings.rebuild` writes."""
    async with db.execute("SELECT finished_at FROM tables WHERE id = ?", (table_id,)) as cur:
        at = float((await cur.fetchone())[0])
    later = "(finished_at > ? OR (finished_at = ? AND {id} >= ?))"
    async with db.execute(
            "SELECT user_id, scope, mu, sigma FROM (SELECT user_id, scope, mu, sigma, ROW_NUMBER() OVER"
            " (PARTITION BY user_id, scope ORDER BY finished_at DESC, table_id DESC) AS n FROM ratings"
            " WHERE guild_id = ? AND game = ? AND NOT " + later.format(id="table_id") + ") AS before WHERE n = 1",
            (guild_id, game, at, at, table_id)) as cur:
        prior = [tuple(r) for r in await cur.fetchall()]
    await db.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ? AND " + later.format(id="table_id"),
                     (guild_id, game, at, at, table_id))
    async with db.execute("SELECT id, season_id, finished_at FROM tables WHERE guild_id = ? AND game = ?"
                          " AND status = 'finished' AND " + later.format(id="id") + " ORDER BY finished_at, id",
                          (guild_id, game, at, at, table_id)) as cur:
        tables = [tuple(r) for r in await cur.fetchall()]
    async with db.execute("SELECT r.table_id, r.user_id, r.placing, r.net FROM results r JOIN tables t"
                          " ON t.id = r.table_id WHERE t.guild_id = ? AND t.game = ? AND t.status = 'finished' AND "
                          + later.format(id="t.id").replace("finished_at", "t.finished_at")
                          + " ORDER BY r.table_id, r.seat, r.participant", (guild_id, game, at, at, table_id)) as cur:
        results = [tuple(r) for r in await cur.fetchall()]
    # the model's arithmetic for the later tables (~50 ms a thousand) runs in a worker thread, not on the
    # event loop (benchmarks/bench_table_control.py)
    rows = await asyncio.to_thread(rated_rows, guild_id, game, tables, results, prior)
    if rows:
        await db.executemany(ratings.INSERT_SQL, rows)


def rated_rows(guild_id: int, game: str, tables: Sequence[Any], results: Sequence[Any],
               prior: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """The rating rows of ``tables`` (in the order they finished) from their ``results``, each person starting
    from their ``prior`` rating in a scope (``(user_id, scope, mu, sigma)``; a newcomer's when absent)."""
    by_table: dict[int, list[ratings.Seat]] = {}
    for r in results:
        by_table.setdefault(r[0], []).append(ratings.Seat(r[1], r[2], int(r[3])))
    now: dict[int, dict[int, ratings.Rating]] = {}
    for user_id, scope, mu, sigma in prior:
        now.setdefault(int(scope), {})[int(user_id)] = ratings.Rating(float(mu), float(sigma))
    rows = []
    for t in tables:
        seats = by_table.get(t[0], [])
        for scope in (t[1], ratings.ALL_TIME):
            current = now.setdefault(scope, {})
            new = ratings.rate_game(seats, current)
            current.update(new)
            rows += [(t[0], u, scope, guild_id, game, t[2], r.mu, r.sigma) for u, r in new.items()]
    return rows
