"""The statistics counters of finished games, kept per table and seat (table ``game_tallies``).

A game's counters are a pure function of its records: its seed, its options, its seats and its
action log, replayed through the engine and counted (:mod:`games.tally`). They are written the first
time a player page needs the game, replayed in a worker thread (a sanma game takes some 15 ms), so the
event loop never waits on a replay and a page afterwards only sums a few hundred small rows. The rows
are a cache: deleting them loses nothing, they are counted again from the records.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from typing import Any

from bot.store import PLAYER_FINISHED, Store
from bot.tables import Seat, game_options
from games import get_game
from games.tally import Counts, replay, tally, total

log = logging.getLogger(__name__)

UNREPLAYABLE = "unreplayable"  # the counter of a game whose log the engine no longer replays


def count_game(
    game: str, options: dict[str, Any], seats: list[dict[str, Any]], seed: str, actions: list[tuple[int | None, str]]
) -> list[Counts]:
    """Each seat's counters of one finished game, from its records (pure; run in a worker thread)."""
    players = [Seat.from_dict(s) for s in seats]
    events = replay(
        game, game_options(get_game(game), options, len(players)), [p.info() for p in players], seed, actions
    )
    return tally(game, events, len(players))


async def count_table(store: Store, table_id: int) -> None:
    """Replay one finished game and keep its counters (a game another page counted meanwhile is kept)."""
    table = await store.tables.get(table_id)
    if table is None or table.status != "finished" or table.season_id is None:
        return
    actions = [(a.seat, a.action) for a in await store.tables.actions(table_id)]
    try:
        counters = await asyncio.to_thread(
            count_game, table.game, table.options, table.seats, table.seed or "", actions
        )
    except Exception as exc:  # noqa: BLE001 - an old log the engine refuses: said once, not retried on every page
        # The error's type only: its message or traceback could name a card of a hand.
        log.error("table %s: its action log could not be replayed for statistics (%s)", table_id, type(exc).__name__)
        counters = [Counter({UNREPLAYABLE: 1}) for _ in table.seats]
    rows = [
        (
            table_id,
            seat,
            table.guild_id,
            table.season_id,
            table.game,
            info.get("user_id") if not info.get("bot") else None,
            json.dumps(dict(counters[seat]), sort_keys=True),
        )
        for seat, info in enumerate(table.seats)
    ]
    async with store.transaction() as db:
        await db.executemany(
            "INSERT INTO game_tallies (table_id, seat, guild_id, season_id, game, user_id, counts)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO NOTHING",
            rows,
        )


async def uncounted(store: Store, guild_id: int, season_id: int, game: str, user_id: int) -> list[int]:
    """The player's finished games of the season whose counters are not kept yet."""
    rows = await store.select(
        f"SELECT r.table_id{PLAYER_FINISHED}"
        " AND NOT EXISTS (SELECT 1 FROM game_tallies g WHERE g.table_id = r.table_id) ORDER BY r.table_id",
        (guild_id, season_id, game, user_id),
    )
    return [row[0] for row in rows]


async def player_counts(store: Store, guild_id: int, season_id: int, game: str, user_id: int) -> Counts:
    """The sum of the player's counters over the season's games of ``game`` (counting the games not yet counted)."""
    for table_id in await uncounted(store, guild_id, season_id, game, user_id):
        await count_table(store, table_id)
    async with (
        store.read() as db,
        db.execute(
            "SELECT counts FROM game_tallies WHERE guild_id = ? AND season_id = ? AND game = ? AND user_id = ?",
            (guild_id, season_id, game, user_id),
        ) as cur,
    ):
        rows = await cur.fetchall()
    return await asyncio.to_thread(summed, [row[0] for row in rows])


def summed(texts: list[str]) -> Counts:
    """The sum of counters kept as JSON (a few hundred: a worker thread's job, not the event loop's)."""
    return total(json.loads(text) for text in texts)
