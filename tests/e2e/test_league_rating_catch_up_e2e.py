"""An older database whose games were never rated: the process running shard 0 rates them once at start-up
(bot/league/rating_rebuild.py), in the background; a process on other shards leaves them to it."""

from __future__ import annotations

import pytest

from bot.main import make_bot
from bot.settings import Settings
from bot.shards import Shards
from bot.store import Store
from localdiscord import LocalDiscord, run_client
from tests.bot.test_league_control import finished, stored_ratings

from .conftest import E2E_STRICTNESS

pytestmark = pytest.mark.e2e


def bot_on(db, shards: Shards):
    settings = Settings(
        token="fake-token", database=db, dev_guild=None, log_level="INFO", turn_seconds=60, shards=shards
    )
    return make_bot(settings, bot_delay=0.0, upload_faces=False)


async def test_shard_0_s_process_rates_an_older_database_s_games_once_at_start_up(tmp_path):
    db = tmp_path / "parlor.sqlite3"
    store = await Store.open(db)
    for results in ([(1, 10), (2, -10)], [(2, 7), (3, -7)], [(1, -3), (3, 3)]):
        await finished(store, results)
    rated = await stored_ratings(store)
    async with store.transaction() as conn:  # as a database from before ratings existed
        await conn.execute("DELETE FROM ratings")
    await store.close()

    async with LocalDiscord(strict=E2E_STRICTNESS, shard_count=4) as fake:
        others = bot_on(db, Shards(4, (1, 2, 3)))
        async with run_client(fake, others):
            assert others.rating_catch_up is None
            assert await stored_ratings(others.store) == []
        first = bot_on(db, Shards(4, (0,)))
        async with run_client(fake, first):
            assert first.rating_catch_up is not None
            await first.rating_catch_up
            assert await stored_ratings(first.store) == rated
        fake.assert_clean()
