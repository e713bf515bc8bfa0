"""Benchmark (not a test): table picture render time and size per game.

    .venv/bin/python -m benchmarks.bench_table_pictures [--games 3] [--repeat 3] [--new-names]

Renders the public views of seeded bot games (tests/faces/table_games.py) and prints, per game, the
median and 95th percentile render time (the goal: median < 15 ms) and the median and largest PNG size.
The first render of a game loads and scales its faces; that warm-up is not counted. ``--new-names``: every picture
has players' names it never drew (as a bot serving many tables draws them: their labels and scores are new texts).
"""

from __future__ import annotations

import statistics
import time

from benchmarks.command_line import Option, read
from benchmarks.timings import percentile
from bot.render.pictures import table_picture
from tests.faces.table_games import SETUPS, sampled_views


def bench(game: str, games: int, repeat: int, new_names: bool) -> dict:
    views = [v for g in range(games) for v, _ in sampled_views(game, seed=f"bench-{g}", every=3, limit=200)]
    return measure(game, table_picture, views, repeat, new_names)


def renamed(view, tag: str):
    """``view`` with seat names no picture had yet (``tag`` makes them new)."""
    return view.model_copy(update={"seats": [f"{name[:3]}{tag}x{i}" for i, name in enumerate(view.seats)]})


def measure(game: str, render, views: list, repeat: int, new_names: bool = False) -> dict:
    """``render(game, view)`` timed over ``views``, ``repeat`` times: the figures printed."""
    render(game, views[0])  # warm-up: faces loaded and scaled once per process
    times, sizes = [], []
    for run in range(repeat):
        for n, view in enumerate(views):
            if new_names:
                view = renamed(view, f"{run}.{n}")
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


def report(doc: str, games: list[str], bench, renames: bool = True) -> None:
    """Parses ``--games``/``--repeat`` (and ``--new-names`` when the pictures draw seat names from the view:
    ``renames``) and prints ``bench(game, games, repeat[, new_names])``'s figures, a line per game."""
    renaming = {"new_names": Option(False, "every picture with names it never drew")} if renames else {}
    args = read(doc, games=3, repeat=3, **renaming)
    print(f"{'game':<12} {'renders':>7} {'median ms':>9} {'p95 ms':>7} {'median KB':>9} {'max KB':>7}")
    for game in games:
        r = bench(game, args.games, args.repeat, args.new_names) if renames else bench(game, args.games, args.repeat)
        print(
            f"{r['game']:<12} {r['renders']:>7} {r['median_ms']:>9} {r['p95_ms']:>7} {r['median_kb']:>9} {r['max_kb']:>7}"
        )


def main() -> None:
    report(__doc__, list(SETUPS), bench)


if __name__ == "__main__":
    main()
