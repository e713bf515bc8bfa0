"""The season chart of ``/standings`` and ``/season show``: the top players' league points over the season,
one line each, read from ``results`` (each player's net per finished table, as the standings sum it).

Only the rows of the players drawn are read (a few hundred, through the ``results_by_season`` index), and
the picture is drawn in a worker thread, so a season of 100,000 games costs the command a few milliseconds.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence

import discord

from bot.league.points import columns
from bot.league.standings import GameStandings
from bot.store import SeasonRow, Store
from faces.charts import Series, chart_picture
from games import get_game

TOP = 5  # players drawn
DAY = 86_400.0
PICTURE = "season.png"


async def league_lines(store: Store, season: SeasonRow, game: str, user_ids: Sequence[int]) -> list[Series]:
    """Each player's running league points of ``game`` as players read them (a sanma ledger's tenths as
    points; x: days since the season started), in the order given."""
    if not user_ids:
        return []
    async with (
        store.read() as db,
        db.execute(
            "SELECT r.user_id, r.name, r.net, t.finished_at FROM results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.guild_id = ? AND r.season_id = ? AND r.game = ?"
            f" AND r.user_id IN ({', '.join('?' * len(user_ids))}) ORDER BY t.finished_at, r.table_id",
            (season.guild_id, season.id, game, *user_ids),
        ) as cur,
    ):
        rows = await cur.fetchall()
    scale = columns(game).scale
    points: dict[int, list[tuple[float, float]]] = {uid: [(0.0, 0.0)] for uid in user_ids}
    names: dict[int, str] = {}
    for user_id, name, net, finished_at in rows:
        line = points[user_id]
        line.append(((float(finished_at) - season.started_at) / DAY, line[-1][1] + net / scale))
        names[user_id] = name
    return [Series(names.get(uid, str(uid)), points[uid]) for uid in user_ids if uid in names]


def charted_game(by_game: Mapping[str, GameStandings], game: str | None) -> str | None:
    """The game a chart shows: the one asked for, else the one with the most ranked players."""
    if game or not by_game:
        return game
    order = list(by_game)
    return max(order, key=lambda g: (by_game[g].ranked, -order.index(g)))


async def attach_chart(
    embed: discord.Embed, store: Store, season: SeasonRow, by_game: Mapping[str, GameStandings], game: str | None = None
) -> list[discord.File]:
    """Draw the chart of the top ranked players of ``by_game`` (standings, best first) into ``embed``'s image;
    the file to send with it (none when there is nothing to draw)."""
    shown = charted_game(by_game, game)
    if shown is None or shown not in by_game:
        return []
    top = [r.user_id for r in by_game[shown].rows if r.rank is not None][:TOP]
    lines = await league_lines(store, season, shown, top)
    if not lines:
        return []
    title = f"{get_game(shown).title}: league points of the top {len(lines)}"
    picture = await asyncio.to_thread(chart_picture, lines, title, x_label="days since the season started")
    embed.set_image(url=f"attachment://{PICTURE}")
    return [discord.File(io.BytesIO(picture), PICTURE)]
