"""``python -m bot export`` writes the files of /season export; ``python -m bot ratings rebuild`` recomputes
the ratings the games wrote."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from bot.__main__ import main
from bot.league.export import FILES, season_files
from bot.store import Store
from tests.bot.test_league_ratings import all_rows, play_some
from tests.bot.test_store import GUILD, Clock


async def filled(path: Path) -> None:
    async with await Store.open(path, clock=Clock()) as store:
        await play_some(store)


def test_export_writes_the_season_files(tmp_path: Path):
    import asyncio

    db = tmp_path / "parlor.sqlite3"
    asyncio.run(filled(db))
    assert main(["export", "--guild", str(GUILD), "--season", "1", "--out", str(tmp_path / "out"),
                 "--database", str(db)]) == 0

    async def expected() -> dict[str, bytes]:
        async with await Store.open(db) as store:
            first = (await store.seasons(GUILD))[0]
            return await season_files(store, GUILD, first.id)

    files = asyncio.run(expected())
    assert sorted(files) == sorted(FILES)
    for name, data in files.items():
        assert (tmp_path / "out" / name).read_bytes() == data
    games = list(csv.DictReader(io.StringIO(files["games.csv"].decode())))
    assert len(games) == 2 + 2 + 3 + 3  # season 1: one line per player per game, bots too
    assert {g["bot"] for g in games if not g["user_id"]} == {"yes"}
    assert main(["export", "--guild", "999", "--database", str(db)]) == 2  # no season there


def test_ratings_rebuild_from_the_command_line(tmp_path: Path, capsys):
    import asyncio

    db = tmp_path / "parlor.sqlite3"
    asyncio.run(filled(db))

    async def rows() -> list[tuple]:
        async with await Store.open(db) as store:
            return await all_rows(store)

    live = asyncio.run(rows())
    assert main(["ratings", "rebuild", "--database", str(db)]) == 0
    assert f"{len(live)} rows" in capsys.readouterr().out
    assert asyncio.run(rows()) == live


def test_a_name_a_spreadsheet_would_run_is_written_as_text():
    from bot.league.export import text

    assert [text("=HYPERLINK(\"x\")"), text("+1"), text("-2"), text("@a"), text("Alice"), text(None)] == [
        "'=HYPERLINK(\"x\")", "'+1", "'-2", "'@a", "Alice", ""]
