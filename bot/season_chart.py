"""The season chart of ``/standings`` and ``/season show``: the top players' league points over the season,
one line each, read from ``results`` (each player's net per finished table, as the standings sum it).

Only the rows of the players drawn are read (a few hundred, through the ``results_by_season`` index), and
the picture is drawn in a worker thread, so a season of 100,000 games costs the command a few milliseconds.
"""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from collections.abc import Sequence

import discord

from bot.store import SeasonRow, StandingRow, Store
from faces.charts import Series, chart_picture
from games import get_game

TOP = 5  # players drawn
DAY = 86_400.0
PICTURE = "season.png"


async def league_lines(store: Store, season: SeasonRow, game: str, user_ids: Sequence[int]) -> list[Series]:
    """Each player's running league points of ``game`` (x: days since the season started), in the order given."""
    if not user_ids:
        return []
    async with store.reading() as db, db.execute(
        "SELECT r.user_id, r.name, r.net, t.finished_at FROM results r JOIN tables t ON t.id = r.table_id"
        " WHERE r.guild_id = ? AND r.season_id = ? AND r.game = ?"
        f" AND r.user_id IN ({', '.join('?' * len(user_ids))}) ORDER BY t.finished_at, r.table_id",
        (season.guild_id, season.id, game, *user_ids),
    ) as cur:
        rows = await cur.fetchall()
    points: dict[int, list[tuple[float, float]]] = {uid: [(0.0, 0.0)] for uid in user_ids}
    names: dict[int, str] = {}
    for user_id, name, net, finished_at in rows:
        line = points[user_id]
        line.append(((float(finished_at) - season.started_at) / DAY, line[-1][1] + net))
        names[user_id] = name
    return [Series(names.get(uid, str(uid)), points[uid]) for uid in user_ids if uid in names]


def charted_game(rows: Sequence[StandingRow], game: str | None) -> str | None:
    """The game a chart shows: the one asked for, else the one with the most ranked players."""
    if game or not rows:
        return game
    counts = Counter(r.game for r in rows)
    return max(counts, key=lambda g: (counts[g], -[r.game for r in rows].index(g)))


async def attach_chart(embed: discord.Embed, store: Store, season: SeasonRow, rows: Sequence[StandingRow],
                       game: str | None = None) -> list[discord.File]:
    """Draw the chart of the top players of ``rows`` (standings, best first) into ``embed``'s image; the file
    to send with it (none when there is nothing to draw)."""
    shown = charted_game(rows, game)
    if shown is None:
        return []
    top = [r.user_id for r in rows if r.game == shown][:TOP]
    lines = await league_lines(store, season, shown, top)
    if not lines:
        return []
    title = f"{get_game(shown).title}: league points of the top {len(lines)}"
    picture = await asyncio.to_thread(chart_picture, lines, title, x_label="days since the season started")
    embed.set_image(url=f"attachment://{PICTURE}")
    return [discord.File(io.BytesIO(picture), PICTURE)]
