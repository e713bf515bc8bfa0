"""Standings by league points: per game, each person's league points in a season (the sum of their ledger
lines of that game, :mod:`bot.league.points`), games played, first places, average placing (where the
game places its seats) and rounds won (Black Flower).

Ranked by a declared order (:data:`TIE_BREAK`); players with fewer games than the server's minimum
(``/config min_games``) are listed apart, not ranked. Bots never appear: each bot seat is a participant
of its own table only, and only people (``user_id``) are read. Read from ``standings_totals`` (one row per
season, game and person, kept by triggers on ``results``, itself kept by a trigger on the ledger: migrations
0003 and 0007), so the query reads one row per player however long the season.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.league.points import columns

TIE_BREAK = "league points, then more first places, then the better average placing, then fewer games"


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str  # the latest name the player played under
    game: str
    points: int  # in the game's ledger steps (points.shown makes it readable)
    games: int
    firsts: int  # games placed first
    placing_sum: int  # of the games that gave a placing
    placed: int  # games that gave a placing
    rounds_won: int | None  # Black Flower: rounds whose lines sum above zero; None for other games
    rank: int | None = None  # None: fewer games than the server's minimum

    @property
    def average_placing(self) -> float | None:
        return self.placing_sum / self.placed if self.placed else None


# Sorted in the database (by TIE_BREAK; the not yet ranked by games played), one game at a time along the
# index standings_order (migration 0007), so that only the rows shown are read: per game, the first ``limit``
# players ranked and the first ``limit`` not yet ranked. A shown row's rank is found among the rows before
# it, which are all shown.
COLUMNS = (
    "user_id, game, name, points, games, firsts, placing_sum, placed, rounds_won,"
    " CASE WHEN placed > 0 THEN CAST(placing_sum AS {real}) / placed ELSE 0 END AS average"
)
COUNTS = (
    "SELECT game, SUM(CASE WHEN games >= ? THEN 1 ELSE 0 END) AS ranked, SUM(CASE WHEN games < ? THEN 1 ELSE 0"
    " END) AS waiting FROM standings_totals WHERE guild_id = ? AND season_id = ?{game} GROUP BY game ORDER BY game"
)
RANKED = (
    "SELECT {columns} FROM standings_totals WHERE guild_id = ? AND season_id = ? AND game = ? AND games >= ?"
    " ORDER BY points DESC, firsts DESC, average, games, user_id LIMIT ?"
)
WAITING = (
    "SELECT {columns} FROM standings_totals WHERE guild_id = ? AND season_id = ? AND game = ? AND games < ?"
    " ORDER BY games DESC, points DESC, firsts DESC, average, user_id LIMIT ?"
)
REAL = {"sqlite": "REAL", "postgresql": "DOUBLE PRECISION"}  # the same 64-bit average on both backends
EVERYONE = 1 << 62


@dataclass(frozen=True)
class GameStandings:
    rows: list[Standing]  # the ranked shown, best first, then the not yet ranked shown
    ranked: int  # how many are ranked in all
    waiting: int  # how many are not ranked yet in all


async def standings(
    store: Any, guild_id: int, season_id: int, game: str | None = None, min_games: int = 0, limit: int | None = None
) -> dict[str, GameStandings]:
    """Per game (by name), its ranked players best first, then those not yet ranked (most games first):
    at most ``limit`` of each (None: all)."""
    columns_sql = COLUMNS.format(real=REAL[store.dialect.name])
    most = EVERYONE if limit is None else limit
    out: dict[str, GameStandings] = {}
    async with store.read() as db:
        async with db.execute(
            COUNTS.format(game=" AND game = ?" if game else ""),
            [min_games, min_games, guild_id, season_id, *([game] if game else [])],
        ) as cur:
            counts = list(await cur.fetchall())
        for count in counts:
            g = count["game"]
            async with db.execute(RANKED.format(columns=columns_sql), (guild_id, season_id, g, min_games, most)) as cur:
                ranked = list(await cur.fetchall())
            waiting = []
            if count["waiting"]:
                async with db.execute(
                    WAITING.format(columns=columns_sql), (guild_id, season_id, g, min_games, most)
                ) as cur:
                    waiting = list(await cur.fetchall())
            out[g] = GameStandings(
                _rows(g, ranked, True) + _rows(g, waiting, False), int(count["ranked"]), int(count["waiting"])
            )
    return out


def _rows(game: str, rows: list[Any], ranked: bool) -> list[Standing]:
    rounds = columns(game).rounds
    out: list[Standing] = []
    previous: tuple | None = None
    rank = 0
    for n, r in enumerate(rows, start=1):
        key = (r["points"], r["firsts"], r["average"], r["games"])
        if key != previous:  # equal on every tie-break: the same rank (1, 1, 3 …)
            rank, previous = n, key
        out.append(
            Standing(
                user_id=int(r["user_id"]),
                name=r["name"],
                game=game,
                points=int(r["points"]),
                games=int(r["games"]),
                firsts=int(r["firsts"]),
                placing_sum=int(r["placing_sum"]),
                placed=int(r["placed"]),
                rounds_won=int(r["rounds_won"]) if rounds else None,
                rank=rank if ranked else None,
            )
        )
    return out
