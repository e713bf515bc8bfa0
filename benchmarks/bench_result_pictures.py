"""Benchmark (not a test): result picture render time and size per game.

    .venv/bin/python -m benchmarks.bench_result_pictures [--games 3] [--repeat 3]

Renders the result pictures (each game's, from its home in bot/render/) of the scoring deals of seeded bot games
(tests/faces/table_games.py) and prints, per game, the median and 95th percentile render time and the
median and largest PNG size, as bench_table_pictures does for the table.
"""

from __future__ import annotations

from benchmarks.bench_table_pictures import measure, report
from bot.render import presentation
from bot.render.pictures import result_picture
from games import game_names
from tests.faces.table_games import result_events

NAMES = ["Player 1", "Player 2", "Player 3", "Player 4"]


def draw(game: str, event: dict) -> bytes | None:
    return result_picture(game, event, NAMES)


def bench(game: str, games: int, repeat: int) -> dict:
    drawn = [e for e in result_events(game, seed="bench", games=games) if draw(game, e)]
    return measure(game, draw, drawn, repeat)


def main() -> None:
    report(__doc__, [g for g in game_names() if presentation(g).result_picture is not None], bench, renames=False)


if __name__ == "__main__":
    main()
