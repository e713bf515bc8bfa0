"""Benchmark (not a test): table picture render time and size per game.

    .venv/bin/python -m benchmarks.bench_table_pictures [--games 3] [--repeat 3]

Renders the public views of seeded bot games (tests/faces/table_games.py) and prints, per game, the
median and 95th percentile render time (the goal: median < 15 ms) and the median and largest PNG size.
The first render of a game loads and scales its faces; that warm-up is not counted.
"""

from __future__ import annotations

import statistics
import time

from benchmarks.command_line import read
from benchmarks.timings import percentile
from bot.render.pictures import table_picture
from tests.faces.table_games import SETUPS, sampled_views


def bench(game: str, games: int, repeat: int) -> dict:
    views = [v for g in range(games) for v, _ in sampled_views(game, seed=f"bench-{g}", every=3, limit=200)]
    return measure(game, table_picture, views, repeat)


def measure(game: str, render, views: list[dict], repeat: int) -> dict:
    """``render(game, view)`` timed over ``views``, ``repeat`` times: the figures printed."""
    render(game, views[0])  # warm-up: faces loaded and scaled once per process
    times, sizes = [], []
    for _ in range(repeat):
        for view in views:
            started = time.perf_counter()
            data = render(game, view)
            times.append(time.perf_counter() - started)
            sizes.append(len(data))
    times.sort()
    return {
        "game": game,
        "renders": len(times),
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p95_ms": round(percentile(times, 0.95) * 1000, 2),
        "median_kb": round(statistics.median(sizes) / 1024, 1),
        "max_kb": round(max(sizes) / 1024, 1),
    }


def report(doc: str, games: list[str], bench) -> None:
    """Parses ``--games``/``--repeat`` and prints ``bench(game, games, repeat)``'s figures, a line per game."""
    args = read(doc, games=3, repeat=3)
    print(f"{'game':<12} {'renders':>7} {'median ms':>9} {'p95 ms':>7} {'median KB':>9} {'max KB':>7}")
    for game in games:
        r = bench(game, args.games, args.repeat)
        print(
            f"{r['game']:<12} {r['renders']:>7} {r['median_ms']:>9} {r['p95_ms']:>7} {r['median_kb']:>9} {r['max_kb']:>7}"
        )


def main() -> None:
    report(__doc__, list(SETUPS), bench)


if __name__ == "__main__":
    main()
