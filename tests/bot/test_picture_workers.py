"""How many picture workers a process starts (bot/painter.py): its share of the machine's cores, by the shards it
runs, or PARLOR_PICTURE_WORKERS — two processes on two cores start one worker each, not two."""

from __future__ import annotations

import pytest

from bot import painter as painting
from bot.painter import Painter, workers
from bot.picture_workers import PictureWorkers
from bot.settings import Settings, SettingsError
from bot.shards import Shards


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr(painting.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)


@pytest.mark.parametrize(
    "shards, expected",
    [
        (None, 2),  # one process, unsharded: every core
        (Shards(4, (0, 1, 2, 3)), 2),  # every shard in one process
        (Shards(4, (0, 1)), 1),  # half the shards: half the cores
        (Shards(4, (3,)), 1),  # a quarter of two cores: still one worker
    ],
)
def test_a_process_starts_one_worker_per_core_of_its_share(two_cores, shards, expected):
    assert workers(None, shards) == expected


def test_the_setting_gives_the_workers_whatever_the_shards(two_cores):
    assert workers(3, Shards(4, (0, 1))) == 3


def test_eight_cores_shared_by_two_processes_give_each_four(monkeypatch):
    monkeypatch.setattr(painting.os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    assert workers(None, Shards(4, (2, 3))) == 4


def test_a_pool_resized_at_start_up_starts_again_with_the_new_size():
    drawing = Painter(slots=2)
    try:
        first = drawing.executor()
        assert isinstance(first, PictureWorkers) and len(first.pids()) == 2
        drawing.resize(1)
        pool = drawing.executor()
        assert isinstance(pool, PictureWorkers) and len(pool.pids()) == 1
        assert drawing.slots == 1
    finally:
        drawing.close()


@pytest.fixture
def env(monkeypatch):
    for name in (
        "PARLOR_SHARD_COUNT",
        "PARLOR_SHARD_IDS",
        "PARLOR_DATABASE",
        "DISCORD_TOKEN",
        "PARLOR_PICTURE_WORKERS",
    ):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_setting_is_read_from_the_environment(env):
    assert Settings.from_env(env_file=None).picture_workers is None
    env.setenv("PARLOR_PICTURE_WORKERS", "3")
    assert Settings.from_env(env_file=None).picture_workers == 3


@pytest.mark.parametrize("raw", ["0", "-1", "two"])
def test_a_wrong_number_of_workers_says_what_to_set(env, raw):
    env.setenv("PARLOR_PICTURE_WORKERS", raw)
    with pytest.raises(SettingsError, match="PARLOR_PICTURE_WORKERS"):
        Settings.from_env(env_file=None)
