"""Slash commands are synced at start-up only when they changed (their hash is kept next to the database);
``python -m bot sync`` forces it."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from bot.__main__ import sync_now
from bot.main import ParlorBot, synced_marker
from localdiscord import run_client

from .conftest import make_bot, make_settings


def syncs(fake) -> int:
    return sum(1 for line in fake.request_log if line.startswith("PUT ") and line.endswith("/commands"))


class BotWithOneMoreCommand(ParlorBot):
    async def sync_commands(self) -> None:
        if self.tree.get_command("extra") is None:  # once, however often the sync is tried

            @self.tree.command(name="extra", description="One more command")
            async def extra(interaction) -> None:
                await interaction.response.send_message("extra")

        await super().sync_commands()


async def test_commands_are_synced_only_when_they_changed(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        assert syncs(fake) == 1
    assert synced_marker(db).is_file()
    async with run_client(fake, make_bot(fake, db)):  # a restart, same commands
        assert syncs(fake) == 1
        assert "Koi-Koi" in (await alice.slash("play", "koikoi")).text()
    async with run_client(fake, BotWithOneMoreCommand(make_settings(fake, db))):
        assert syncs(fake) == 2
        assert (await alice.slash("extra")).text() == "extra"
    async with run_client(fake, ParlorBot(make_settings(fake, db), force_sync=True)):
        assert syncs(fake) == 3
        assert "extra" not in {c.name for c in fake.commands_in(fake.guild.id)}
    fake.assert_clean()


async def test_python_m_bot_sync_registers_the_commands_and_brings_no_table_back(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)) as run:
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        assert run.client.tables.in_channel(fake.channel.id) is not None
    before = len(fake.request_log)
    await sync_now(make_settings(fake, db))
    calls = fake.request_log[before:]
    assert sum(1 for line in calls if line.startswith("PUT ") and line.endswith("/commands")) == 1
    assert not [line for line in calls if "/messages" in line]  # no table was restored, edited or pinged


def test_python_m_bot_help_lists_its_commands():
    shown = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0
    assert "run " in shown.stdout and "sync " in shown.stdout and "python -m bot" in shown.stdout


GUILD_COMMANDS = "PUT /applications/{app_id}/guilds/{guild_id}/commands"


async def test_a_sync_discord_fails_is_tried_again_in_the_background_while_tables_are_served(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)):
        pass
    fake.faults.fail_next(GUILD_COMMANDS, 2, 503)
    bot = BotWithOneMoreCommand(make_settings(fake, db), bot_delay=0.0, upload_faces=False, sync_pause=0.5)
    async with run_client(fake, bot) as run:  # connected although Discord answered the sync with a 503
        assert not run.client.command_sync.task.done()
        lobby = await alice.slash("play", "koikoi")  # the commands registered before still work meanwhile
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        assert run.client.tables.in_channel(fake.channel.id) is not None
        assert await asyncio.wait_for(run.client.command_sync.task, 10) is True
        assert syncs(fake) == 1 + 3  # the first start's, then two 503s and the one that went through
        assert (await alice.slash("extra")).text() == "extra"
    fake.assert_clean()


async def test_a_long_rate_limit_on_the_sync_does_not_keep_the_bot_offline(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        pass
    fake.faults.fail_next(GUILD_COMMANDS, 1, 429, retry_after=120)
    bot = BotWithOneMoreCommand(make_settings(fake, db), bot_delay=0.0, upload_faces=False)
    async with run_client(fake, bot, timeout=10) as run:  # discord.py waits out the 120 s in the background
        assert "Koi-Koi" in (await alice.slash("play", "koikoi")).text()
        assert not run.client.command_sync.task.done()
        assert "extra" not in {c.name for c in fake.commands_in(fake.guild.id)}
    assert syncs(fake) == 2  # the rate-limited call was not repeated before its retry_after


async def test_commands_discord_refuses_are_not_sent_again_and_the_bot_still_serves(fake, db):
    alice = fake.add_user("alice")
    fake.faults.fail_next(GUILD_COMMANDS, 1, 400)
    async with run_client(fake, make_bot(fake, db)) as run:
        assert await asyncio.wait_for(run.client.command_sync.task, 10) is False
        await asyncio.sleep(0.2)
        assert syncs(fake) == 1 and not synced_marker(db).is_file()
    async with run_client(fake, make_bot(fake, db)):  # the next start syncs them
        assert "Koi-Koi" in (await alice.slash("play", "koikoi")).text()
    assert syncs(fake) == 2
