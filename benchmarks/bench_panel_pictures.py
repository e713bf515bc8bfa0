"""Benchmark (not a test): hand panel picture render time and size per game.

    .venv/bin/python -m benchmarks.bench_panel_pictures [--games 3] [--repeat 3] [--new-names]

Renders every seat's own view of seeded bot games (tests/faces/table_games.py) when the seat holds cards,
and prints, per game, the median and 95th percentile render time and the median and largest PNG size
(the goal: a few ms, a few tens of KB). The warm-up render is not counted. ``--new-names``: as in
``bench_table_pictures``.
"""

from __future__ import annotations

from benchmarks.bench_table_pictures import measure, report
from bot.render import presentation
from bot.render.pictures import panel_picture
from games import game_names
from tests.faces.table_games import sampled_seat_views


def bench(game: str, games: int, repeat: int, new_names: bool) -> dict:
    views = [v for g in range(games) for v, _ in sampled_seat_views(game, seed=f"bench-{g}", every=3, limit=300)]
    return measure(game, panel_picture, [v for v in views if panel_picture(game, v) is not None], repeat, new_names)


def main() -> None:
    report(__doc__, [g for g in game_names() if presentation(g).panel_picture is not None], bench)


if __name__ == "__main__":
    main()
