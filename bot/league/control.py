"""Table control by league officers: pause and resume a table, give an absent player's seat to a bot,
end a table early by its game's own end rule, void a table, correct a result.

Each change and its line of the officers' record (``bot/league/officers.py``) are one transaction, so a
kill at any moment leaves both or neither. The in-memory table changes only once the store took the change,
under the table's lock (the caller answered the officer's interaction before).

- **Pause** keeps the seconds the decision had left (``bot/pauses.py``); **resume** restarts the deadline
  with them. Nobody moves and no bot plays in between.
- **End early**: the game ends now as its own end counts it (``GameBase.end_early``: Sanma's points held with
  the season's uma and oka, the other games' scores or chips of the deals played); results, ledger and ratings
  are an ordinary end's. A game without such a rule is refused, pointing to a void.
- **Void**: a finished table's ledger lines are reversed by compensating lines (never deleted), so every
  balance is still the sum of the ledger; the void's row then takes the table out of the results and the
  standings (migration 0011), and the game's ratings are rebuilt from the remaining records. A table still
  in play is closed without results instead.
- **Correct**: one ledger line ``adjustment by <officer>: <reason>`` on a seat of a finished table; the
  standings follow the ledger, and the game's ratings are rebuilt from the records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import discord

from bot import text as user_text
from bot.league import officers, rating_rebuild
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
            await officers.record(
                db,
                manager.store,
                table.guild_id,
                officer,
                "pause",
                reason,
                _target(table.id),
                {"seconds_left": None if left is None else round(left, 1)},
            )
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
            await officers.record(
                db,
                manager.store,
                table.guild_id,
                officer,
                "resume",
                reason,
                _target(table.id),
                {"seconds_left": None if held.remaining is None else round(held.remaining, 1)},
            )
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
            await officers.record(
                db,
                manager.store,
                table.guild_id,
                officer,
                "replace",
                reason,
                _target(table.id),
                {"seat": seat, "user_id": user_id, "by": "bot"},
            )
        table.seats, table.version = seats, row.version
    player = user_text.name(table.seats[seat].name)
    manager._spawn(manager._advance(table, [], notes=[f"🤖 A bot plays {player}'s seat (an officer's call)."]))
    return f"A bot now plays {player}'s seat at table {table.id}."


async def end_early(manager: TableManager, table: Table, officer: Officer, reason: str) -> str:
    """Finish a table in play now by its game's own end rule (``GameBase.end_early``): the results, ledger
    lines and ratings of an ordinary end, with the officer's record, in one transaction; the answer for the
    officer. A game without such a rule is refused, pointing to a void."""
    ending = table.game.end_early
    if ending is None:
        raise Refusal(
            f"{table.game.title} has no rule to end a game before its end, so it cannot be settled "
            "early. /league table void closes the table without results."
        )
    _, name = _who(officer)
    async with table.lock:
        if table.status != PLAYING:
            raise Refusal("Only a game in play can be ended early.")
        held = table.state
        if held is None:
            raise Refusal("Only a game in play can be ended early.")
        table.state = table.game.load(held.model_dump_json())  # ended on a copy: kept only once it is stored
        try:
            events = ending(table.state)
            results = manager._ledger_results(table)
            async with manager.store.transaction() as db:
                row = await manager.store.tables.finish(
                    table.id, snapshot=table.state.model_dump_json(), expected_version=table.version, results=results
                )
                await db.execute("DELETE FROM table_pauses WHERE table_id = ?", (table.id,))
                await officers.record(
                    db,
                    manager.store,
                    table.guild_id,
                    officer,
                    "end",
                    reason,
                    _target(table.id),
                    {"lines": len(results), "game": table.game.name},
                )
        except BaseException:
            table.state = held
            raise
        table.status, table.version, table.paused, table.deadline = FINISHED, row.version, None, None
        if table.timer is not None:
            table.timer.cancel()
    why = f": {user_text.escape(reason, 200)}" if reason else ""
    manager._spawn(manager._advance(table, events, notes=[f"🏁 Ended early by {user_text.name(name)}{why}."]))
    return f"Table {table.id} ended early by the game's own end rule; its results are booked."


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
    if row.status != FINISHED or row.season_id is None:  # a finished table always counts in a season
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
            " ORDER BY participant, kind",
            (table.id,),
        ) as cur:
            sums = await cur.fetchall()
        entries = [
            LedgerEntry(
                guild_id=table.guild_id,
                season_id=s[0],
                table_id=table.id,
                game=s[3],
                participant=s[1],
                user_id=s[4],
                name=s[5],
                seat=s[6],
                kind=s[2],
                amount=-int(s[7]),
                memo=memo,
            )
            for s in sums
            if int(s[7]) != 0
        ]
        await store.ledger.append(entries, conn=db)
        await db.execute(
            "INSERT INTO table_voids (table_id, guild_id, officer_id, reason, at) VALUES (?, ?, ?, ?, ?)",
            (table.id, table.guild_id, officer_id, reason, store.now()),
        )
        await officers.record(
            db,
            store,
            table.guild_id,
            officer,
            "void",
            reason,
            _target(table.id),
            {"lines": len(entries), "game": table.game},
        )
        await rating_rebuild.rebuild_from(db, store.dialect.name, table.guild_id, table.game, table.id)
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
            await db.execute(
                "INSERT INTO table_voids (table_id, guild_id, officer_id, reason, at) VALUES (?, ?, ?, ?, ?)",
                (table.id, table.guild_id, officer_id, reason, manager.store.now()),
            )
            await officers.record(
                db,
                manager.store,
                table.guild_id,
                officer,
                "void",
                reason,
                _target(table.id),
                {"lines": 0, "game": table.game.name},
            )
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
        async with db.execute(
            "SELECT name, seat FROM results WHERE table_id = ? AND participant = ?", (table.id, participant)
        ) as cur:
            seated = await cur.fetchone()
        if seated is None:
            raise Refusal("That player has no result at this table.")
        memo = f"adjustment by {user_text.plain_name(name)}: {reason}"[:200]
        await store.ledger.append(
            [
                LedgerEntry(
                    guild_id=table.guild_id,
                    season_id=table.season_id,
                    table_id=table.id,
                    game=table.game,
                    participant=participant,
                    user_id=user_id,
                    name=seated[0],
                    seat=seated[1],
                    kind="adjustment",
                    amount=amount,
                    memo=memo,
                )
            ],
            conn=db,
        )
        await officers.record(
            db,
            store,
            table.guild_id,
            officer,
            "correct",
            reason,
            _target(table.id),
            {"user_id": user_id, "amount": amount, "game": table.game},
        )
        await rating_rebuild.rebuild_from(db, store.dialect.name, table.guild_id, table.game, table.id)
    return (
        f"{user_text.name(seated[0])}'s result at table {table.id} moved by {shown(table.game, amount)}; "
        "the standings and ratings follow."
    )
