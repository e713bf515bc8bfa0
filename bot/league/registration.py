"""Registration: a server may keep its league tables to registered players.

A player registers once per server (``/league register [name]``) with the name their seats and the
league's exports show; ``/league players`` lists them. With registration on (``/config registration``,
``league_settings.registration``), a **league table** — on Parlor every table of a server, since every
game played there counts in its season — seats only registered players: the others are told how to
register. With it off, anyone may sit, and a registered player still sits under their registered name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import text as user_text

NAME_MAX = 32  # characters of a registered name
REFUSAL = (
    "This server plays its league tables (every table here counts in the season) with registered "
    "players only. Register with /league register, then join."
)


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str
    registered_at: float


async def registration_on(store: Any, guild_id: int) -> bool:
    async with (
        store.read() as db,
        db.execute("SELECT registration FROM league_settings WHERE guild_id = ?", (guild_id,)) as cur,
    ):
        row = await cur.fetchone()
    return bool(row and row[0])


async def set_registration(db: Any, store: Any, guild_id: int, on: bool) -> None:
    """Turn registration on or off, on ``db`` (a connection of ``store.transaction()``)."""
    await db.execute(
        "INSERT INTO league_settings (guild_id, min_games, registration, updated_at) VALUES (?, 0, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET registration = excluded.registration,"
        " updated_at = excluded.updated_at",
        (guild_id, int(on), store.now()),
    )


def clean_name(name: str) -> str | None:
    """A registered name as kept (plain text, trimmed; escaped where shown), or None without a letter or digit."""
    kept = user_text.plain_name(name).strip()[:NAME_MAX].strip()
    return kept if any(c.isalnum() for c in kept) else None


async def register(store: Any, guild_id: int, user_id: int, name: str) -> Player:
    """Register a player (again: under a new name)."""
    now = store.now()
    async with store.transaction() as db:
        await db.execute(
            "INSERT INTO league_players (guild_id, user_id, name, registered_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
            (guild_id, user_id, name, now),
        )
    return Player(user_id, name, now)


async def registered_name(store: Any, guild_id: int, user_id: int) -> str | None:
    async with (
        store.read() as db,
        db.execute("SELECT name FROM league_players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)) as cur,
    ):
        row = await cur.fetchone()
    return None if row is None else str(row[0])


async def seat_name(store: Any, guild_id: int, user_id: int, name: str) -> str | None:
    """The name ``user_id`` sits under at one of the server's tables, or None when registration keeps them out."""
    registered = await registered_name(store, guild_id, user_id)
    if registered is not None:
        return registered
    return None if await registration_on(store, guild_id) else name


async def players(store: Any, guild_id: int) -> list[Player]:
    async with (
        store.read() as db,
        db.execute(
            "SELECT user_id, name, registered_at FROM league_players WHERE guild_id = ? ORDER BY name, user_id",
            (guild_id,),
        ) as cur,
    ):
        rows = await cur.fetchall()
    return [Player(int(r[0]), r[1], float(r[2])) for r in rows]


async def games_played(store: Any, guild_id: int) -> dict[tuple[int, str], int]:
    """Finished (not voided) games per person and game on a server, all seasons."""
    async with (
        store.read() as db,
        db.execute(
            "SELECT user_id, game, COUNT(*) FROM results WHERE guild_id = ?"
            " AND user_id IS NOT NULL GROUP BY user_id, game",
            (guild_id,),
        ) as cur,
    ):
        rows = await cur.fetchall()
    return {(int(r[0]), r[1]): int(r[2]) for r in rows}
