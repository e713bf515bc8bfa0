"""A player's page for one game and season (``/profile``): the figures of :class:`faces.profile.ProfilePage`
read from the store, and the same figures as text for screen readers.

* Games, placings and league points come from ``results`` (one row per table and player, kept by the
  ledger's trigger): league points after each game are the running sum of the player's net per game,
  the measure ``/standings`` ranks by.
* The statistics are the game's counters summed over the season's games (:mod:`bot.tallies`).
* A rating, when the caller has one, is given to :func:`build_page` as its value now and its values
  after each game; the page draws it as a chart of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot import text as user_text
from bot.league.points import columns
from bot.store import PLAYER_FINISHED, SeasonRow, Store
from bot.tallies import UNREPLAYABLE, player_counts
from faces.charts import Series
from faces.profile import ProfilePage, placing_text
from games import get_game
from games.tally import Counts, module

FREQUENT = 8  # names listed per frequency table


@dataclass(frozen=True)
class Played:
    """One finished game of the player: its table, when it ended, the player's net and placing."""

    table_id: int
    finished_at: float
    net: int
    placing: int | None
    name: str


async def season_for(store: Store, guild_id: int) -> SeasonRow | None:
    """The open season, else the latest one (a page after a season's end still shows it)."""
    current = await store.seasons.current(guild_id)
    if current is not None:
        return current
    seasons = await store.seasons.of_guild(guild_id)
    return seasons[-1] if seasons else None


async def most_played(store: Store, guild_id: int, season_id: int, user_id: int) -> str | None:
    """The game the player finished most tables of in the season (None: no game yet)."""
    async with (
        store.read() as db,
        db.execute(
            "SELECT game FROM results WHERE guild_id = ? AND season_id = ? AND user_id = ?"
            " GROUP BY game ORDER BY COUNT(*) DESC, game LIMIT 1",
            (guild_id, season_id, user_id),
        ) as cur,
    ):
        row = await cur.fetchone()
    return row[0] if row else None


async def played(store: Store, guild_id: int, season_id: int, game: str, user_id: int) -> list[Played]:
    """The player's finished games of ``game`` in the season, oldest first."""
    rows = await store.select(
        f"SELECT r.table_id, t.finished_at, r.net, r.placing, r.name{PLAYER_FINISHED} ORDER BY t.finished_at, r.table_id",
        (guild_id, season_id, game, user_id),
    )
    return [Played(row[0], float(row[1]), int(row[2]), row[3], row[4]) for row in rows]


def running_total(games: Sequence[Played], scale: int = 1) -> list[tuple[float, float]]:
    """League points after each game as players read them (a ledger of ``scale`` steps a point: sanma's
    tenths), by the game's number in the season (0 before the first)."""
    points, total = [(0.0, 0.0)] if games else [], 0
    for number, game in enumerate(games, start=1):
        total += game.net
        points.append((float(number), total / scale))
    return points


def build_page(
    name: str,
    game: str,
    season: SeasonRow,
    games: Sequence[Played],
    counts: Counts,
    *,
    rating: float | None = None,
    rating_after: Sequence[float] | None = None,
) -> ProfilePage:
    """The page's figures. ``rating_after``: the rating after each of ``games``, in the same order."""
    found = module(game)
    stats = [(line.label, line.text(counts)) for line in (found.LINES if found else ())]
    if counts.get(UNREPLAYABLE):
        stats.append(("Games whose log could not be replayed", str(counts[UNREPLAYABLE])))
    frequencies = [(f.title, f.most_common(counts, FREQUENT)) for f in (found.FREQUENCIES if found else ())]
    rating_series = None
    if rating_after:
        rating_series = Series(name, [(float(i), float(r)) for i, r in enumerate(rating_after, start=1)])
    title = season.name if season.name == f"Season {season.number}" else f"{season.name} (season {season.number})"
    return ProfilePage(
        name=name,
        game=get_game(game).title,
        season=title,
        games=len(games),
        placings=dict(sorted(Counter(g.placing for g in games if g.placing is not None).items())),
        points=Series(name, running_total(games, columns(game).scale)),
        stats=stats,
        frequencies=frequencies,
        rating=rating,
        rating_series=rating_series,
        points_label="Chips" if get_game(game).uses_balances else "League points",
    )


@dataclass(frozen=True)
class Record:
    """What the page of one player, game and season is drawn from, found by :func:`find`."""

    season: SeasonRow
    game: str
    games: list[Played]


async def find(store: Store, guild_id: int, user_id: int, game: str | None = None) -> Record | None:
    """The player's finished games of ``game`` (default: their most played) in the current season (the
    latest when none is open); None when there is no season or the player finished no such game in it."""
    season = await season_for(store, guild_id)
    if season is None:
        return None
    game = game or await most_played(store, guild_id, season.id, user_id)
    if game is None:
        return None
    games = await played(store, guild_id, season.id, game, user_id)
    return Record(season, game, games) if games else None


async def load_page(
    store: Store,
    record: Record,
    user_id: int,
    name: str,
    *,
    rating: float | None = None,
    rating_after: Sequence[float] | None = None,
) -> ProfilePage:
    """The page of ``record``'s games, with their statistics (games not yet counted are replayed now) and the
    rating when one is given (``rating_after``: after each of ``record.games``, in their order)."""
    counts = await player_counts(store, record.season.guild_id, record.season.id, record.game, user_id)
    return build_page(name, record.game, record.season, record.games, counts, rating=rating, rating_after=rating_after)


def page_text(page: ProfilePage) -> str:
    """The page's figures in words, for the embed (screen readers read this, not the picture)."""
    lines = [
        f"**{page.game}** · {user_text.season_name(page.season)} · {page.games} game{'s' if page.games != 1 else ''}"
    ]
    if page.placings:
        lines.append(f"Placings: {placing_text(page)}")
    if page.points.points:
        value = page.points.points[-1][1]
        lines.append(f"{page.points_label}: {value:+,.{0 if value == int(value) else 1}f}")
    if page.rating is not None:
        lines.append(f"Rating: {page.rating:.1f}")
    lines += [f"{label}: {figure}" for label, figure in page.stats]
    for title, found in page.frequencies:
        if found:
            lines.append(f"{title}: " + ", ".join(f"{name} ×{n}" for name, n in found))
    return "\n".join(lines)


__all__ = ["Played", "Record", "build_page", "find", "load_page", "page_text", "played", "season_for"]
