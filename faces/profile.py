"""The player page of ``/profile`` as a picture: who and which game, placings, league points (and a
rating when one is given) over the season as a chart, and the game's statistics.

Everything drawn comes from a :class:`ProfilePage` of plain figures; the command writes the same
figures as the embed's text for screen readers (``bot/profile.py``). 480 pixels wide: Discord shows an
embed's image at about that width, so the 12-pixel text stays readable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from faces.charts import DIM, LINES, TEXT, Series, canvas, colour, font, line_chart, plain, png

WIDTH = 480
MARGIN = 12
CHART_HEIGHT = 180
RATING_HEIGHT = 120
ROW = 18  # a statistic's line


@dataclass(frozen=True)
class ProfilePage:
    """The figures of one player's page for one game and season, ready to draw or to write."""

    name: str
    game: str  # its title, "Sanma"
    season: str  # "Season 2 (Spring league)"
    games: int
    placings: dict[int, int]  # placing → games
    points: Series  # league points after each game (x: the game's number in the season)
    stats: Sequence[tuple[str, str]]  # (label, figure as written)
    frequencies: Sequence[tuple[str, Sequence[tuple[str, int]]]] = ()  # (title, [(name, times)])
    rating: float | None = None  # now
    rating_series: Series | None = None  # over the season, a chart of its own under the league points
    points_label: str = "League points"

    @property
    def average_placing(self) -> float | None:
        played = sum(self.placings.values())
        return sum(p * n for p, n in self.placings.items()) / played if played else None


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def placing_text(page: ProfilePage) -> str:
    """ "1st 5 · 2nd 4 · 3rd 3 · average 1.83" (empty without placings)."""
    parts = [f"{ordinal(p)} {n}" for p, n in sorted(page.placings.items())]
    if page.average_placing is not None:
        parts.append(f"average {page.average_placing:.2f}")
    return " · ".join(parts)


def wrapped(items: Sequence[str], width: int, size: int = 12) -> list[str]:
    """``items`` joined by " · " into lines no wider than ``width`` pixels."""
    lines, line = [], ""
    for item in items:
        candidate = f"{line} · {item}" if line else item
        if line and font(size).getlength(candidate) > width:
            lines.append(line)
            line = item
        else:
            line = candidate
    return lines + ([line] if line else [])


def profile_picture(page: ProfilePage) -> bytes:
    """The page as a PNG, 480 pixels wide."""
    frequency_lines = [
        (title, wrapped([f"{plain(name)} {n}" for name, n in found], WIDTH - 2 * MARGIN - 8))
        for title, found in page.frequencies
        if found
    ]
    rating_height = RATING_HEIGHT + 8 if page.rating_series is not None else 0
    height = (
        MARGIN
        + 52
        + CHART_HEIGHT
        + rating_height
        + 12
        + len(page.stats) * ROW
        + 8
        + sum(18 + 16 * len(lines) for _, lines in frequency_lines)
        + MARGIN
    )
    img, draw = canvas(WIDTH, height)
    draw.text((MARGIN, MARGIN), plain(page.name, 28), font=font(20), fill=colour(TEXT))
    title = f"{page.game} · {page.games} game{'s' if page.games != 1 else ''}"
    draw.text((WIDTH - MARGIN - font(14).getlength(title), MARGIN + 4), title, font=font(14), fill=colour(TEXT))
    summary = [plain(page.season, 40), placing_text(page)]
    if page.rating is not None:
        summary.append(f"rating {page.rating:.1f}")
    draw.text((MARGIN, MARGIN + 28), " · ".join(filter(None, summary)), font=font(12), fill=colour(DIM))
    y = MARGIN + 52
    line_chart(draw, (MARGIN, y, WIDTH - MARGIN, y + CHART_HEIGHT), [page.points], f"{page.points_label}, by game")
    y += CHART_HEIGHT
    if page.rating_series is not None:
        line_chart(
            draw,
            (MARGIN, y + 8, WIDTH - MARGIN, y + rating_height),
            [page.rating_series],
            "Rating, by game",
            zero=False,
        )
        y += rating_height
    y += 12
    for label, figure in page.stats:
        draw.text((MARGIN, y), label, font=font(12), fill=colour(DIM))
        draw.text((WIDTH - MARGIN - font(12).getlength(figure), y), figure, font=font(12), fill=colour(TEXT))
        y += ROW
    y += 8
    for title, found in frequency_lines:
        draw.text((MARGIN, y), title, font=font(13), fill=colour(LINES[1]))
        y += 18
        for line in found:
            draw.text((MARGIN + 8, y), line, font=font(12), fill=colour(TEXT))
            y += 16
    return png(img)
