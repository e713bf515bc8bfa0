"""A league night with Parlor as two processes on shards and PostgreSQL: a sign-up in a guild of one process's
shard, its tables drawn into threads, that process killed (SIGKILL) while the tables are played and started
again: the sign-up, its buttons and its tables carry on, and the next round is drawn from the same sign-up."""

from __future__ import annotations

import pytest

from bot.league import nights
from localdiscord import LocalDiscord

from .conftest import E2E_STRICTNESS
from .shard_cluster import two_processes, until

pytestmark = pytest.mark.postgres

SHARD_COUNT = 4


async def test_a_league_night_survives_a_killed_shard_process(postgres_server, tmp_path):
    database = postgres_server.new_database()
    async with LocalDiscord(strict=E2E_STRICTNESS, shard_count=SHARD_COUNT) as fake:
        guild = fake.add_guild("Club", shard=(1, SHARD_COUNT))
        mod = fake.add_user("mod", guild=guild, manage_guild=True)
        people = [fake.add_user(f"player{n}", guild=guild) for n in range(6)]
        channel = guild.default_channel
        async with two_processes(fake, database, SHARD_COUNT, tmp_path / "shards") as (low, high, store):
            await mod.slash("season", "rules", "sanma", east_only=True, _channel=channel)
            posted = await mod.slash("league", "signup", game="sanma", _channel=channel)
            for person in people:
                await person.click(posted.message, "Join")
            drew = await mod.slash("league", "draw", method="swiss", _channel=channel, _timeout=30)
            assert "round 1" in drew.text(), drew.text()
            signup = await nights.latest_signup(store, guild.id)
            drawn = await until(
                lambda: nights.tables(store, signup.id, 1),
                lambda ts: len(ts) == 2 and all(t.table_id for t in ts),
                timeout=30,
            )
            assert {t.channel_id for t in drawn} == {t.id for t in fake.threads_of(guild)}
            for t in drawn:
                await until(lambda t=t: store.tables.get(t.table_id), lambda row: row.status == "playing")

            low.kill()
            await low.process.wait()
            await low.start()
            late = fake.add_user("late", guild=guild)
            joined = await late.click(posted.message, "Join", _timeout=30)  # the sign-up's buttons, after the kill
            assert not joined.ephemeral and "Signed up (7)" in str(posted.message.embed)
            await late.click(posted.message, "Leave", _timeout=30)

            by_id = {p.id: p for p in people}
            for t in drawn:  # the restarted process plays the tables on: its players resign and bots finish them
                for user_id in t.players:
                    if (await store.tables.get(t.table_id)).status == "playing":
                        await by_id[user_id].slash("resign", _channel=t.channel_id, _timeout=30)
                await until(lambda t=t: store.tables.get(t.table_id), lambda row: row.status == "finished", timeout=120)
            second = await mod.slash("league", "round", _channel=channel, _timeout=30)
            assert "round 2" in second.text(), second.text()
            drawn2 = await until(
                lambda: nights.tables(store, signup.id, 2),
                lambda ts: len(ts) == 2 and all(t.table_id for t in ts),
                timeout=30,
            )
            assert len(fake.threads_of(guild)) == 4
            assert {frozenset(t.players) for t in drawn2} != {frozenset(t.players) for t in drawn}
            fake.assert_clean()
            logs = low.output() + high.output()
            assert not [line for line in logs.splitlines() if " ERROR " in line or "Traceback" in line], logs[-3000:]
