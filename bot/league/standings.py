"""Standings by league points: per game, each person's league points in a season (the sum of their ledger
lines of that game, :mod:`bot.league.points`), games played, first places, average placing (where the
game places its seats) and rounds won (Black Flower).

Ranked by a declared order (:data:`TIE_BREAK`); players with fewer games than the server's minimum
(``/config min_games``) are listed apart, not ranked. Bots never appear: each bot seat is a participant
of its own table only, and only people (``user_id``) are read. Read from ``results`` (one row per table
and participant, kept by a trigger on the ledger: migration 0003).
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

    def order(self) -> tuple:
        """The sort key of :data:`TIE_BREAK` (best first)."""
        avg = self.average_placing
        return (-self.points, -self.firsts, avg if avg is not None else 0.0, self.games)


SQL = (
    "SELECT user_id, game, SUM(net) AS points, COUNT(*) AS games,"
    " SUM(CASE WHEN placing = 1 THEN 1 ELSE 0 END) AS firsts, COALESCE(SUM(placing), 0) AS placing_sum,"
    " COUNT(placing) AS placed, SUM(rounds_won) AS rounds_won, MAX(last_id) AS last_id"
    " FROM results WHERE guild_id = ? AND season_id = ? AND user_id IS NOT NULL{game}"
    " GROUP BY user_id, game"
)
# The name of each player's latest line: by the ledger's key, then the results' key (no scan).
NAMES = ("SELECT l.id, r.name FROM ledger l JOIN results r ON r.table_id = l.table_id AND r.participant = l.participant"
         " WHERE l.id IN ({marks})")
BATCH = 500


async def standings(store: Any, guild_id: int, season_id: int, game: str | None = None,
                    min_games: int = 0) -> dict[str, list[Standing]]:
    """Per game (in order of first appearance), its ranked players best first, then those not yet ranked."""
    params: list[Any] = [guild_id, season_id, *([game] if game else [])]
    async with store.read() as db:
        async with db.execute(SQL.format(game=" AND game = ?" if game else ""), params) as cur:
            rows = list(await cur.fetchall())
        latest = [int(r["last_id"]) for r in rows]
        names: dict[int, str] = {}
        for start in range(0, len(latest), BATCH):
            chunk = latest[start:start + BATCH]
            async with db.execute(NAMES.format(marks=",".join("?" * len(chunk))), chunk) as cur:
                names.update((int(i), name) for i, name in await cur.fetchall())
    by_game: dict[str, list[Standing]] = {}
    for r in rows:
        rounds = columns(r["game"]).rounds
        by_game.setdefault(r["game"], []).append(Standing(
            user_id=int(r["user_id"]), name=names.get(int(r["last_id"]), str(r["user_id"])), game=r["game"],
            points=int(r["points"]), games=int(r["games"]), firsts=int(r["firsts"]),
            placing_sum=int(r["placing_sum"]), placed=int(r["placed"]),
            rounds_won=int(r["rounds_won"] or 0) if rounds else None))
    return {g: ranked(rows_of_game, min_games) for g, rows_of_game in sorted(by_game.items())}


def ranked(rows: list[Standing], min_games: int) -> list[Standing]:
    """Rows in :data:`TIE_BREAK` order with their rank (equal on every criterion: the same rank); those
    below ``min_games`` after them, unranked."""
    eligible = sorted((r for r in rows if r.games >= min_games), key=lambda r: (r.order(), r.user_id))
    waiting = sorted((r for r in rows if r.games < min_games), key=lambda r: (-r.games, r.order(), r.user_id))
    out: list[Standing] = []
    for i, r in enumerate(eligible, start=1):
        rank = out[-1].rank if out and out[-1].order() == r.order() else i
        out.append(Standing(**{**r.__dict__, "rank": rank}))
    return out + waiting
