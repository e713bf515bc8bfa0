"""Benchmark (not a test): ``/standings`` by league points at 100k finished games and 1,000 players.

    .venv/bin/python -m benchmarks.bench_standings [--games 100000] [--players 1000] [--runs 50]

Fills a SQLite database with ``--games`` finished games of one season (Sanma, Koi-Koi, Black Christmas
Poker, Black Flower rounds; people drawn from ``--players``, bots in free seats), moves it to PostgreSQL
(``python -m bot migrate``'s move; the target's trigger builds its sums; timed once just after the move,
when each kept row still has the dead versions of its updates, and again after ``VACUUM ANALYZE``, what
autovacuum does within a minute), then times the query behind
``/standings`` (``bot.league.standings``: every game, and one game, as many rows as it shows) on both
backends and prints the median and p99 of ``--runs`` runs after a first one (goal: p99 under 50 ms).
"""

from __future__ import annotations

import random
import sqlite3
import statistics
import time
from pathlib import Path

import asyncpg

from benchmarks.command_line import read
from benchmarks.scratch import run_with_postgres
from benchmarks.timings import percentile
from bot.db_copy import copy_database
from bot.league.standings import standings
from bot.store import Store
from tests.postgres_server import PostgresForTests

GUILD = 1
GOAL_MS = 50.0


def fill(path: Path, games: int, players: int, seed: int = 1) -> int:
    """Finished tables and their ledger lines, written straight into the database (the trigger keeps the sums)."""
    rng = random.Random(seed)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    db.execute("INSERT INTO seasons (id, guild_id, number, name, started_at) VALUES (1, ?, 1, 'Season 1', 0)", (GUILD,))
    lines = 0
    for table in range(1, games + 1):
        game = rng.choice(("sanma", "sanma", "koikoi", "bcpoker", "blackflower"))
        seats = 3 if game == "sanma" else rng.randint(2, 4)
        people = rng.sample(range(1, players + 1), rng.randint(1, seats))
        who = [(f"user:{u}", u, f"player {u}") for u in people]
        who += [(f"bot:{table}:{s}", None, f"Bot {s}") for s in range(len(people), seats)]
        db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, status, turn_seconds,"
            " season_id, created_at, updated_at, finished_at) VALUES (?, ?, ?, ?, ?, '[]', 'finished', 60, 1,"
            " ?, ?, ?)",
            (table, GUILD, 100 + table % 7, game, people[0], table, table, table),
        )
        amounts = [rng.randint(-400, 400) for _ in range(seats - 1)]
        amounts.append(-sum(amounts))
        placing = [1 + sum(1 for o in amounts if o > a) for a in amounts]
        rows = []
        for seat, (participant, user_id, name) in enumerate(who):
            if game == "blackflower":  # a few rounds each, no placing
                for rnd in range(1, 4):
                    rows.append((participant, user_id, name, seat, "bet", amounts[seat] // 3, None, rnd))
            else:
                rows.append((participant, user_id, name, seat, "game", amounts[seat], placing[seat], None))
        db.executemany(
            "INSERT INTO ledger (guild_id, season_id, table_id, game, participant, user_id, name, seat,"
            " kind, amount, placing, round, created_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(GUILD, table, game, *r, table) for r in rows],
        )
        lines += len(rows)
    db.execute("COMMIT")
    db.close()
    return lines


async def time_standings(store: Store, runs: int) -> dict[str, tuple[float, float]]:
    out = {}
    for label, game, limit in (("every game", None, 10), ("sanma", "sanma", 20)):  # as /standings shows them
        await standings(store, GUILD, 1, game, min_games=5, limit=limit)  # a first run fills the caches
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            await standings(store, GUILD, 1, game, min_games=5, limit=limit)
            times.append((time.perf_counter() - started) * 1000)
        out[label] = (statistics.median(times), percentile(times, 0.99))
    return out


def report(backend: str, figures: dict[str, tuple[float, float]]) -> None:
    for label, (median, p99) in figures.items():
        verdict = "ok" if p99 < GOAL_MS else "OVER the goal"
        print(
            f"/standings ({label}), {backend}: median {median:.1f} ms, p99 {p99:.1f} ms "
            f"(goal p99 < {GOAL_MS:.0f} ms: {verdict})",
            flush=True,
        )


async def bench(folder: Path, server: PostgresForTests, games: int, players: int, runs: int) -> None:
    path = folder / "league.sqlite3"
    store = await Store.open(path)  # creates and migrates the file
    await store.close()
    started = time.perf_counter()
    lines = fill(path, games, players)
    print(
        f"filled {games} finished games ({lines} ledger lines, {players} players) in "
        f"{time.perf_counter() - started:.0f} s",
        flush=True,
    )
    source = await Store.open(path)
    report("sqlite", await time_standings(source, runs))
    url = server.new_database()
    target = await Store.open(url)
    started = time.perf_counter()
    await copy_database(source, target)
    print(f"moved to postgresql in {time.perf_counter() - started:.0f} s", flush=True)
    report("postgresql, just after the move", await time_standings(target, runs))
    admin = await asyncpg.connect(url)  # what autovacuum does within a minute of a large write
    try:
        await admin.execute("VACUUM ANALYZE")
    finally:
        await admin.close()
    report("postgresql, after VACUUM ANALYZE", await time_standings(target, runs))
    assert await standings(source, GUILD, 1, min_games=5) == await standings(target, GUILD, 1, min_games=5)
    await source.close()
    await target.close()


def main() -> None:
    run_with_postgres(bench, read(__doc__, games=100_000, players=1000, runs=50))


if __name__ == "__main__":
    main()
