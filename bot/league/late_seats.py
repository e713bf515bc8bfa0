"""Late players: a league officer gives a bot's seat of a table in play to a person who came late.

The seat changes hands between deals only (``GameBase.deal_number``: Sanma's hands, the hanafuda games'
months, the card games' rounds): the officer's request is stored at once (table ``late_seats``, migration
0012, with the officer's record), and the seat is the player's from the moment the table's deal number
changes — before the bot plays anything of the new deal. So the player never sees a card the bot held:
the hand panel shows the seat's cards of the new deal only, dealt to it as it became theirs. The player
takes the seat as it stands (its points or chips); its result at the end is theirs, like any seat's.

A request survives a restart (the row stays until the seat changes hands). A game without deals is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot import text as user_text
from bot.league import officers, registration
from bot.store import StaleVersion, Store
from bot.tables import PLAYING, Refusal, Seat, Table, TableManager
from games.base import Event

Officer = discord.abc.User | tuple[int, str]


@dataclass(frozen=True)
class LateSeat:
    """A bot's seat promised to a late player."""

    seat: int
    user_id: int
    name: str
    deal: int  # the deal the table was in when the officer asked: the seat changes hands once it changes


async def queued(store: Store, table_id: int) -> list[LateSeat]:
    async with (
        store.read() as db,
        db.execute(
            "SELECT seat, user_id, name, deal FROM late_seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ) as cur,
    ):
        rows = await cur.fetchall()
    return [LateSeat(int(r[0]), int(r[1]), r[2], int(r[3])) for r in rows]


async def _promised(store: Store, table: Table) -> list[LateSeat]:
    """The table's promised seats, read once per process (a restart reads them again)."""
    if table.late_seats is None:
        table.late_seats = await queued(store, table.id)
    return table.late_seats


async def promise(manager: TableManager, table: Table, user_id: int, name: str, officer: Officer, reason: str) -> str:
    """A bot's seat of ``table`` goes to ``user_id`` when the next deal begins; the answer for the officer."""
    number = table.game.deal_number
    if number is None:
        raise Refusal(f"{table.game.title} is not played in deals, so no seat can change hands during a game.")
    seated_name = await registration.seat_name(manager.store, table.guild_id, user_id, name)
    if seated_name is None:
        raise Refusal("That player is not registered, and this server's tables seat only registered players.")
    async with table.lock:
        if table.status != PLAYING or table.state is None:
            raise Refusal("Only a bot's seat at a game in play can go to a late player.")
        late = await _promised(manager.store, table)
        if table.seat_of(user_id) is not None or any(p.user_id == user_id for p in late):
            raise Refusal("That player already has a seat at this table.")
        if (other := manager._seated_elsewhere(user_id, table.guild_id, table.id)) is not None:
            raise Refusal(f"That player is seated at a table in <#{other.channel_id}>; they must leave it first.")
        free = [i for i, s in enumerate(table.seats) if s.bot and i not in {p.seat for p in late}]
        if not free:
            raise Refusal("No bot's seat is free at this table: every seat is a person's or already promised.")
        promised = LateSeat(free[0], user_id, seated_name, number(table.state))
        async with manager.store.transaction() as db:
            await db.execute(
                "INSERT INTO late_seats (table_id, seat, guild_id, user_id, name, deal, officer_id, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    promised.seat,
                    table.guild_id,
                    user_id,
                    seated_name,
                    promised.deal,
                    officer.id if isinstance(officer, discord.abc.User) else officer[0],
                    manager.store.now(),
                ),
            )
            await officers.record(
                db,
                manager.store,
                table.guild_id,
                officer,
                "late seat",
                reason,
                f"table {table.id}",
                {"seat": promised.seat, "user_id": user_id, "deal": promised.deal},
            )
        late.append(promised)
    player, bot = user_text.name(seated_name), user_text.name(table.seats[promised.seat].name)
    manager._spawn(manager._advance(table, [], notes=[f"🪑 {player} takes {bot}'s seat when the next deal begins."]))
    return (
        f"{player} takes {bot}'s seat at table {table.id} when the next deal begins (it is in deal "
        f"{promised.deal} now)."
    )


async def seat_due(manager: TableManager, table: Table, events: list[Event], notes: list[str]) -> None:
    """Under the table's lock, before any bot plays: a promised seat whose deal has ended becomes its player's,
    with a line for the table (``notes``). A player seated elsewhere meanwhile loses the promise.

    ``events`` and ``notes`` are what the advance under way will show: the table's latest lines start anew with
    each deal, so the events up to the new deal's start are shown first, and the line comes after them."""
    number = table.game.deal_number
    if number is None or table.status != PLAYING or table.state is None:
        return
    late = await _promised(manager.store, table)
    now = number(table.state)
    due = [p for p in late if p.deal != now]
    if not due:
        return
    seats = [Seat(**s.__dict__) for s in table.seats]
    for p in due:
        if manager._seated_elsewhere(p.user_id, table.guild_id, table.id) is None:
            notes.append(
                f"🪑 {user_text.name(p.name)} takes {user_text.name(seats[p.seat].name)}'s seat from this deal on."
            )
            seats[p.seat] = Seat(p.user_id, p.name, balance=seats[p.seat].balance)
        else:
            notes.append(
                f"🪑 {user_text.name(p.name)} sat down at another table, so a bot keeps "
                f"{user_text.name(seats[p.seat].name)}'s seat."
            )
    try:
        async with manager.store.transaction() as db:
            row = await manager.store.tables.update_seats(table.id, [s.as_dict() for s in seats], table.version)
            for p in due:
                await db.execute("DELETE FROM late_seats WHERE table_id = ? AND seat = ?", (table.id, p.seat))
    except StaleVersion:  # another process changed the table: read it again; the next advance looks again
        del notes[-len(due) :]
        await manager._reload(table)
        table.late_seats = None
        return
    table.seats, table.version = seats, row.version
    table.late_seats = [p for p in late if p not in due]
    told = notes[-len(due) :]
    del notes[-len(due) :]
    if any(e.type == "round_start" and e.seat is None for e in events):
        await manager._shown(table, await manager.presenter.table_changed(table, list(events), list(notes)))
        events.clear()
        notes.clear()
    notes.extend(told)
