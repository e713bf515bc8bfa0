"""Shards: the fake Discord deals each guild (its GUILD_CREATE, events and interactions) to the shard that
owns it, and a sharded Parlor process serves only its own shards' guilds and tables."""

from __future__ import annotations

import asyncio
import dataclasses

import aiohttp
import pytest

from bot.main import ShardedParlorBot, make_bot
from bot.settings import Settings
from bot.shards import Shards, shard_of
from localdiscord import LocalDiscord, run_client

from .conftest import E2E_STRICTNESS


def sharded_bot(db, shards: Shards) -> ShardedParlorBot:
    settings = Settings(
        token="fake-token", database=db, dev_guild=None, log_level="INFO", turn_seconds=60, shards=shards
    )
    seeds = (f"{n:032x}" for n in range(1000))
    bot = make_bot(settings, bot_delay=0.0, new_seed=lambda: next(seeds), upload_faces=False)  # not about faces
    assert isinstance(bot, ShardedParlorBot)
    return bot


@pytest.fixture
async def four_shards():
    """A fake Discord recommending 4 shards, with a guild on each."""
    async with LocalDiscord(strict=E2E_STRICTNESS, shard_count=4) as fake:
        for shard in range(4):
            if not any(shard_of(g.id, 4) == shard for g in fake.guilds.values()):
                fake.add_guild(f"Shard {shard}", shard=(shard, 4))
        yield fake


def guild_on(fake: LocalDiscord, shard: int):
    return next(g for g in fake.guilds.values() if shard_of(g.id, 4) == shard)


async def test_gateway_bot_recommends_the_fakes_shard_count(four_shards):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{four_shards.api_base}/gateway/bot", headers={"Authorization": "Bot x"}) as answer:
            assert (await answer.json())["shards"] == 4


async def test_each_process_gets_only_its_shards_guilds_and_their_interactions(four_shards, tmp_path):
    fake = four_shards
    users = {shard: fake.add_user(f"player{shard}", guild=guild_on(fake, shard)) for shard in range(4)}
    low, high = (
        sharded_bot(tmp_path / "low.sqlite3", Shards(4, (0, 1))),
        sharded_bot(tmp_path / "high.sqlite3", Shards(4, (2, 3))),
    )
    async with run_client(fake, low), run_client(fake, high):
        assert sorted(shard_of(g.id, 4) for g in low.guilds) == [0, 1]
        assert sorted(shard_of(g.id, 4) for g in high.guilds) == [2, 3]
        assert sorted(tuple(s.shard) for s in fake.gateway.sessions.values()) == [(0, 4), (1, 4), (2, 4), (3, 4)]
        for shard, user in users.items():
            lobby = await user.slash("play", "koikoi", _channel=guild_on(fake, shard).default_channel)
            assert "Koi-Koi" in lobby.text() and not lobby.ephemeral
        await fake.wait_idle()
        # each table lives in the process of its guild's shard, and in no other
        assert sorted(shard_of(t.guild_id, 4) for t in low.tables.tables.values()) == [0, 1]
        assert sorted(shard_of(t.guild_id, 4) for t in high.tables.tables.values()) == [2, 3]
    fake.assert_clean()


async def test_a_guild_whose_shard_is_not_running_is_not_served(four_shards, tmp_path):
    fake = four_shards
    bot = sharded_bot(tmp_path / "p.sqlite3", Shards(4, (0, 1, 2)))
    async with run_client(fake, bot):
        assert guild_on(fake, 3).id not in {g.id for g in bot.guilds}
        assert not fake.gateway.serving(guild_on(fake, 3).id) and fake.gateway.serving(guild_on(fake, 2).id)
        with pytest.raises(TimeoutError, match="for guild"):  # an interaction there would wait for shard 3
            await fake.gateway.wait_ready(0.3, guild_id=guild_on(fake, 3).id)


async def test_tables_of_another_shards_guild_are_refused_if_they_ever_arrive(four_shards, tmp_path):
    fake = four_shards
    bot = sharded_bot(tmp_path / "p.sqlite3", Shards(4, (0,)))
    async with run_client(fake, bot):
        from bot.tables import Refusal

        foreign = guild_on(fake, 1)
        with pytest.raises(Refusal, match="another Parlor process"):
            await bot.tables.open_table(
                game_name="koikoi",
                guild_id=foreign.id,
                channel_id=foreign.default_channel.id,
                host_id=1,
                host_name="x",
                options={},
                turn_seconds=None,
            )
        assert await bot.store.tables.unfinished() == []


def test_unsharded_settings_make_todays_single_connection_bot(tmp_path):
    settings = Settings(token="t", database=tmp_path / "p.sqlite3", dev_guild=None, log_level="INFO", turn_seconds=60)
    assert type(make_bot(settings)).__name__ == "ParlorBot"
    sharded = make_bot(dataclasses.replace(settings, shards=Shards(4, (1, 3))))
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])


async def test_four_processes_at_once_stay_under_the_tokens_global_limit_together(four_shards, tmp_path):
    """Discord counts 50 requests a second per bot token, whichever process sends them: each of the four
    processes keeps to its share (12 a second), so 80 posts at once meet no global 429."""
    fake = four_shards
    channels = {
        shard: [fake.add_channel(f"table-{n}", guild=guild_on(fake, shard)) for n in range(20)] for shard in range(4)
    }
    bots = [sharded_bot(tmp_path / f"shard{shard}.sqlite3", Shards(4, (shard,))) for shard in range(4)]
    async with (
        run_client(fake, bots[0]),
        run_client(fake, bots[1]),
        run_client(fake, bots[2]),
        run_client(fake, bots[3]),
    ):
        await fake.wait_idle()
        before = len(fake.request_log)
        await asyncio.gather(
            *(
                bot.get_channel(channel.id).send("a table")
                for shard, bot in enumerate(bots)
                for channel in channels[shard]
            )
        )
        assert sum(1 for line in fake.request_log[before:] if line.startswith("POST ")) == 80  # none sent twice
    assert [hit for hit in fake.rate_limiter.hits if hit["bucket"] == "global"] == []
    assert all(len(fake.public_messages(channel)) == 1 for listed in channels.values() for channel in listed)
