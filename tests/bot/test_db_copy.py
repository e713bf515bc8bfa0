"""python -m bot migrate: a SQLite database moved into PostgreSQL keeps every balance, standing,
debt, history, open table and action log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.db_copy import CopyFailed, copy_database
from bot.store import Store
from tests.bot.store_fill import GUILDS, fill, league_view, open_table

pytestmark = pytest.mark.postgres

GAMES = int(os.environ.get("PARLOR_MOVE_GAMES", "60"))  # 1000 in benchmarks/bench_store.py


async def test_a_moved_league_is_identical(tmp_path: Path, postgres_url: str):
    source = await Store.open(tmp_path / "parlor.sqlite3")
    await fill(source, GAMES)
    target = await Store.open(postgres_url)
    try:
        moved = await copy_database(source, target)
        assert moved.counts["ledger"][0] == GAMES * 10
        assert await league_view(target) == await league_view(source)
        # New rows continue after the copied ids, in both stores alike.
        for store in (source, target):
            t = await open_table(store, GUILDS[0], 9999, [901, 902], actions=1)  # players seated nowhere yet
            assert t.id == moved.counts["tables"][0] + 1
    finally:
        await source.close()
        await target.close()


async def test_moving_into_a_database_in_use_is_refused_and_writes_nothing(tmp_path: Path, postgres_url: str):
    source = await Store.open(tmp_path / "parlor.sqlite3")
    await fill(source, 3)
    target = await Store.open(postgres_url)
    try:
        await open_table(target, GUILDS[0], 1, [1, 2])
        before = await league_view(target)
        with pytest.raises(CopyFailed, match="already has"):
            await copy_database(source, target)
        assert await league_view(target) == before
    finally:
        await source.close()
        await target.close()


def test_python_m_bot_migrate(tmp_path: Path, postgres_url: str):
    import asyncio

    async def make() -> None:
        store = await Store.open(tmp_path / "parlor.sqlite3")
        await fill(store, 5)
        await store.close()

    asyncio.run(make())
    run = [sys.executable, "-m", "bot", "migrate", "--from", str(tmp_path / "parlor.sqlite3"), "--to", postgres_url]
    done = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ledger 50" in done.stdout and "verified" in done.stdout
    again = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "already has" in again.stderr
    missing = subprocess.run(
        [*run[:5], str(tmp_path / "nothing.sqlite3"), *run[6:]], capture_output=True, text=True, timeout=120
    )
    assert missing.returncode == 2 and "nothing.sqlite3" in missing.stderr


def test_parlor_database_takes_a_file_or_a_postgresql_url(monkeypatch, postgres_url: str):
    from bot.main import database_problem
    from bot.settings import DEFAULT_DB, Settings

    monkeypatch.setenv("PARLOR_DATABASE", postgres_url)
    settings = Settings.from_env(env_file=None)
    assert settings.database == postgres_url and database_problem(settings.database) is None
    assert "cannot connect to PostgreSQL" in database_problem("postgresql://parlor@127.0.0.1:1/nothing")
    monkeypatch.setenv("PARLOR_DATABASE", "")
    assert Settings.from_env(env_file=None).database == DEFAULT_DB


async def test_a_postgresql_database_moves_too_and_an_unknown_table_stops_the_move(postgres_server, tmp_path: Path):
    """From PostgreSQL (one snapshot of the source) into another database; a table this move does not know (a
    later migration's) refuses the move rather than leaving it behind."""
    source = await Store.open(postgres_server.new_database())
    target = await Store.open(postgres_server.new_database())
    other = await Store.open(tmp_path / "other.sqlite3")
    try:
        await fill(source, 5)
        await source.emoji.record(1, "hf_01_crane", "ab" * 32, 42)
        moved = await copy_database(source, target)
        assert moved.counts["app_emoji"] == (1,) and await league_view(target) == await league_view(source)
        assert await target.emoji.uploaded(1) == {"hf_01_crane": ("ab" * 32, 42)}
        async with source.transaction() as db:
            await db.execute("CREATE TABLE tournaments (id BIGINT PRIMARY KEY)")
        with pytest.raises(CopyFailed, match=r"does not copy \(tournaments\)"):
            await copy_database(source, other)
        assert not await other.seasons.of_guild(GUILDS[0])  # nothing was written
    finally:
        for store in (source, target, other):
            await store.close()
