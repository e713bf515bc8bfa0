"""Database faults: Parlor refuses to start on a database it cannot trust,
with a one-line reason and a non-zero exit, never takes an existing file for a new database,
and at run time a write the disk refuses leaves the table as it was and tells the player so."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import DatabaseUnusable, SaveFailed, Store
from bot.tables import Refusal
from localdiscord import LocalDiscord, run_client, start_client
from tests.bot.managed_tables import BOT, open_lobby, start_table
from tests.bot.test_ledger_properties import new_manager
from tests.e2e.conftest import action_buttons, make_bot, table_message
from tests.playground.test_main import ROOT, env_for

SAVE_FAILED = "Parlor could not save that move; nothing changed."
GUILD, CHANNEL, ALICE = 10, 20, 1


def run_parlor(tmp_path: Path, db: Path) -> subprocess.CompletedProcess:
    """``python -m bot`` (the playground, as without a token) on ``db``; it must stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=env_for(tmp_path, PARLOR_DATABASE=str(db)),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def assert_refused(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Parlor cannot start: "), proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert "playground" not in proc.stdout  # it never got as far as serving the page


def a_database(path: Path, lines: int = 200) -> bytes:
    """A real Parlor database with a season and some ledger lines; returns its bytes."""

    async def fill() -> None:
        store = await Store.open(path)
        try:
            await store.ledger.append(
                [
                    {
                        "guild_id": GUILD,
                        "game": "blackflower",
                        "participant": f"user:{n % 7}",
                        "user_id": n % 7,
                        "name": f"player {n % 7} " + "x" * 100,
                        "kind": "bet",
                        "amount": -n,
                    }
                    for n in range(lines)
                ]
            )
            async with store.transaction():  # fold the WAL into the file
                pass
        finally:
            await store.close()

    asyncio.run(fill())
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.read_bytes()


@contextlib.contextmanager
def read_only(path: Path):
    """Make ``path`` impossible to write, as root too (chattr +i); skip when this system can't."""
    os.chmod(path, 0o444)
    immutable = False
    if os.geteuid() == 0:
        immutable = subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode == 0
    try:
        try:
            with path.open("r+b"):
                pytest.skip("cannot make a file read-only here")
        except OSError:
            pass
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        os.chmod(path, 0o644)


# --------------------------------------------------------------------------- start-up


def test_an_empty_file_is_not_taken_for_a_new_database(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    db.write_bytes(b"")
    assert_refused(run_parlor(tmp_path, db), str(db), "empty (0 bytes)", "backup")
    assert db.read_bytes() == b""  # nothing written over it


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    db.write_bytes(b"this is a shopping list, not a database\n" * 200)
    assert_refused(run_parlor(tmp_path, db), "damaged", "backup")


def test_a_damaged_database_is_refused(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    data = bytearray(a_database(db))
    page = int.from_bytes(data[16:18], "big")
    data[2 * page : 2 * page + 600] = b"\xff" * 600  # scribble over the second page (a b-tree page)
    db.write_bytes(bytes(data))
    assert_refused(run_parlor(tmp_path, db), "damaged", "backup")


def test_a_read_only_database_is_refused(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    before = a_database(db)
    with read_only(db):
        assert_refused(run_parlor(tmp_path, db), "read-only", str(db))
    assert db.read_bytes() == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_database_is_refused(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    a_database(db)
    os.chmod(db, 0)
    try:
        assert_refused(run_parlor(tmp_path, db), "cannot be read")
    finally:
        os.chmod(db, 0o644)


def test_a_sound_database_keeps_its_data(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    a_database(db, lines=10)

    async def check() -> None:
        store = await Store.open(db)
        try:
            season = await store.seasons.current(GUILD)
            assert len(await store.ledger.lines(GUILD, season_id=season.id)) == 10
        finally:
            await store.close()

    asyncio.run(check())


async def test_the_bot_does_not_start_on_an_empty_database(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    db.write_bytes(b"")
    async with LocalDiscord() as fake:
        with pytest.raises(RuntimeError, match="DatabaseUnusable.*empty"):
            await start_client(fake, make_bot(fake, db))
    assert db.read_bytes() == b""
    with pytest.raises(DatabaseUnusable, match="empty"):
        await Store.open(db)


# --------------------------------------------------------------------------- run time


def refuse_writes(store: Store, on: bool = True) -> asyncio.Future:
    """From now on the database refuses every write (as a read-only file does)."""
    return store._db.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")


async def test_a_full_disk_rolls_back_and_says_so(tmp_path):
    store = await Store.open(tmp_path / "parlor.sqlite3")
    try:
        line = {
            "guild_id": GUILD,
            "game": "blackflower",
            "participant": "user:1",
            "user_id": 1,
            "name": "x" * 1000,
            "kind": "bet",
            "amount": -1,
        }
        await store.ledger.append([line] * 5)
        async with store.transaction() as db:
            async with db.execute("PRAGMA page_count") as cur:
                pages = (await cur.fetchone())[0]
            await db.execute(f"PRAGMA max_page_count = {pages + 6}")  # the disk fills up after six pages
        with pytest.raises(SaveFailed) as failed:
            for _ in range(50):
                await store.ledger.append([line] * 5)
        assert str(failed.value) == SAVE_FAILED
        season = await store.seasons.current(GUILD)
        written = await store.ledger.lines(GUILD, season_id=season.id)
        assert len(written) % 5 == 0 and len(written) >= 5  # whole transactions only
        assert await store.ledger.balance(GUILD, season.id, 1) == -len(written)
    finally:
        await store.close()


async def test_a_refused_move_leaves_the_table_as_it_was(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3")
    store = manager.store
    try:
        table = await open_lobby(manager, "koikoi", {"months": 1}, guild=GUILD, channel=CHANNEL)
        table = await start_table(manager, table, BOT)
        await manager.idle()
        seat = table.seat_of(ALICE)
        assert seat in table.to_act()
        before = (table.state.model_dump_json(), table.version, len(await store.tables.actions(table.id)))
        move = table.game.legal_actions(table.state, seat)[0]
        version = table.seat_version(seat)

        await refuse_writes(store)
        with pytest.raises(Refusal, match=SAVE_FAILED):
            await manager.act(table.id, ALICE, version, move)
        assert (table.state.model_dump_json(), table.version) == before[:2]
        await refuse_writes(store, False)
        assert len(await store.tables.actions(table.id)) == before[2]
        row = await store.tables.get(table.id)
        assert row.snapshot == before[0] and row.version == before[1]

        await manager.act(table.id, ALICE, version, move)  # the disk is back: the same click works
        assert len(await store.tables.actions(table.id)) > before[2]
    finally:
        await manager.close()
        await store.close()


async def test_players_and_admins_are_told_when_nothing_could_be_saved(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    async with LocalDiscord() as fake:
        alice = fake.add_user("alice", manage_guild=True)
        bot = make_bot(fake, db)
        async with run_client(fake, bot):
            lobby = await alice.slash("play", "koikoi", months=1)
            await alice.click(lobby, "Add bot")
            await alice.click(lobby, "Start")
            await fake.wait_idle()
            panel = (await alice.click(table_message(fake), "My hand")).message
            assert action_buttons(panel)
            table = bot.tables.in_channel(fake.channel.id)
            before = (table.state.model_dump_json(), table.version)

            await refuse_writes(bot.store)
            _, custom_id, _ = action_buttons(panel)[0]
            clicked = await alice.click(panel, custom_id)
            assert clicked.ephemeral_to == alice.id and SAVE_FAILED in clicked.text()
            assert (table.state.model_dump_json(), table.version) == before
            season = await alice.slash("season", "start")
            assert season.ephemeral_to == alice.id and season.text() == SAVE_FAILED
            config = await alice.slash("config", "turn_time", seconds=30)
            assert config.ephemeral_to == alice.id and config.text() == SAVE_FAILED
            await refuse_writes(bot.store, False)
            await fake.wait_idle()
