"""The league cog end to end: a real discord.py bot against the local fake Discord."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from discord.ext import commands

from bot.store import Store
from bot.tables import Presenter, TableManager
from localdiscord import LocalDiscord, run_client

pytestmark = pytest.mark.e2e


class LeagueBot(commands.Bot):
    """Just enough of ParlorBot for the league cog: store, settings, tables, games_available."""

    def __init__(self, db: Path, guild_id: int) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), chunk_guilds_at_startup=False)
        self.db = db
        self.guild_id = guild_id
        self.settings = SimpleNamespace(turn_seconds=90)
        self.games_available = ["koikoi"]

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db)
        self.tables = TableManager(self.store, Presenter(), default_turn_seconds=90)
        await self.load_extension("cogs.league")
        await self.load_extension("cogs.settings")
        await self.load_extension("cogs.rules")
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def close(self) -> None:
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


async def record_game(db: Path, guild_id: int, channel_id: int, results: list[tuple[int, str, int]]) -> None:
    """A finished Koi-Koi game written straight into the store (the table manager's job)."""
    store = await Store.open(db)
    try:
        seats = [{"user_id": uid, "name": name, "bot": False} for uid, name, _ in results]
        t = await store.tables.create(guild_id, channel_id, "koikoi", {}, results[0][0], seats, 90)
        season = await store.seasons.ensure(guild_id)
        t = await store.tables.start(t.id, seats, "seed", "{}", None, season.id, expected_version=t.version)
        amounts = [a for *_, a in results]
        await store.tables.finish(
            t.id,
            snapshot="{}",
            expected_version=t.version,
            results=[
                {
                    "participant": f"user:{uid}",
                    "user_id": uid,
                    "name": name,
                    "seat": i,
                    "amount": a,
                    "placing": 1 + sum(1 for x in amounts if x > a),
                }
                for i, (uid, name, a) in enumerate(results)
            ],
        )
    finally:
        await store.close()


async def test_league_commands_through_fake_discord(tmp_path: Path):
    db = tmp_path / "parlor.sqlite3"
    async with LocalDiscord() as fake:
        alice = fake.add_user("alice")
        bob = fake.add_user("bob")
        mod = fake.add_user("mod", manage_guild=True)
        bot = LeagueBot(db, fake.guild.id)
        async with run_client(fake, bot):
            # Nothing yet.
            r = await alice.slash("standings")
            assert r.ephemeral and "No season is running" in r.text()
            r = await alice.slash("season", "show")
            assert r.ephemeral and "No season running" in r.text()

            # Only Manage Server may start a season; the refusal is private.
            # (The harness's slash(name, ...) cannot pass an option called "name", so the
            # season gets its default name here; named seasons are covered in test_league_cog.)
            r = await alice.slash("season", "start")
            assert r.ephemeral_to == alice.id and "Manage Server" in r.content
            r = await mod.slash("season", "start")
            assert not r.ephemeral and "Season 1" in r.embed["description"]

            await record_game(db, fake.guild.id, fake.channel.id, [(alice.id, "alice", 6), (bob.id, "bob", -6)])
            await record_game(db, fake.guild.id, fake.channel.id, [(alice.id, "alice", -2), (bob.id, "bob", 2)])

            r = await bob.slash("season", "show")
            assert r.embed["title"] == "Season 1" and "<t:" in r.embed["description"]
            field = r.embed["fields"][0]
            assert field["name"].startswith("Koi-Koi")
            assert field["value"].splitlines()[0].startswith(f"` 1.` <@{alice.id}> **+4**")

            r = await bob.slash("standings", game="koikoi")
            assert not r.ephemeral
            lines = r.embed["description"].splitlines()
            assert lines == [
                f"` 1.` <@{alice.id}> **+4** · 2 games · 1× 1st · avg 1.50",
                f"` 2.` <@{bob.id}> **−4** · 2 games · 1× 1st · avg 1.50",
            ]

            r = await bob.slash("history")
            assert "Recent games of" in r.embed["title"]
            assert r.embed["description"].count("Koi-Koi") == 2
            r = await bob.slash("history", user=alice)
            assert "**+6** (1st)" in r.embed["description"]

            # Settings.
            r = await bob.slash("config", "turn_time", seconds=30)
            assert r.ephemeral and "Manage Server" in r.content
            r = await mod.slash("config", "turn_time", seconds=120)
            assert r.ephemeral_to == mod.id and "2 minutes" in r.content
            r = await mod.slash("config", "channels", "add", channel=fake.channel)
            assert r.ephemeral and f"<#{fake.channel.id}>" in r.content
            r = await mod.slash("config", "show")
            fields = {f["name"]: f["value"] for f in r.embed["fields"]}
            assert fields["Turn time"].startswith("2 minutes")
            assert fields["Table channels"] == f"<#{fake.channel.id}>"
            r = await mod.slash("config", "channels", "clear")
            assert "any channel" in r.content

            r = await alice.slash("rules", game="koikoi")
            assert r.ephemeral and r.embed["title"] == "Koi-Koi — rules"

            # Ending the season; the standings of the next one start empty.
            r = await mod.slash("season", "end")
            assert "is over" in r.embed["title"]
            r = await alice.slash("season", "end")
            assert r.ephemeral and "Manage Server" in r.content
            await fake.wait_idle()

        store = await Store.open(db)
        try:
            cfg = await store.config.get(fake.guild.id)
            assert cfg.turn_seconds == 120 and cfg.allowed_channels == []
            assert [s.name for s in await store.seasons.of_guild(fake.guild.id)] == ["Season 1"]
        finally:
            await store.close()
        fake.assert_clean()
