"""Ratings: a multiplayer skill rating per player and game, for each season and for all time.

The rating is openskill's Plackett-Luce model (``openskill.models.PlackettLuce``: any number of seats,
ties share a rank): each player has a mean ``mu`` and an uncertainty ``sigma``; the number shown is
the conservative estimate ``mu − 3·sigma`` (it starts at 0 and rises as a player proves themself).

A finished table is rated in the transaction that finishes it (:func:`rate_table`, called by
``store.tables.finish``): the seats are ranked by their placing (by their net when the game does not
place its seats, Black Flower), and each person's rating in that game moves twice, in the season's
scope and in the all-time scope (0). One row per person, table and scope is written with the
rating after that game, so the rows are a rating history and the latest row is the rating now.

**Bots are seats of a fixed strength**: each bot seat is rated as a newcomer (the model's default
``mu`` 25 and ``sigma`` 25/3) and never updated. Parlor's bots play one fixed policy, so one fixed
rating is honest, and leaving them out would throw away most games (a person against two bots
would not be rated at all, and a win against bots would not count).

A rating is a pure function of the finished tables in the order they finished (``finished_at``, then
the table's id): :func:`rebuild` (``python -m bot ratings rebuild``) recomputes every row from the
records and writes the same numbers the live updates wrote.

Reading (for other modules, e.g. a player page): :func:`rating_history` and :func:`ratings_now`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

ALL_TIME = 0  # the scope of the all-time ratings (a season's scope is its id)
MODEL = PlackettLuce()
NEWCOMER = (MODEL.mu, MODEL.sigma)  # a person's first rating, and every bot's


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The number players see: the conservative estimate ``mu − 3·sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one game."""

    table_id: int
    finished_at: float
    rating: Rating


@dataclass(frozen=True)
class Seat:
    """One seat of a finished table, as rated: its person (None: a bot), placing and net."""

    user_id: int | None
    placing: int | None
    net: int


def ranks(seats: Sequence[Seat]) -> list[int]:
    """Each seat's rank (1 best, ties shared): its placing when every seat has one, else by net."""
    if all(s.placing is not None for s in seats):
        return [int(s.placing) for s in seats]  # type: ignore[arg-type]
    return [1 + sum(1 for o in seats if o.net > s.net) for s in seats]


def rate_game(seats: Sequence[Seat], prior: dict[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the people at a table, from their ratings before it (``prior``, a newcomer's
    when absent). Bots take part as newcomers that never change."""
    people = [s.user_id for s in seats if s.user_id is not None]
    if not people or len(seats) < 2:
        return {}
    teams = []
    for s in seats:
        r = prior.get(s.user_id) if s.user_id is not None else None
        mu, sigma = (r.mu, r.sigma) if r is not None else NEWCOMER
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    order: list[float] = list(ranks(seats))  # the model reads any numbers as ranks
    rated = MODEL.rate(teams, ranks=order)
    return {s.user_id: Rating(team[0].mu, team[0].sigma) for s, team in zip(seats, rated) if s.user_id is not None}


# --------------------------------------------------------------------------- storage

SEATS_SQL = "SELECT user_id, placing, net FROM results WHERE table_id = ? ORDER BY seat, participant"
LATEST_SQL = (  # a person's latest rating in a scope; a table's people and scopes are read with one statement of these
    "SELECT scope, user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND scope = ? AND user_id = ?"
    " ORDER BY finished_at DESC, table_id DESC LIMIT 1"
)
INSERT_SQL = (
    "INSERT INTO ratings (table_id, user_id, scope, guild_id, game, finished_at, mu, sigma)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _seats(rows: Iterable[Any]) -> list[Seat]:
    return [Seat(r["user_id"], r["placing"], int(r["net"])) for r in rows]


async def _all(db: Any, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    return list(await db.execute_fetchall(sql, params))  # one call into the driver


async def rate_table(db: Any, table: Any) -> None:
    """Rate a table that has just finished (``table``: its ``TableRow``), inside the caller's transaction."""
    seats = _seats(await _all(db, SEATS_SQL, (table.id,)))
    people = [s.user_id for s in seats if s.user_id is not None]
    if not people:
        return
    scopes = (table.season_id, ALL_TIME)
    asked = [(scope, user_id) for scope in scopes for user_id in people]
    latest = " UNION ALL ".join([f"SELECT * FROM ({LATEST_SQL}) AS latest_{n}" for n in range(len(asked))])
    found = await _all(
        db, latest, [v for scope, user_id in asked for v in (table.guild_id, table.game, scope, user_id)]
    )
    now = {(r["scope"], r["user_id"]): Rating(float(r["mu"]), float(r["sigma"])) for r in found}
    rows = [
        (table.id, user_id, scope, table.guild_id, table.game, table.finished_at, r.mu, r.sigma)
        for scope in scopes
        for user_id, r in rate_game(seats, {u: now[scope, u] for u in people if (scope, u) in now}).items()
    ]
    if rows:
        await db.executemany(INSERT_SQL, rows)


async def rebuild(store: Any) -> int:
    """Recompute every rating from the finished tables, in the order they finished; returns the rows written."""
    async with store.transaction() as db:
        await db.execute("DELETE FROM ratings")
        tables = await _all(
            db,
            "SELECT id, guild_id, game, season_id, finished_at FROM tables"
            " WHERE status = 'finished' ORDER BY finished_at, id",
        )
        results = await _all(
            db,
            "SELECT r.table_id, r.user_id, r.placing, r.net FROM results r"
            " JOIN tables t ON t.id = r.table_id WHERE t.status = 'finished'"
            " ORDER BY r.table_id, r.seat, r.participant",
        )
        by_table: dict[int, list[Seat]] = {}
        for r in results:
            by_table.setdefault(r["table_id"], []).append(Seat(r["user_id"], r["placing"], int(r["net"])))
        now: dict[tuple[int, str, int], dict[int, Rating]] = {}
        rows = []
        for t in tables:
            seats = by_table.get(t["id"], [])
            for scope in (t["season_id"], ALL_TIME):
                current = now.setdefault((t["guild_id"], t["game"], scope), {})
                new = rate_game(seats, current)
                current.update(new)
                rows += [
                    (t["id"], u, scope, t["guild_id"], t["game"], t["finished_at"], r.mu, r.sigma)
                    for u, r in new.items()
                ]
        if rows:
            await db.executemany(INSERT_SQL, rows)
        return len(rows)


async def rating_history(
    store: Any, guild_id: int, user_id: int, game: str, season_id: int | None = None
) -> list[RatingPoint]:
    """A player's rating after each of their rated games of ``game`` on a server, oldest first: in a
    season (``season_id``) or over all time (None)."""
    async with store.read() as db:
        rows = await _all(
            db,
            "SELECT table_id, finished_at, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            " AND scope = ? AND user_id = ? ORDER BY finished_at, table_id",
            (guild_id, game, ALL_TIME if season_id is None else season_id, user_id),
        )
    return [
        RatingPoint(r["table_id"], float(r["finished_at"]), Rating(float(r["mu"]), float(r["sigma"]))) for r in rows
    ]


async def ratings_now(store: Any, guild_id: int, game: str, season_id: int | None = None) -> dict[int, Rating]:
    """Every rated person's rating now in ``game`` on a server (a season's, or all time's when None)."""
    async with store.read() as db:
        rows = await _all(
            db,
            "SELECT user_id, mu, sigma FROM (SELECT user_id, mu, sigma, ROW_NUMBER() OVER"
            " (PARTITION BY user_id ORDER BY finished_at DESC, table_id DESC) AS n FROM ratings"
            " WHERE guild_id = ? AND game = ? AND scope = ?) AS latest WHERE n = 1",
            (guild_id, game, ALL_TIME if season_id is None else season_id),
        )
    return {int(r["user_id"]): Rating(float(r["mu"]), float(r["sigma"])) for r in rows}
