"""Benchmark (not a test): ``/profile`` and the season chart at league scale, on SQLite and PostgreSQL.

    .venv/bin/python -m benchmarks.bench_profile [--games 100000] [--players 1000] [--runs 300]

Fills a database with ``--games`` finished sanma games of one season in one server, three of
``--players`` people at each (so each page sums some 300 games: the worst case of one game), with each
game's statistics counters kept as ``/profile`` keeps them (``game_tallies``) and its ``results`` rows.
Then, per backend, the time of a page's queries and sums (p50, p95, p99; goal p99 < 50 ms), the longest the
event loop waited meanwhile, the season chart's query for the top five, the time to draw a page and a
chart and their sizes (goal < 30 ms, < 100 KB), and the time to count a game not counted yet (a replay of
its action log, in a worker thread) for each game.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from pathlib import Path

from benchmarks.command_line import read
from benchmarks.scratch import run_with_postgres
from benchmarks.timings import percentile
from bot.profile import find, load_page
from bot.season_chart import league_lines
from bot.store import Store
from bot.tallies import count_game
from faces.charts import chart_picture
from faces.profile import profile_picture
from games import get_game
from games.simulate import bot_seats
from tests.postgres_server import PostgresForTests

GUILD = 1
BATCH = 5000
GOAL_MS = 50.0


def counters(rng: random.Random) -> str:
    hands = rng.randint(5, 14)
    wins = rng.randint(0, hands // 2)
    return json.dumps(
        {
            "hands": hands,
            "wins": wins,
            "tsumo": rng.randint(0, wins),
            "win_points": wins * 7700,
            "deal_ins": rng.randint(0, 3),
            "deal_in_points": 5200,
            "riichi": rng.randint(0, hands // 2),
            "calls": rng.randint(0, hands // 2),
            "kita": rng.randint(0, hands),
            "draws": 1,
            "draw_tenpai": rng.randint(0, 1),
            "yaku:Riichi": 1,
            "yaku:Dora": rng.randint(0, 3),
        }
    )


async def fill(store: Store, games: int, players: int, seed: int = 28) -> None:
    rng = random.Random(seed)
    season = await store.seasons.ensure(GUILD)
    tables, results, tallies = [], [], []

    async def flush() -> None:
        async with store.transaction() as db:
            await db.executemany(
                "INSERT INTO tables (id, guild_id, channel_id, game, options, host_id, seats, status, version, seed,"
                " turn_seconds, season_id, created_at, updated_at, finished_at)"
                " VALUES (?, ?, ?, 'sanma', '{}', ?, '[]', 'finished', 9, 'seed', 60, ?, ?, ?, ?)",
                tables,
            )
            await db.executemany(
                "INSERT INTO results (table_id, participant, guild_id, season_id, game, user_id, name, seat, net,"
                " placing, rounds_won, last_id) VALUES (?, ?, ?, ?, 'sanma', ?, ?, ?, ?, ?, NULL, ?)",
                results,
            )
            await db.executemany(
                "INSERT INTO game_tallies (table_id, seat, guild_id, season_id, game, user_id, counts)"
                " VALUES (?, ?, ?, ?, 'sanma', ?, ?)",
                tallies,
            )
        tables.clear(), results.clear(), tallies.clear()

    for table in range(1, games + 1):
        at = season.started_at + table * 60.0
        users = rng.sample(range(1, players + 1), 3)
        tables.append((table, GUILD, table % 50, users[0], season.id, at, at, at))
        scores = [rng.randint(-60, 60) for _ in users]
        for seat, user in enumerate(users):
            placing = 1 + sum(other > scores[seat] for other in scores)
            results.append(
                (
                    table,
                    f"user:{user}",
                    GUILD,
                    season.id,
                    user,
                    f"player {user}",
                    seat,
                    scores[seat],
                    placing,
                    table * 3 + seat,
                )
            )
            tallies.append((table, seat, GUILD, season.id, user, counters(rng)))
        if len(tables) >= BATCH:
            await flush()
    if tables:
        await flush()


def percentiles(times: list[float]) -> str:
    return (
        f"p50 {statistics.median(times):6.1f} ms · p95 {percentile(times, 0.95):6.1f} ms · "
        f"p99 {percentile(times, 0.99):6.1f} ms"
    )


async def loop_lag(stop: asyncio.Event, worst: list[float]) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.001)
        worst[0] = max(worst[0], (time.perf_counter() - start) * 1000 - 1)


async def bench_backend(name: str, where: str, games: int, players: int, runs: int) -> None:
    store = await Store.open(where)
    started = time.perf_counter()
    await fill(store, games, players)
    print(f"{name}: {games} games of {players} players written in {time.perf_counter() - started:.0f} s", flush=True)
    await store.close()
    store = await Store.open(where)  # a fresh process's view: the reader connection, cold caches
    try:
        rng = random.Random(1)
        times, pages = [], []
        stop, worst = asyncio.Event(), [0.0]
        ticker = asyncio.create_task(loop_lag(stop, worst))
        for _ in range(runs):
            user = rng.randint(1, players)
            start = time.perf_counter()
            record = await find(store, GUILD, user)
            page = await load_page(store, record, user, f"player {user}")
            times.append((time.perf_counter() - start) * 1000)
            pages.append(page)
        stop.set()
        await ticker
        goal = "" if sorted(times)[int(0.99 * len(times)) - 1] < GOAL_MS else "  (over the 50 ms goal)"
        print(f"{name}: /profile queries and sums, {runs} pages of ~{pages[0].games} games: {percentiles(times)}{goal}")
        print(f"{name}: the event loop's longest wait meanwhile: {worst[0]:.1f} ms")
        season = await store.seasons.current(GUILD)
        top = [r.user_id for r in (await store.results.standings(GUILD, season.id, "sanma"))[:5]]
        chart_times = []
        for _ in range(20):
            start = time.perf_counter()
            lines = await league_lines(store, season, "sanma", top)
            chart_times.append((time.perf_counter() - start) * 1000)
        print(
            f"{name}: season chart query, top 5 ({sum(len(s.points) for s in lines)} points): {percentiles(chart_times)}"
        )
    finally:
        await store.close()
    draw, sizes = [], []
    for page in pages[:100]:
        start = time.perf_counter()
        sizes.append(len(profile_picture(page)))
        draw.append((time.perf_counter() - start) * 1000)
    print(f"profile picture: {percentiles(draw)}; largest {max(sizes) / 1000:.1f} KB")
    draw, sizes = [], []
    for _ in range(20):
        start = time.perf_counter()
        sizes.append(len(chart_picture(lines, "Sanma: league points of the top 5", x_label="days")))
        draw.append((time.perf_counter() - start) * 1000)
    print(f"season chart picture: {percentiles(draw)}; largest {max(sizes) / 1000:.1f} KB", flush=True)


def replay_costs() -> None:
    """Milliseconds to count one game from its records, per game (bot games, a few seeds)."""
    for game, players in (("sanma", 3), ("koikoi", 2), ("hachihachi", 4), ("blackflower", 4), ("bcpoker", 4)):
        declared = get_game(game)
        options = {"players": players} if "players" in declared.Options.model_fields else {}
        seats = bot_seats(players, [3000] * players if declared.uses_balances else None)
        times = []
        for number in range(5):
            seed = f"bench-{number}"
            state = declared.new_game(declared.Options(**options), seats, seed)
            log = []
            while not declared.is_over(state):
                seat = declared.to_act(state)[0]
                action = declared.bot_choose(declared.view(state, seat), declared.legal_actions(state, seat), len(log))
                declared.apply(state, seat, action)
                log.append((seat, action))
            stored = [{"user_id": None, "name": s.name, "bot": True, "balance": s.balance} for s in seats]
            start = time.perf_counter()
            count_game(game, options, stored, seed, log)
            times.append((time.perf_counter() - start) * 1000)
        print(
            f"count one {game} game not counted yet (replay, worker thread): median {statistics.median(times):.1f} ms"
        )


async def run(folder: Path, server: PostgresForTests, games: int, players: int, runs: int) -> None:
    await bench_backend("sqlite", str(folder / "profile.sqlite3"), games, players, runs)
    await bench_backend("postgres", server.new_database(), games, players, runs)


def main() -> None:
    options = read(__doc__, games=100_000, players=1000, runs=300)
    replay_costs()
    run_with_postgres(run, options)


if __name__ == "__main__":
    main()
