"""The profile page and the season chart as pictures (faces/profile.py, faces/charts.py)."""

from __future__ import annotations

import io

from PIL import Image

from faces.charts import LINES, PALETTE, Series, chart_picture, ticks
from faces.profile import CHART_HEIGHT, MARGIN, RATING_HEIGHT, WIDTH, ProfilePage, profile_picture

LINE = PALETTE.index(LINES[0])


def page(**changes) -> ProfilePage:
    fields = dict(
        name="Alice",
        game="Sanma",
        season="Season 1",
        games=3,
        placings={1: 2, 3: 1},
        points=Series("Alice", [(0, 0), (1, 40), (2, 10), (3, 55)]),
        stats=[("Win rate", "25.0% (3/12)"), ("Average win", "7,667")],
    )
    return ProfilePage(**{**fields, **changes})


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def line_heights(img: Image.Image, top: int, bottom: int) -> dict[int, list[int]]:
    """Per column, the rows of the first line's colour between ``top`` and ``bottom``."""
    found: dict[int, list[int]] = {}
    for y in range(top, bottom):
        for x in range(WIDTH):
            if img.getpixel((x, y)) == LINE:
                found.setdefault(x, []).append(y)
    return found


def test_the_rating_is_an_input_drawn_as_a_chart_of_its_own() -> None:
    rising = Series("Alice", [(1, 10.0), (2, 12.5), (3, 20.0)])
    without = image(profile_picture(page()))
    with_rating = image(profile_picture(page(rating=20.0, rating_series=rising)))
    assert with_rating.height == without.height + RATING_HEIGHT + 8
    top = MARGIN + 52 + CHART_HEIGHT + 8
    drawn = line_heights(with_rating, top, top + RATING_HEIGHT)
    columns = sorted(x for x in drawn if x < WIDTH - 100)  # the line, not its label at the right
    assert columns, "no rating line drawn"
    left, right = max(drawn[columns[0]]), min(drawn[columns[-1]])
    assert left > right + 40  # a rising rating: its line ends much higher than it starts
    assert not line_heights(without, top, top + 40)  # no rating: statistics' text there, no line


def test_a_page_is_small_and_480_pixels_wide() -> None:
    long = Series("Alice", [(i, (i * 37) % 500 - 200) for i in range(400)])
    png = profile_picture(
        page(
            points=long,
            stats=[(f"Statistic {i}", f"{i}.0% ({i}/100)") for i in range(10)],
            frequencies=[("Yaku made", [(f"Yaku {i}", 40 - i) for i in range(8)])],
        )
    )
    assert image(png).width == WIDTH and len(png) < 100_000


def test_a_season_chart_draws_each_player_in_its_colour() -> None:
    players = [Series(f"P{i}", [(0, 0), (1, 10 * i), (2, 30 * i)]) for i in range(1, 4)]
    img = image(chart_picture(players, "League points"))
    colours = {index for _, index in img.getcolors()}
    assert {PALETTE.index(LINES[i]) for i in range(3)} <= colours
    empty = image(chart_picture([], "League points"))
    assert PALETTE.index(LINES[0]) not in {index for _, index in empty.getcolors()}


def test_grid_lines_fall_on_round_numbers() -> None:
    assert ticks(0, 1000) == [0, 200, 400, 600, 800, 1000]
    assert ticks(-130, 470) == [-200, 0, 200, 400, 600]
    assert ticks(5, 5) == [5, 5.2, 5.4, 5.6, 5.8, 6]
