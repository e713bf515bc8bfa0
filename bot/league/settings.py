"""The server's league settings (table ``league_settings``): the fewest games a player must have played in
a season, per game, to be ranked in its standings (``/config min_games``)."""

from __future__ import annotations

from typing import Any

DEFAULT_MIN_GAMES = 0  # everyone who played is ranked
MAX_MIN_GAMES = 1000


async def min_games(store: Any, guild_id: int) -> int:
    async with (
        store.read() as db,
        db.execute("SELECT min_games FROM league_settings WHERE guild_id = ?", (guild_id,)) as cur,
    ):
        row = await cur.fetchone()
    return DEFAULT_MIN_GAMES if row is None else int(row[0])


async def set_min_games(store: Any, guild_id: int, games: int) -> int:
    if not 0 <= games <= MAX_MIN_GAMES:
        raise ValueError(f"The minimum number of games must be from 0 to {MAX_MIN_GAMES}.")
    async with store.transaction() as db:
        await db.execute(
            "INSERT INTO league_settings (guild_id, min_games, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET min_games = excluded.min_games,"
            " updated_at = excluded.updated_at",
            (guild_id, games, store.now()),
        )
    return games
