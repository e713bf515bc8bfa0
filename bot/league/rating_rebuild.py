"""A game's ratings on a server rewritten from one table on, with the event loop free throughout.

A void or a correction changes a finished table's result, so the ratings of that game from that table on
are rewritten (a rating depends only on the games before it: the earlier rows stay). On a server with
20,000 finished games, rewriting them from the oldest table means reading some 60,000 results, rating some
20,000 games and writing some 120,000 rows. None of it runs on the event loop, nor in a thread of the bot's
process (a thread competing for the interpreter held the loop up to ~55 ms, and turning the rows read into
Python objects on the loop more than 100 ms):

- the database builds each input as one text (``group_concat``/``string_agg`` of whole numbers), so no row
  becomes a Python object in the bot's process;
- a worker process (``python -m bot.league.rating_rebuild``) parses them, rates the games in the order they
  finished (``finished_at``, then id) with :func:`bot.league.ratings.rate_game`, and writes the new rows as
  one JSON text, which the bot reads from its pipe a chunk at a time;
- the database reads that text back into rows itself (SQLite ``json_each``, PostgreSQL
  ``json_array_elements``), ``finished_at`` taken from the tables, never through text.

The worker's floats go through JSON as Python writes them (the shortest text that reads back the same
double), so the rows are the numbers :func:`bot.league.ratings.rebuild` writes. Everything happens inside
the caller's transaction (the void or correction), so a kill at any moment leaves both or neither.

:func:`rate_unrated` rates, once, the finished games an older database never rated (it was made before
ratings existed): the process that runs shard 0 calls it at start-up; voided tables have no results, so
they stay out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from typing import Any

from bot.league import ratings

log = logging.getLogger(__name__)

LATER = "(t.finished_at > ? OR (t.finished_at = ? AND t.id >= ?))"  # the tables from the changed one on
AGGREGATE = {"sqlite": "group_concat({}, ';')", "postgresql": "string_agg({}, ';')"}
# The new rows, from the worker's JSON text: [[table_id, user_id, scope, mu, sigma], …].
INSERT = {
    "sqlite": (
        "INSERT INTO ratings (table_id, user_id, scope, guild_id, game, finished_at, mu, sigma)"
        " SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'),"
        " ?, ?, t.finished_at, json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]')"
        " FROM json_each(?) AS j JOIN tables t ON t.id = json_extract(j.value, '$[0]')"
    ),
    "postgresql": (
        "INSERT INTO ratings (table_id, user_id, scope, guild_id, game, finished_at, mu, sigma)"
        " SELECT (j->>0)::bigint, (j->>1)::bigint, (j->>2)::bigint, ?, ?, t.finished_at,"
        " (j->>3)::float8, (j->>4)::float8"
        " FROM json_array_elements(?::json) AS j JOIN tables t ON t.id = (j->>0)::bigint"
    ),
}


def _joined(columns: list[str]) -> str:
    """An SQL expression: the columns as text joined by commas (an empty text for NULL)."""
    return " || ',' || ".join(f"COALESCE(CAST({c} AS TEXT), '')" for c in columns)


async def _one_text(db: Any, sql: str, params: tuple[Any, ...]) -> str:
    async with db.execute(sql, params) as cur:
        row = await cur.fetchone()
    return (row[0] if row is not None else None) or ""


async def rebuild_from(db: Any, dialect: str, guild_id: int, game: str, table_id: int) -> None:
    """Rewrite ``game``'s ratings on ``guild_id`` from table ``table_id`` on, on ``db`` (the caller's
    transaction; ``dialect``: the store's, ``"sqlite"`` or ``"postgresql"``)."""
    async with db.execute("SELECT finished_at FROM tables WHERE id = ?", (table_id,)) as cur:
        at = float((await cur.fetchone())[0])
    later = (at, at, table_id)
    rated_later = LATER.replace("t.finished_at", "finished_at").replace("t.id", "table_id")
    # the latest rating before the changed table of each person and scope: a few hundred rows at most
    async with db.execute(
        "SELECT user_id, scope, mu, sigma FROM (SELECT user_id, scope, mu, sigma, ROW_NUMBER() OVER"
        " (PARTITION BY user_id, scope ORDER BY finished_at DESC, table_id DESC) AS n FROM ratings"
        f" WHERE guild_id = ? AND game = ? AND NOT {rated_later}) AS before WHERE n = 1",
        (guild_id, game, *later),
    ) as cur:
        prior = [[int(r[0]), int(r[1]), float(r[2]), float(r[3])] for r in await cur.fetchall()]
    aggregate = AGGREGATE[dialect]
    finished = f"t.guild_id = ? AND t.game = ? AND t.status = 'finished' AND {LATER}"
    # "order,id,season" per table, its order the rank by (finished_at, id), counted by the database
    ranked = _joined(["o.n", "o.id", "o.season_id"])
    tables = await _one_text(
        db,
        f"SELECT {aggregate.format(ranked)} FROM (SELECT t.id, t.season_id, ROW_NUMBER()"
        f" OVER (ORDER BY t.finished_at, t.id) AS n FROM tables t WHERE {finished}) AS o",
        (guild_id, game, *later),
    )
    # "table,seat,participant,user,placing,net" per result (user and placing empty when NULL)
    seated = _joined(["r.table_id", "r.seat", "r.participant", "r.user_id", "r.placing", "r.net"])
    results = await _one_text(
        db,
        f"SELECT {aggregate.format(seated)} FROM results r JOIN tables t ON t.id = r.table_id WHERE {finished}",
        (guild_id, game, *later),
    )
    await db.execute(f"DELETE FROM ratings WHERE guild_id = ? AND game = ? AND {rated_later}", (guild_id, game, *later))
    rows = await _in_worker(json.dumps({"prior": prior, "tables": tables, "results": results}))
    if rows != "[]":
        await db.execute(INSERT[dialect], (guild_id, game, rows))


async def _in_worker(request: str) -> str:
    """The worker process's answer (the new rows as JSON text) to ``request``. Its answer (megabytes for a whole
    history) is read as it comes, a chunk at a time: the stream's own read-to-the-end would move what is left of
    its buffer on every chunk, holding the loop tens of milliseconds."""
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.league.rating_rebuild",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert worker.stdin is not None and worker.stdout is not None and worker.stderr is not None
    worker.stdin.write(request.encode())
    await worker.stdin.drain()
    worker.stdin.close()
    chunks = []
    try:
        while chunk := await worker.stdout.read(1 << 20):
            chunks.append(chunk)
        errors = await worker.stderr.read()
    finally:
        if not worker.stdout.at_eof():  # cancelled before the answer was read (the bot stops): not wanted any more
            with contextlib.suppress(ProcessLookupError):
                worker.kill()
    if await worker.wait() != 0:
        raise RuntimeError(f"the rating worker failed ({worker.returncode}): {errors.decode(errors='replace')[-500:]}")
    return b"".join(chunks).decode()


def rated(request: dict[str, Any]) -> list[list[Any]]:
    """The worker's arithmetic: each table in the order it finished, every person starting from their
    ``prior`` rating in a scope (a newcomer's when absent); one row per person, table and scope."""
    tables = sorted(tuple(int(x) for x in t.split(",")) for t in request["tables"].split(";") if t)
    seats: dict[int, list[tuple[int, str, ratings.Seat]]] = {}
    for line in filter(None, request["results"].split(";")):
        table_id, seat, participant, user, placing, net = line.split(",")
        seats.setdefault(int(table_id), []).append(
            (
                int(seat or -1),
                participant,
                ratings.Seat(int(user) if user else None, int(placing) if placing else None, int(net)),
            )
        )
    now: dict[int, dict[int, ratings.Rating]] = {}
    for user_id, scope, mu, sigma in request["prior"]:
        now.setdefault(scope, {})[user_id] = ratings.Rating(mu, sigma)
    rows: list[list[Any]] = []
    for _, table_id, season_id in tables:
        seated = [s for _, _, s in sorted(seats.get(table_id, []), key=lambda x: (x[0], x[1]))]
        for scope in (season_id, ratings.ALL_TIME):
            current = now.setdefault(scope, {})
            new = ratings.rate_game(seated, current)
            current.update(new)
            rows += [[table_id, u, scope, r.mu, r.sigma] for u, r in new.items()]
    return rows


async def rate_unrated(store: Any) -> int:
    """Rate the finished games never rated (a database older than ratings), each game of each server from its
    first unrated table on; returns the games (of a server) rebuilt. Voided tables have no results: left out."""
    async with (
        store.read() as db,
        db.execute(
            "SELECT guild_id, game, id FROM (SELECT t.guild_id, t.game, t.id, ROW_NUMBER() OVER"
            " (PARTITION BY t.guild_id, t.game ORDER BY t.finished_at, t.id) AS n FROM tables t"
            " WHERE t.status = 'finished'"
            " AND EXISTS (SELECT 1 FROM results r WHERE r.table_id = t.id AND r.user_id IS NOT NULL)"
            " AND (SELECT COUNT(*) FROM results r WHERE r.table_id = t.id) > 1"
            " AND NOT EXISTS (SELECT 1 FROM ratings g WHERE g.table_id = t.id)) AS unrated WHERE n = 1"
        ) as cur,
    ):
        first = {(int(r[0]), r[1]): int(r[2]) for r in await cur.fetchall()}  # each game of a server's first
    for (guild_id, game), table_id in first.items():
        async with store.transaction() as db:
            await rebuild_from(db, store.dialect.name, guild_id, game, table_id)
        log.info("rated the games of %s on server %s never rated before, from table %s on", game, guild_id, table_id)
    return len(first)


async def catch_up(store: Any) -> None:
    """At start-up, in the background: :func:`rate_unrated`, a failure said in the log (the next start tries again)."""
    try:
        await rate_unrated(store)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("could not rate the games an older database never rated; the next start tries again")


def main() -> None:
    """The worker: a request as JSON on stdin, the new rows as JSON on stdout. It gives way to the bot's own
    process for the CPU (a lower priority), so that a core shared with it never holds the event loop up."""
    os.nice(10)
    request = json.loads(sys.stdin.buffer.read())
    sys.stdout.write(json.dumps(rated(request)))


if __name__ == "__main__":
    main()
