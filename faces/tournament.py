"""A tournament's results as a picture: its top players, their points in each round and in all.

Drawn with Pillow on the charts' palette (``faces/charts.py``) at 400 pixels wide, one row per player,
so it stays readable at the size Discord shows an embed's picture. The embed beside it has the same
figures as text, for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from faces.charts import DIM, GRID, LINES, PANEL, TEXT, canvas, colour, font, plain, png

WIDTH = 400
ROW = 24
TOP = 8  # players shown


@dataclass(frozen=True)
class Line:
    """One player's row: their place, name, points of each round (shown as text) and the total."""

    place: int
    name: str
    rounds: Sequence[str]
    total: str


def results_picture(title: str, lines: Sequence[Line], rounds: int) -> bytes:
    """The top :data:`TOP` players of a tournament of ``rounds`` rounds, as a PNG."""
    shown = list(lines)[:TOP]
    height = 44 + ROW * (len(shown) + 1) + 8
    img, draw = canvas(WIDTH, height)
    draw.text((12, 10), plain(title, 40), font=font(16), fill=colour(TEXT))
    name_x, total_x = 40, WIDTH - 12
    round_w = min(52, (total_x - 60 - 150) // max(rounds, 1))
    first_round_x = total_x - 60 - round_w * rounds
    y = 40
    draw.rectangle((6, y - 2, WIDTH - 6, y + ROW - 4), fill=colour(PANEL))
    draw.text((name_x, y), "player", font=font(12), fill=colour(DIM))
    for r in range(rounds):
        draw.text((first_round_x + round_w * (r + 1) - 4, y), f"R{r + 1}", font=font(12), fill=colour(DIM), anchor="ra")
    draw.text((total_x, y), "total", font=font(12), fill=colour(DIM), anchor="ra")
    for line in shown:
        y += ROW
        medal = LINES[line.place - 1] if line.place <= 3 else DIM
        draw.text((14, y), str(line.place), font=font(14), fill=colour(medal))
        draw.text((name_x, y), plain(line.name, 18), font=font(14), fill=colour(TEXT))
        for r, value in enumerate(list(line.rounds)[:rounds]):
            draw.text((first_round_x + round_w * (r + 1) - 4, y), value, font=font(12), fill=colour(DIM), anchor="ra")
        draw.text((total_x, y), line.total, font=font(14), fill=colour(TEXT), anchor="ra")
        draw.line((6, y + ROW - 4, WIDTH - 6, y + ROW - 4), fill=colour(GRID))
    return png(img)
