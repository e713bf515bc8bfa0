"""Start-up checks the schema (bot/schema.py), on SQLite and PostgreSQL: a database missing a table or a column
its migrations made, or recording a migration this release does not have, is refused with one clear line —
never used until something fails with a raw traceback."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.postgres import is_postgres_url
from bot.store import DatabaseUnusable, Store
from bot.store.migrations import load_migrations
from tests.playground.test_main import ROOT, env_for

GUILD = 10
NEWEST = max(number for number, _, _ in load_migrations(None))


async def a_database(url: str) -> None:
    """A used Parlor database: a table being played with its moves, a season, a ledger line."""
    store = await Store.open(url)
    try:
        table = await store.tables.create(GUILD, 20, "koikoi", {}, 1, [{"user_id": 1, "name": "ann", "bot": False}], 60)
        season = await store.seasons.ensure(GUILD)
        await store.tables.start(table.id, table.seats, "seed", "{}", 1.0, season.id, expected_version=table.version)
        await store.ledger.append(
            [
                {
                    "guild_id": GUILD,
                    "game": "koikoi",
                    "participant": "user:1",
                    "user_id": 1,
                    "name": "ann",
                    "kind": "game",
                    "amount": 5,
                }
            ]
        )
    finally:
        await store.close()


async def execute(url: str, sql: str) -> list[tuple]:
    """``sql`` run on the database by hand (as an operator with a database shell would)."""
    if is_postgres_url(url):
        conn = await asyncpg.connect(url)
        try:
            return [tuple(row) for row in await conn.fetch(sql)]
        finally:
            await conn.close()
    with sqlite3.connect(url) as conn:
        return conn.execute(sql).fetchall()


def start_parlor(tmp_path: Path, url: str) -> subprocess.CompletedProcess:
    """``python -m bot`` (the playground, as without a token) on ``url``; it must stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=env_for(tmp_path, PARLOR_DATABASE=url),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def refused(proc: subprocess.CompletedProcess, *words: str) -> str:
    assert proc.returncode != 0 and "Traceback" not in proc.stderr + proc.stdout, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Parlor cannot start: "), proc.stderr[-2000:]
    for word in words:
        assert word in lines[0], lines[0]
    assert "playground" not in proc.stdout
    return lines[0]


async def test_a_database_without_its_actions_table_is_refused(store_url, tmp_path):
    await a_database(store_url)
    await execute(store_url, "DROP TABLE actions")
    with pytest.raises(DatabaseUnusable, match="lacks the table actions, which its recorded migrations create"):
        await Store.open(store_url)
    line = refused(start_parlor(tmp_path, store_url), "lacks the table actions", "backup")
    assert store_url not in line if is_postgres_url(store_url) else store_url in line  # a URL may hold a password


async def test_a_database_without_a_column_is_refused(store_url, tmp_path):
    await a_database(store_url)
    await execute(store_url, "ALTER TABLE app_emoji DROP COLUMN sha256")
    with pytest.raises(DatabaseUnusable, match=r"lacks the column app_emoji\.sha256"):
        await Store.open(store_url)


async def test_a_database_a_newer_release_migrated_is_refused_and_left_as_it_was(store_url, tmp_path):
    await a_database(store_url)
    newer = NEWEST + 1
    await execute(store_url, f"INSERT INTO schema_migrations (version, name, applied_at) VALUES ({newer}, 'later', 2)")
    await execute(store_url, "CREATE TABLE later (x INTEGER)")
    recorded = await execute(store_url, "SELECT version FROM schema_migrations ORDER BY version")
    with pytest.raises(
        DatabaseUnusable,
        match=f"records migration {newer:04d}, which this release of Parlor does "
        f"not have \\(its newest is {NEWEST:04d}\\): a newer Parlor",
    ):
        await Store.open(store_url)
    refused(start_parlor(tmp_path, store_url), f"migration {newer:04d}", "newer Parlor")
    assert await execute(store_url, "SELECT version FROM schema_migrations ORDER BY version") == recorded


async def test_a_sound_database_opens_and_a_new_one_has_every_table(store_url):
    await a_database(store_url)
    store = await Store.open(store_url)
    try:
        assert [v for v, _, _ in await store.applied_migrations()][-1] == NEWEST
    finally:
        await store.close()


def test_a_migration_that_made_a_table_a_later_one_drops_is_not_expected(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_a.sql").write_text("CREATE TABLE a (x INTEGER); CREATE TABLE b (y INTEGER);")
    (folder / "0002_b.sql").write_text("DROP TABLE b; ALTER TABLE a ADD COLUMN z TEXT;")

    async def check() -> None:
        store = await Store.open(tmp_path / "p.sqlite3", migrations=folder)
        await store.close()
        await execute(str(tmp_path / "p.sqlite3"), "ALTER TABLE a DROP COLUMN z")
        with pytest.raises(DatabaseUnusable, match=r"lacks the column a\.z"):
            await Store.open(tmp_path / "p.sqlite3", migrations=folder)

    asyncio.run(check())
