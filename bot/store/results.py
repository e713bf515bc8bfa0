"""Finished games' results: a season's standings and a player's history.

Read from ``results`` (one row per table and participant), which a trigger on the ledger keeps up
to date on every insert (migration 0003).
"""

from __future__ import annotations

from bot.store.connection import Connection
from bot.store.ledger import participant_for_user
from bot.store.rows import Row


class StandingRow(Row):
    user_id: int
    name: str  # the most recent name the player played under
    game: str
    net: int  # sum of the season's lines of that game (every kind: money games' chips too)
    games: int  # distinct tables
    wins: int  # placing 1
    rounds_won: int | None = None  # rounds that ended above zero; None when the game's lines carry no rounds


# the tables of one player's finished games of one game in one season (parameters: guild_id, season_id, game,
# user_id), their results as ``r`` and the tables as ``t``
PLAYER_FINISHED = (
    " FROM results r JOIN tables t ON t.id = r.table_id AND t.status = 'finished'"
    " WHERE r.guild_id = ? AND r.season_id = ? AND r.game = ? AND r.user_id = ?"
)


class HistoryOpponent(Row):
    participant: str
    user_id: int | None
    name: str
    seat: int | None
    amount: int
    placing: int | None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


class HistoryRow(Row):
    table_id: int
    game: str
    season_id: int
    finished_at: float
    seat: int | None
    name: str
    amount: int
    placing: int | None
    opponents: list[HistoryOpponent]


_STANDINGS = (
    "SELECT user_id, game, net, games, wins, name,"  # rounds won: 0, not None, in a game that has rounds
    " CASE WHEN COUNT(rounds_won) OVER (PARTITION BY game) > 0 THEN COALESCE(rounds_won, 0) END AS rounds_won"
    " FROM (SELECT user_id, game, SUM(net) AS net, COUNT(*) AS games,"
    "  SUM(CASE WHEN placing = 1 THEN 1 ELSE 0 END) AS wins, SUM(rounds_won) AS rounds_won, latest AS name"
    "  FROM (SELECT *, FIRST_VALUE(name) OVER (PARTITION BY user_id, game ORDER BY last_id DESC) AS latest"
    "   FROM results WHERE guild_id = ? AND season_id = ? AND user_id IS NOT NULL{game}"
    "  ) AS named GROUP BY user_id, game, latest) AS per_game"  # name: of the latest row
    " ORDER BY net DESC, wins DESC, games ASC, game, user_id"
)


class ResultsRepository:
    """``store.results``: standings and history, humans' finished games summed per table."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def standings(self, guild_id: int, season_id: int, game: str | None = None) -> list[StandingRow]:
        """Per (player, game) results of a season, humans only, best net first: net = every line
        of that game (a money game's chips too), games = its tables, wins = tables placed first,
        rounds won = rounds whose lines sum above zero (games whose lines name rounds)."""
        sql = _STANDINGS.format(game=" AND game = ?" if game else "")
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(db, sql, [guild_id, season_id, *([game] if game else [])])
        return [StandingRow(**dict(r)) for r in rows]

    async def history(self, guild_id: int, user_id: int, limit: int = 10) -> list[HistoryRow]:
        """A player's most recent finished games (all seasons), newest first; each game's amount
        is the sum of its lines (every kind), and so is each opponent's."""
        async with self._conn.read() as db:
            mine = await self._conn.fetchall(
                db,
                "SELECT r.table_id, t.game, r.season_id, t.finished_at, r.seat, r.name, r.net AS amount, r.placing"
                " FROM results r JOIN tables t ON t.id = r.table_id"
                " WHERE r.guild_id = ? AND r.user_id = ? AND t.status = 'finished'"
                " ORDER BY t.finished_at DESC, r.table_id DESC LIMIT ?",
                (guild_id, user_id, max(0, int(limit))),
            )
            tables = [row["table_id"] for row in mine]
            others = (
                await self._conn.fetchall(
                    db,
                    "SELECT table_id, participant, user_id, name, seat, net AS amount, placing FROM results"
                    f" WHERE table_id IN ({','.join('?' * len(tables))}) AND participant != ?"
                    " ORDER BY seat, participant",
                    (*tables, participant_for_user(user_id)),
                )
                if tables
                else []
            )
        by_table: dict[int, list[HistoryOpponent]] = {t: [] for t in tables}
        for o in others:
            by_table[o["table_id"]].append(HistoryOpponent(**{k: o[k] for k in o.keys() if k != "table_id"}))
        return [HistoryRow(**dict(row), opponents=by_table[row["table_id"]]) for row in mine]
