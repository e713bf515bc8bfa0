"""Finished games as records to take away: Sanma as a Tenhou JSON log that replays exactly, the other
games as their action log with the seeds that let anyone deal them again."""

from __future__ import annotations

import json

import pytest

from bot.league.records import finished_table, record_file
from bot.store import Store
from games.sanma.replay import replay_text
from games.shuffle import sha256_hex
from tests.bot.league_games import store_game

GUILD, ALICE, BOB = 61, 610, 611


async def test_a_sanma_record_is_a_tenhou_log_that_replays_to_the_game_s_own_end(store: Store):
    events = await store_game(store, GUILD, 1, "sanma", [(ALICE, "Alice"), (BOB, "Bob"), (None, "Bot")], "rec-1")
    table_id = (await store.results.history(GUILD, ALICE, limit=1))[0].table_id
    found = await finished_table(store, table_id, GUILD)
    assert found is not None and await finished_table(store, table_id, GUILD + 1) is None  # another server's
    record = record_file(*found)
    log = json.loads(record.data)
    assert record.filename == f"parlor-{table_id}-sanma.json" and log["name"] == ["Alice", "Bob", "Bot", ""]
    out = replay_text(record.data.decode())
    assert out["ok"], out["first_divergence"]
    end = next(e for e in reversed(events) if e["type"] == "game_end")
    assert out["log_final_scores"] == end["points"] and out["log_final"] == end["scores"]


@pytest.mark.parametrize(
    "game, players",
    [
        ("koikoi", [(ALICE, "Alice"), (BOB, "Bob")]),
        ("blackflower", [(ALICE, "Alice"), (BOB, "Bob"), (None, "Bot")]),
        ("bcpoker", [(ALICE, "Alice"), (None, "Bot 1"), (None, "Bot 2")]),
    ],
)
async def test_another_game_s_record_is_its_action_log_with_the_seeds_that_check_it(store: Store, game, players):
    events = await store_game(store, GUILD, 2, game, players, f"rec-{game}")
    table_id = (await store.results.history(GUILD, ALICE, limit=1))[0].table_id
    table, actions = await finished_table(store, table_id)
    record = json.loads(record_file(table, actions).data)
    assert record["game"] == game and record["seed"] == f"rec-{game}"
    assert record["seed_sha256"] == sha256_hex(f"rec-{game}")
    assert record["actions"] == [[a.seat, a.action] for a in actions] and record["actions"]
    assert [s["name"] for s in record["seats"]] == [name for _, name in players]
    revealed = [e["seed"] for e in events if e.get("seed")]
    assert [r["seed"] for r in record["rounds"] if "seed" in r] == revealed and revealed
    assert all(sha256_hex(r["seed"]) == r["hash"] for r in record["rounds"] if "seed" in r)


async def test_the_command_line_writes_a_table_s_record(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    database = tmp_path / "parlor.sqlite3"
    store = await Store.open(database)
    try:
        await store_game(store, GUILD, 3, "sanma", [(ALICE, "Alice"), (None, "Bot 1"), (None, "Bot 2")], "rec-cli")
        table_id = (await store.results.history(GUILD, ALICE, limit=1))[0].table_id
    finally:
        await store.close()
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "export",
            "--table",
            str(table_id),
            "--database",
            str(database),
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    written = tmp_path / "out" / f"parlor-{table_id}-sanma.json"
    assert replay_text(written.read_text())["ok"]
    missing = subprocess.run(
        [sys.executable, "-m", "bot", "export", "--table", "999", "--database", str(database)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert missing.returncode == 2 and missing.stderr.strip() == "python -m bot export: there is no finished table 999."
