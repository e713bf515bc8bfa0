"""Between the layers: a click reaches the table manager of the client it came to
(``interaction.client.tables``), real buttons and forged ones alike through the one click router, read from the
click's data without discord.py building a view of the clicked message; a Refusal raised in any command is
answered privately, once, by the command tree."""

from __future__ import annotations

import re

import discord

from bot import ui
from bot.main import ParlorBot
from bot.tables import Refusal, TableManager
from localdiscord import run_client

from .conftest import IN_PLACE, make_bot, make_settings

NO_TABLE = "There is no table in this channel. Open one with /play."


def table_id_of(message) -> int:
    return next(int(m[1]) for _, cid, _ in message.buttons() if (m := re.match(r"parlor:t:(\d+):", cid or "")))


def answered_once_privately(result, user) -> str:
    assert result.response_type == 4 and result.ephemeral_to == user.id and not result.followups, result
    return result.text()


async def test_clicks_reach_the_manager_the_client_holds_now(fake, db, monkeypatch):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    routed: list[str] = []
    router = ui.answer_click

    async def watched(interaction):
        routed.append(interaction.data["custom_id"])
        await router(interaction)

    monkeypatch.setattr(ui, "answer_click", watched)
    rebuilt: list[int] = []
    from_message = discord.ui.View.from_message.__func__

    def counted(cls, message, /, *, timeout=180.0):  # discord.py's view of every component of a clicked message
        rebuilt.append(message.id)
        return from_message(cls, message, timeout=timeout)

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(counted))
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "koikoi")
        table_id = table_id_of(lobby)
        first = bot.tables
        replacement = TableManager(bot.store, bot.presenter, default_turn_seconds=60)
        await replacement.restore()
        bot.tables = replacement  # what a click reaches is read from the client at click time

        joined = await bob.click(lobby, "Join")
        assert joined.response_type in IN_PLACE and f"<@{bob.id}>" in joined.text()
        assert routed == [f"parlor:t:{table_id}:0:join"]  # the real button
        forged = await bob.forge_click(joined.message, f"parlor:t:{table_id}:5:addbot")  # no message carries it
        assert forged.response_type in IN_PLACE and "Bot 1" in forged.text()
        assert routed == [f"parlor:t:{table_id}:0:join", f"parlor:t:{table_id}:5:addbot"]  # the forged one too
        assert rebuilt == []  # no click cost a view of the clicked message's components

        assert [s.name for s in replacement.get(table_id).seats] == ["alice", "bob", "Bot 1"]
        assert [s.name for s in first.get(table_id).seats] == ["alice"]
        await first.close()
    fake.assert_clean()


class RefusingBot(ParlorBot):
    """Parlor with one more command, which refuses whatever it is asked."""

    async def sync_commands(self) -> None:
        @self.tree.command(name="refuse", description="Always refuses")
        async def refuse(interaction) -> None:
            raise Refusal("Not today.")

        await super().sync_commands()


async def test_a_refusal_raised_in_any_command_is_answered_privately_once(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, RefusingBot(make_settings(fake, db))):
        assert answered_once_privately(await alice.slash("refuse"), alice) == "Not today."
        for command in ("table", "hand", "leave", "resign"):  # the play cog's, with no table in the channel
            assert answered_once_privately(await alice.slash(command), alice) == NO_TABLE, command
        assert fake.public_messages() == []
    fake.assert_clean()
