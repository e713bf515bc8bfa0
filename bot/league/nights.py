"""League nights: a sign-up, the rounds drawn from it, and the tables of each round (storage and the draw).

A sign-up (``league_signups``) is one public message with Join / Leave buttons; who joined is
``signup_players``. A draw (``/league draw``, then ``/league round`` for each further round) seats them
with :func:`bot.league.pairing.draw` and writes the round (``night_rounds``: method, seed, who waits) and
its tables (``night_tables``: the players and bots of each) in one transaction with the officer's record.
Each table is then opened by the table manager; its channel (or thread) and table id are written as they
come, so a draw interrupted by a restart is finished afterwards (:func:`unopened`), never drawn again.

A sign-up with ``rounds`` set is a tournament: its standings are the points of its own tables only
(:func:`tournament_points`), and it ends when its final round's tables have all finished.
"""

from __future__ import annotations

import asyncio
import functools
import json
import multiprocessing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bot.league import pairing
from bot.league.ratings import ratings_now
from bot.lobby import most_seats, seat_counts
from games import get_game

FINISHED = "finished"


@dataclass(frozen=True)
class Signup:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    tables_in: int
    threads: bool
    season_id: int | None
    rounds: int | None
    method: str | None
    ended_at: float | None

    @property
    def is_tournament(self) -> bool:
        return self.rounds is not None


@dataclass(frozen=True)
class NightTable:
    signup_id: int
    round: int
    number: int
    players: list[int]
    bots: int
    channel_id: int | None
    table_id: int | None


@dataclass(frozen=True)
class Round:
    signup_id: int
    round: int
    method: str
    seed: str
    allow_bots: bool
    waiting: list[int]


class NightError(Exception):
    """What cannot be done with a sign-up, said to the officer in one line."""


def _signup(row: Any) -> Signup:
    return Signup(
        int(row["id"]),
        int(row["guild_id"]),
        int(row["channel_id"]),
        None if row["message_id"] is None else int(row["message_id"]),
        row["game"],
        int(row["tables_in"]),
        bool(row["threads"]),
        None if row["season_id"] is None else int(row["season_id"]),
        None if row["rounds"] is None else int(row["rounds"]),
        row["method"],
        None if row["ended_at"] is None else float(row["ended_at"]),
    )


def _night_table(row: Any) -> NightTable:
    return NightTable(
        int(row["signup_id"]),
        int(row["round"]),
        int(row["number"]),
        [int(p) for p in json.loads(row["players"])],
        int(row["bots"]),
        None if row["channel_id"] is None else int(row["channel_id"]),
        None if row["table_id"] is None else int(row["table_id"]),
    )


async def _rows(db: Any, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    async with db.execute(sql, params) as cur:
        return list(await cur.fetchall())


def table_size(game: str, options: dict[str, Any]) -> tuple[int, int]:
    """The seats of a drawn table of ``game`` with ``options`` (the season's rules): most and fewest."""
    g = get_game(game)
    counts = seat_counts(g, options) or [g.min_players, g.max_players]
    return most_seats(g, options), counts[0]


# ---------------------------------------------------------------- sign-ups


async def create_signup(
    db: Any,
    store: Any,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    tables_in: int,
    threads: bool,
    season_id: int | None,
    created_by: int,
) -> int:
    """A new sign-up (its message id is set once posted); on ``db``, a transaction's connection."""
    cur = await db.execute(
        "INSERT INTO league_signups (guild_id, channel_id, game, tables_in, threads, season_id, created_by, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, channel_id, game, tables_in, int(threads), season_id, created_by, store.now()),
    )
    return int(cur.lastrowid)


async def set_message(store: Any, signup_id: int, message_id: int) -> None:
    async with store.transaction() as db:
        await db.execute("UPDATE league_signups SET message_id = ? WHERE id = ?", (message_id, signup_id))


async def get_signup(store: Any, signup_id: int) -> Signup | None:
    async with store.read() as db:
        rows = await _rows(db, "SELECT * FROM league_signups WHERE id = ?", (signup_id,))
    return _signup(rows[0]) if rows else None


async def stored_signup(store: Any, signup_id: int) -> Signup:
    """A sign-up the records hold (its number came from them: a row never deleted)."""
    signup = await get_signup(store, signup_id)
    if signup is None:
        raise LookupError(f"no sign-up {signup_id}")
    return signup


async def latest_signup(store: Any, guild_id: int) -> Signup | None:
    """The server's newest sign-up that has not ended (the one /league draw, round and tournament act on)."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT * FROM league_signups WHERE guild_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1",
            (guild_id,),
        )
    return _signup(rows[0]) if rows else None


async def players(store: Any, signup_id: int) -> list[tuple[int, str]]:
    """Who joined, in the order they joined: (user id, name)."""
    async with store.read() as db:
        rows = await _rows(
            db, "SELECT user_id, name FROM signup_players WHERE signup_id = ? ORDER BY joined_at, user_id", (signup_id,)
        )
    return [(int(r["user_id"]), r["name"]) for r in rows]


async def join(store: Any, signup_id: int, user_id: int, name: str) -> bool:
    """Add a player; False when they had joined already."""
    async with store.transaction() as db:
        cur = await db.execute(
            "INSERT INTO signup_players (signup_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (signup_id, user_id) DO NOTHING",
            (signup_id, user_id, name, store.now()),
        )
        return cur.rowcount == 1


async def leave(store: Any, signup_id: int, user_id: int) -> bool:
    """Remove a player; False when they had not joined."""
    async with store.transaction() as db:
        cur = await db.execute("DELETE FROM signup_players WHERE signup_id = ? AND user_id = ?", (signup_id, user_id))
        return cur.rowcount == 1


async def set_tournament(db: Any, signup_id: int, rounds: int, method: str) -> None:
    await db.execute("UPDATE league_signups SET rounds = ?, method = ? WHERE id = ?", (rounds, method, signup_id))


async def end(store: Any, signup_id: int) -> bool:
    """Mark a tournament ended; False when it had ended already (another call got there first)."""
    async with store.transaction() as db:
        cur = await db.execute(
            "UPDATE league_signups SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (store.now(), signup_id)
        )
        return cur.rowcount == 1


# ---------------------------------------------------------------- rounds


async def rounds(store: Any, signup_id: int) -> list[Round]:
    async with store.read() as db:
        rows = await _rows(db, "SELECT * FROM night_rounds WHERE signup_id = ? ORDER BY round", (signup_id,))
    return [
        Round(
            int(r["signup_id"]),
            int(r["round"]),
            r["method"],
            r["seed"],
            bool(r["allow_bots"]),
            [int(p) for p in json.loads(r["waiting"])],
        )
        for r in rows
    ]


async def tables(store: Any, signup_id: int, round_no: int | None = None) -> list[NightTable]:
    """A sign-up's tables, every round's or one round's, in order."""
    sql = "SELECT * FROM night_tables WHERE signup_id = ?" + (" AND round = ?" if round_no is not None else "")
    params = (signup_id,) if round_no is None else (signup_id, round_no)
    async with store.read() as db:
        rows = await _rows(db, sql + " ORDER BY round, number", params)
    return [_night_table(r) for r in rows]


def meetings(earlier: list[NightTable]) -> dict[frozenset[int], int]:
    """How often each pair of players sat at one table in the earlier rounds."""
    met: Counter[frozenset[int]] = Counter()
    for table in earlier:
        for pair in combinations(table.players, 2):
            met[frozenset(pair)] += 1
    return dict(met)


def waits(earlier: list[Round]) -> dict[int, int]:
    """How many rounds each player waited."""
    return dict(Counter(p for r in earlier for p in r.waiting))


async def tournament_points(store: Any, signup: Signup) -> dict[int, dict[int, int]]:
    """A sign-up's own points: user → round → the sum of their results at that round's finished tables
    (ledger amounts, as the game books them)."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT n.round, r.user_id, SUM(r.net) AS net FROM night_tables n"
            " JOIN results r ON r.table_id = n.table_id"
            " WHERE n.signup_id = ? AND r.user_id IS NOT NULL GROUP BY n.round, r.user_id",
            (signup.id,),
        )
    out: dict[int, dict[int, int]] = {}
    for row in rows:
        out.setdefault(int(row["user_id"]), {})[int(row["round"])] = int(row["net"])
    return out


async def result_names(store: Any, signup: Signup) -> dict[int, str]:
    """The names its players had at a sign-up's tables (for those who have left the sign-up since)."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT r.user_id, MAX(r.name) AS name FROM night_tables n JOIN results r"
            " ON r.table_id = n.table_id WHERE n.signup_id = ? AND r.user_id IS NOT NULL"
            " GROUP BY r.user_id",
            (signup.id,),
        )
    return {int(r["user_id"]): r["name"] for r in rows}


async def season_points(store: Any, guild_id: int, season_id: int | None, game: str) -> dict[int, int]:
    """Each person's league points of ``game`` in the season (the sum of their results)."""
    if season_id is None:
        return {}
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT user_id, SUM(net) AS net FROM results WHERE guild_id = ? AND season_id = ?"
            " AND game = ? AND user_id IS NOT NULL GROUP BY user_id",
            (guild_id, season_id, game),
        )
    return {int(r["user_id"]): int(r["net"]) for r in rows}


async def unfinished(store: Any, signup_id: int, round_no: int) -> list[NightTable]:
    """The round's tables not finished yet (not opened, or still being played)."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT n.* FROM night_tables n LEFT JOIN tables t ON t.id = n.table_id"
            " WHERE n.signup_id = ? AND n.round = ? AND (t.id IS NULL OR t.status NOT IN ('finished', 'cancelled'))"
            " ORDER BY n.number",
            (signup_id, round_no),
        )
    return [_night_table(r) for r in rows]


async def plan(
    store: Any,
    signup: Signup,
    *,
    method: str,
    seed: str,
    allow_bots: bool,
    options: dict[str, Any],
    busy: frozenset[int] = frozenset(),
) -> pairing.Draw:
    """The next round's draw: the signed-up players (but those ``busy`` at another table) seated by ``method``
    from ``seed`` at tables of the game's size; swiss counts the earlier rounds' tables as meetings and, like
    rating, uses the points or ratings of the season (a tournament's own points for swiss)."""
    joined = [user for user, _ in await players(store, signup.id) if user not in busy]
    size, minimum = table_size(signup.game, options)
    earlier_tables = await tables(store, signup.id)
    earlier_rounds = await rounds(store, signup.id)
    work = functools.partial(
        pairing.draw,
        joined,
        method=method,  # type: ignore[arg-type]
        size=size,
        minimum=minimum,
        seed=seed,
        allow_bots=allow_bots,
        **await _standing(store, signup, method),
        met=meetings(earlier_tables),
        waited=waits(earlier_rounds),
    )
    if method != "swiss" or len(joined) <= INLINE_SWISS:
        return work()
    # a swiss draw of a bigger night searches for up to seconds: in a process of its own, so the event loop
    # (every table, every answer) never waits for it, not even for the GIL
    return await asyncio.get_running_loop().run_in_executor(_drawing_process(), work)


async def _standing(store: Any, signup: Signup, method: str) -> dict[str, dict[int, float]]:
    """What a draw by ``method`` ranks players by, as :func:`pairing.draw`'s keyword: a rating draw the season's
    ratings (their conservative estimate, mu − 3 sigma), a swiss draw the points (a tournament's own, else the
    season's); a random draw nothing."""
    if method == "rating":
        rated = await ratings_now(store, signup.guild_id, signup.game, signup.season_id)
        return {"ratings": {user: r.mu - 3 * r.sigma for user, r in rated.items()}}
    if method != "swiss":
        return {}
    if signup.is_tournament:
        by_rounds = await tournament_points(store, signup)
        return {"points": {user: float(sum(by_round.values())) for user, by_round in by_rounds.items()}}
    nets = await season_points(store, signup.guild_id, signup.season_id, signup.game)
    return {"points": {user: float(net) for user, net in nets.items()}}


INLINE_SWISS = 12  # players up to which a swiss draw takes a few milliseconds (benchmarks/bench_draw.py)
_pool: ProcessPoolExecutor | None = None


def _drawing_process() -> ProcessPoolExecutor:
    """One process for big swiss draws, started on the first ("spawn": nothing of this process is copied)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


async def save_round(
    db: Any, store: Any, signup_id: int, round_no: int, drawn: pairing.Draw, *, allow_bots: bool, drawn_by: int
) -> None:
    """The round and its tables, on ``db`` (the transaction that also records the officer's action)."""
    await db.execute(
        "INSERT INTO night_rounds (signup_id, round, method, seed, allow_bots, waiting, drawn_by, drawn_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            signup_id,
            round_no,
            drawn.method,
            drawn.seed,
            int(allow_bots),
            json.dumps(drawn.waiting),
            drawn_by,
            store.now(),
        ),
    )
    for number, (seated, bots) in enumerate(zip(drawn.tables, drawn.bots), start=1):
        await db.execute(
            "INSERT INTO night_tables (signup_id, round, number, players, bots) VALUES (?, ?, ?, ?, ?)",
            (signup_id, round_no, number, json.dumps(seated), bots),
        )


async def set_table_channel(store: Any, table: NightTable, channel_id: int) -> None:
    async with store.transaction() as db:
        await db.execute(
            "UPDATE night_tables SET channel_id = ? WHERE signup_id = ? AND round = ? AND number = ?",
            (channel_id, table.signup_id, table.round, table.number),
        )


async def link_table(db: Any, table: NightTable, table_id: int) -> None:
    """Name the table opened for a drawn table, on ``db`` (the transaction that creates it)."""
    await db.execute(
        "UPDATE night_tables SET table_id = ? WHERE signup_id = ? AND round = ? AND number = ?",
        (table_id, table.signup_id, table.round, table.number),
    )


async def unopened(store: Any, guild_ids: Any = None) -> list[NightTable]:
    """Drawn tables whose table was not opened yet (a restart in the middle of a draw), oldest first."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT n.*, s.guild_id FROM night_tables n JOIN league_signups s ON s.id = n.signup_id"
            " WHERE n.table_id IS NULL AND s.ended_at IS NULL"
            " ORDER BY n.signup_id, n.round, n.number",
        )
    return [_night_table(r) for r in rows if guild_ids is None or guild_ids(int(r["guild_id"]))]


async def open_tournaments(store: Any) -> list[Signup]:
    async with store.read() as db:
        rows = await _rows(db, "SELECT * FROM league_signups WHERE rounds IS NOT NULL AND ended_at IS NULL ORDER BY id")
    return [_signup(r) for r in rows]


async def drawn_lobbies(store: Any) -> list[int]:
    """Tables a draw opened that were not started (a restart between opening and starting one)."""
    async with store.read() as db:
        rows = await _rows(
            db,
            "SELECT t.id FROM night_tables n JOIN tables t ON t.id = n.table_id WHERE t.status = 'lobby' ORDER BY t.id",
        )
    return [int(r["id"]) for r in rows]


async def dealt_again(store: Any, signup: Signup) -> list[tuple[Round, list[NightTable], bool | None]]:
    """Each round of a sign-up with its tables and whether its seed deals the same seating again: a random draw
    is a function of who was drawn (the tables' players and the waiting list), who had waited before, and the
    seed alone (True or False); rating and swiss also read the ratings and points of their time (None)."""
    size, minimum = table_size(signup.game, {})
    earlier: list[Round] = []
    out = []
    for drawn in await rounds(store, signup.id):
        seated = await tables(store, signup.id, drawn.round)
        same = None
        if drawn.method == "random":
            players = sorted([p for t in seated for p in t.players] + drawn.waiting)
            again = pairing.draw(
                players,
                method="random",
                size=size,
                minimum=minimum,
                seed=drawn.seed,
                allow_bots=drawn.allow_bots,
                waited=waits(earlier),
            )
            same = again.tables == [t.players for t in seated] and again.waiting == drawn.waiting
        out.append((drawn, seated, same))
        earlier.append(drawn)
    return out
