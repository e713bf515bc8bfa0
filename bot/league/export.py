"""A season's records as CSV files (``/season export``, ``python -m bot export``): the same bytes from both.

* ``games.csv`` — one line per player per finished game: the table, when it finished, the seat, who sat
  there (``user_id`` empty for a bot), the placing and the league points of that game;
* ``standings.csv`` — the standings of every game, as ``/standings`` ranks them;
* ``ledger.csv`` — every ledger line of the season, oldest first.

League points and ledger amounts are written as players see them (Sanma's with one decimal). A text
field that a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@`` first) is written with a
leading apostrophe.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

from bot.league.points import columns, plain
from bot.league.standings import standings

FILES = ("games.csv", "standings.csv", "ledger.csv")

GAMES_SQL = (
    "SELECT r.table_id, t.game, t.finished_at, r.seat, r.participant, r.user_id, r.name, r.placing, r.net"
    " FROM results r JOIN tables t ON t.id = r.table_id"
    " WHERE r.guild_id = ? AND r.season_id = ? AND t.status = 'finished'"
    " ORDER BY t.finished_at, r.table_id, r.seat, r.participant"
)
LEDGER_SQL = (
    "SELECT id, created_at, table_id, game, participant, user_id, name, seat, kind, amount, round, placing,"
    " memo FROM ledger WHERE guild_id = ? AND season_id = ? ORDER BY id"
)


def when(at: float | None) -> str:
    return "" if at is None else datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def text(value: Any) -> str:
    """A value for a spreadsheet cell: never read as a formula."""
    out = "" if value is None else str(value)
    return "'" + out if out[:1] in ("=", "+", "-", "@", "\t", "\r") else out


def _csv(header: list[str], rows: list[list[Any]]) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


async def season_files(store: Any, guild_id: int, season_id: int, min_games: int = 0) -> dict[str, bytes]:
    """The three CSV files of a season, by file name."""
    async with store.read() as db:
        async with db.execute(GAMES_SQL, (guild_id, season_id)) as cur:
            games = list(await cur.fetchall())
        async with db.execute(LEDGER_SQL, (guild_id, season_id)) as cur:
            ledger = list(await cur.fetchall())
    games_rows = [
        [
            r["table_id"],
            r["game"],
            when(r["finished_at"]),
            r["seat"],
            r["user_id"] or "",
            "no" if r["user_id"] is not None else "yes",
            text(r["name"]),
            r["placing"] or "",
            plain(r["game"], int(r["net"])),
            columns(r["game"]).unit,
        ]
        for r in games
    ]
    table = await standings(store, guild_id, season_id, min_games=min_games)
    standing_rows = []
    for game, shown in table.items():
        for s in shown.rows:
            avg = s.average_placing
            standing_rows.append(
                [
                    game,
                    s.rank or "",
                    s.user_id,
                    text(s.name),
                    plain(game, s.points),
                    s.games,
                    s.firsts,
                    "" if avg is None else f"{avg:.4f}",
                    "" if s.rounds_won is None else s.rounds_won,
                    columns(game).unit,
                ]
            )
    ledger_rows = [
        [
            r["id"],
            when(r["created_at"]),
            r["table_id"] or "",
            r["game"],
            r["participant"],
            r["user_id"] or "",
            text(r["name"]),
            "" if r["seat"] is None else r["seat"],
            r["kind"],
            plain(r["game"], int(r["amount"])),
            "" if r["round"] is None else r["round"],
            r["placing"] or "",
            text(r["memo"]),
        ]
        for r in ledger
    ]
    return {
        "games.csv": _csv(
            ["table", "game", "finished_at", "seat", "user_id", "bot", "name", "placing", "league_points", "unit"],
            games_rows,
        ),
        "standings.csv": _csv(
            [
                "game",
                "rank",
                "user_id",
                "name",
                "league_points",
                "games",
                "firsts",
                "average_placing",
                "rounds_won",
                "unit",
            ],
            standing_rows,
        ),
        "ledger.csv": _csv(
            [
                "id",
                "created_at",
                "table",
                "game",
                "participant",
                "user_id",
                "name",
                "seat",
                "kind",
                "amount",
                "round",
                "placing",
                "memo",
            ],
            ledger_rows,
        ),
    }
