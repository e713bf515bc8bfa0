"""PARLOR_SHARD_COUNT and PARLOR_SHARD_IDS: which shards a process runs, and what a wrong value says."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.settings import ROOT, Settings, SettingsError
from bot.shards import Shards, shard_of


@pytest.fixture
def env(monkeypatch):
    for name in ("PARLOR_SHARD_COUNT", "PARLOR_SHARD_IDS", "PARLOR_DATABASE", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_without_the_settings_there_is_no_sharding(env):
    assert Settings.from_env(env_file=None).shards is None


@pytest.mark.parametrize(
    "count, ids, expected",
    [
        ("4", "0,1", Shards(4, (0, 1))),
        ("4", " 3 , 2", Shards(4, (2, 3))),
        ("2", "", Shards(2, (0, 1))),  # the count alone: every shard in this process
    ],
)
def test_the_shards_a_process_runs(env, count, ids, expected):
    env.setenv("PARLOR_SHARD_COUNT", count)
    env.setenv("PARLOR_SHARD_IDS", ids)
    env.setenv("PARLOR_DATABASE", "postgresql://parlor@dbhost/parlor")
    assert Settings.from_env(env_file=None).shards == expected


def test_some_shards_on_a_sqlite_file_are_refused_every_shard_is_allowed(env):
    """Processes on some shards each would keep their own league in their own SQLite file."""
    env.setenv("PARLOR_SHARD_COUNT", "4")
    env.setenv("PARLOR_SHARD_IDS", "0,1")
    with pytest.raises(SettingsError, match="set PARLOR_DATABASE to a postgresql:// URL"):
        Settings.from_env(env_file=None)
    env.setenv("PARLOR_SHARD_IDS", "")  # one process on every shard: its SQLite file is fine
    assert Settings.from_env(env_file=None).shards == Shards(4, (0, 1, 2, 3))


@pytest.mark.parametrize(
    "count, ids, says",
    [
        ("", "0,1", "PARLOR_SHARD_IDS needs PARLOR_SHARD_COUNT"),
        ("0", "", "PARLOR_SHARD_COUNT must be a whole number of at least 1"),
        ("four", "", "PARLOR_SHARD_COUNT must be a whole number"),
        ("4", "0,4", "from 0 to 3"),
        ("4", "1,1", "names a shard twice"),
        ("4", "1;2", "separated by commas"),
    ],
)
def test_a_wrong_shard_setting_says_what_to_set(env, count, ids, says):
    env.setenv("PARLOR_SHARD_COUNT", count)
    env.setenv("PARLOR_SHARD_IDS", ids)
    with pytest.raises(SettingsError, match=says):
        Settings.from_env(env_file=None)


def test_a_process_owns_the_guilds_discord_deals_to_its_shards():
    shards = Shards(4, (0, 1))
    guilds = [(n << 22) | 7 for n in range(8)]
    assert [shard_of(g, 4) for g in guilds] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [g >> 22 for g in guilds if shards.owns(g)] == [0, 1, 4, 5]
    assert str(shards) == "shards 0,1 of 4"


def test_help_names_the_shard_settings():
    shown = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, timeout=60)
    assert "PARLOR_SHARD_COUNT" in shown.stdout and "PARLOR_SHARD_IDS" in shown.stdout


def test_the_procfiles_shard_processes_run_every_shard_once():
    lines = [
        line.split(":", 1)
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    commands = {name: command.split() for name, command in lines}
    assert commands["worker"] == ["python", "-m", "bot"]  # one process, no sharding
    sharded = [
        dict(word.split("=", 1) for word in words if "=" in word)
        for name, words in commands.items()
        if name.startswith("shards")
    ]
    assert len(sharded) >= 2
    shards = [Shards.parse(env["PARLOR_SHARD_COUNT"], env["PARLOR_SHARD_IDS"]) for env in sharded]
    count = shards[0].count
    assert all(s.count == count for s in shards)
    assert sorted(i for s in shards for i in s.ids) == list(range(count))
