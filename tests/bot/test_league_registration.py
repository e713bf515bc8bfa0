"""Registration (bot/league/registration.py): registered names at the tables, and a server that seats only
registered players; /league register and /league players."""

from __future__ import annotations

import pytest

from bot.league import registration
from bot.tables import Refusal
from tests.bot.managed_tables import open_lobby, stop
from tests.bot.test_league_cog import FakeInteraction, call
from tests.bot.test_league_control import ALICE, BOB, CAROL, CHANNEL, GUILD, OfficerBot, Time, finished, new_manager


@pytest.fixture
async def manager(tmp_path):
    m = await new_manager(tmp_path / "parlor.sqlite3", Time())
    yield m
    await stop(m)


async def open_table(manager, host: int, name: str, channel: int = CHANNEL):
    return await open_lobby(manager, "koikoi", {"months": 1}, guild=GUILD, channel=channel, host=(host, name))


async def test_registered_players_sit_under_their_name_and_registration_keeps_the_others_out(manager):
    store = manager.store
    await registration.register(store, GUILD, ALICE, "Alice of the Club")
    table = await open_table(manager, ALICE, "alice")
    await manager.join(table.id, BOB, "bob")  # registration is optional: anyone sits
    assert [s.name for s in table.seats] == ["Alice of the Club", "bob"]

    async with store.transaction() as db:
        await registration.set_registration(db, store, GUILD, True)
    with pytest.raises(Refusal) as refused:
        await manager.join(table.id, CAROL, "carol")
    assert str(refused.value) == (
        "This server plays its league tables (every table here counts in the season) "
        "with registered players only. Register with /league register, then join."
    )
    with pytest.raises(Refusal, match="registered players only"):
        await open_table(manager, CAROL, "carol", channel=CHANNEL + 1)
    assert len(table.seats) == 2 and CHANNEL + 1 not in {t.channel_id for t in manager.tables.values()}
    await registration.register(store, GUILD, CAROL, "Carol")
    await manager.join(table.id, CAROL, "carol")
    assert [s.name for s in table.seats] == ["Alice of the Club", "bob", "Carol"]
    assert await registration.registration_on(store, GUILD + 1) is False  # another server: off


async def test_register_and_players_commands(manager):
    bot = OfficerBot(manager)
    await bot.load_extension("cogs.league_group")
    cog = bot.get_cog("LeagueGroup")
    asked = await call(cog.players, cog, FakeInteraction(ALICE))
    assert asked.reply.content == "Nobody has registered yet: /league register." and asked.reply.ephemeral
    asked = await call(cog.register, cog, FakeInteraction(ALICE), name="  Al  ")
    assert asked.reply.content == (
        "You are registered for this server's league as **Al**. Tables you join from now on show this name."
    )
    asked = await call(cog.register, cog, FakeInteraction(BOB), name=None)  # the display name
    assert "as **user2**" in asked.reply.content
    asked = await call(cog.register, cog, FakeInteraction(CAROL), name="***")
    assert asked.reply.content == "Please choose a name with some letters or digits in it."
    await finished(manager.store, [(ALICE, 10), (BOB, -10)])
    asked = await call(cog.players, cog, FakeInteraction(CAROL))
    lines = asked.reply.embed.description.split("\n")
    assert lines[0].startswith("Al (<@1>) — koikoi 1 games, rating ") and lines[1].startswith(
        "user2 (<@2>) — koikoi 1 games, rating "
    )
    assert asked.reply.embed.footer.text == "2 registered · registration is optional here"
    await bot.close()
