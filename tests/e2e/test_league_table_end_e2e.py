"""A late player and an early end through the fake Discord: an officer gives a bot's seat of a sanma table to
Bob, who takes it when the next hand begins (the channel says so, his hand panel is his from then on); then the
officer ends the table early by the game's own end rule: the channel shows the final result (the points held
with uma and oka), the ledger, /standings and /league log follow, and no hidden tile reached a public message."""

from __future__ import annotations

import pytest

from bot.league import officers
from bot.tables import FINISHED
from localdiscord import start_client

from .conftest import make_bot, settle

pytestmark = pytest.mark.e2e


async def test_a_late_player_takes_a_bot_s_seat_and_the_officer_ends_the_table_early(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    mod = fake.add_user("mod", manage_guild=True)
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    lobby = await alice.slash("play", "sanma")
    await alice.click(lobby, "Add bot")
    await alice.click(lobby, "Add bot")
    await alice.click(lobby, "Start")
    await settle(fake, bot)
    table = bot.tables.in_channel(fake.channel.id)

    refused = await bob.slash("league", "table", "seat", player=bob)
    assert refused.ephemeral_to == bob.id and "only league officers" in refused.text()
    promised = await mod.slash("league", "table", "seat", player=bob, reason="came late")
    assert promised.ephemeral_to == mod.id
    assert (
        promised.text()
        == f"bob takes Bot 1's seat at table {table.id} when the next deal begins (it is in deal 1 now)."
    )
    await settle(fake, bot)
    seat = next(i for i, s in enumerate(table.seats) if s.name == "Bot 1")
    while table.seats[seat].bot:  # alice is away: the deadlines play her turns, the bots their own
        assert table.game.deal_number(table.state) == 1
        assert await bot.tables.fire_deadline(table.id)
        await settle(fake, bot)
    assert table.game.deal_number(table.state) == 2 and table.seats[seat].user_id == bob.id
    assert any("bob takes Bot 1's seat from this deal on." in m.text() for m in fake.public_messages())
    panel = await bob.slash("hand")
    assert panel.ephemeral_to == bob.id and "Hand" in panel.text()

    ended = await mod.slash("league", "table", "end", reason="the venue closes")
    assert ended.ephemeral_to == mod.id
    assert ended.text() == f"Table {table.id} ended early by the game's own end rule; its results are booked."
    await settle(fake, bot)
    assert table.status == FINISHED
    final = next(m for m in reversed(fake.public_messages()) if "final result" in m.text())
    assert "a league officer ended it early" in final.text()
    points = table.state.final["scores"]
    lines = await bot.store.ledger.lines(fake.guild.id, table_id=table.id)
    assert sorted(line.amount for line in lines) == sorted(round(p * 10) for p in points) and sum(points) == 0
    assert {line.user_id for line in lines} >= {alice.id, bob.id}  # bob's result is the seat's, booked to him
    standings = (await mod.slash("standings")).text()
    assert f"<@{alice.id}>" in standings and f"<@{bob.id}>" in standings
    entries = [(a.action, a.reason) for a in await officers.actions(bot.store, fake.guild.id)]
    assert entries == [("end", "the venue closes"), ("late seat", "came late")]
    await run.stop()
    fake.assert_clean()
