"""Decisions that several players make at once are all counted, and a click
that really is stale is answered with the player's fresh panel."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from games.blackflower import GAME as BLACKFLOWER
from localdiscord import run_client

from .conftest import IN_PLACE, make_bot, table_message
from .test_bcpoker_e2e import deal_double_ron


async def panel_of(fake, user):
    opened = await user.click(table_message(fake), "My hand")
    assert opened.ephemeral_to == user.id, opened.text()
    return opened.message


async def open_blackflower(fake, bot, monkeypatch, host, *guests):
    """A one-round Black Flower table of these people and one bot, who banks; returns the table."""
    original = BLACKFLOWER.new_game
    monkeypatch.setattr(
        BLACKFLOWER,
        "new_game",
        lambda options, seats, seed, decks=None, first_banker=None: original(
            options, seats, seed, decks=decks, first_banker=1 + len(guests)
        ),
    )
    lobby = await host.slash("play", "blackflower", rounds=1)
    for guest in guests:
        await guest.click(lobby, "Join")
    await host.click(lobby, "Add bot")
    await host.click(lobby, "Start")
    await fake.wait_idle()
    return bot.tables.in_channel(fake.channel.id)


@asynccontextmanager
async def blackflower_table(fake, db, monkeypatch, *names: str):
    """People of these names at a running bot's one-round Black Flower table (:func:`open_blackflower`):
    ``(bot, table, people)`` for the block."""
    people = [fake.add_user(name) for name in names]
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        yield bot, await open_blackflower(fake, bot, monkeypatch, *people), people


async def player_actions(bot, table) -> list[tuple[int, str]]:
    return sorted((a.seat, a.action) for a in await bot.tables.store.tables.actions(table.id) if a.source == "player")


async def test_three_players_betting_at_the_same_moment_are_all_counted(fake, db, monkeypatch):
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        panels = [await panel_of(fake, user) for user in people]
        answers = await asyncio.gather(*(user.click(panel, "Bet 20") for user, panel in zip(people, panels)))
        await fake.wait_idle()
        for answer in answers:
            assert answer.response_type in IN_PLACE and "moment has passed" not in (
                answer.message.versions[-1].content or ""
            )
        assert await player_actions(bot, table) == [(0, "bet:20"), (1, "bet:20"), (2, "bet:20")]


async def test_a_panel_opened_before_others_bet_still_bets(fake, db, monkeypatch):
    """Others betting between opening the panel and clicking does not change what alice may do."""
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob", "carol") as (bot, table, people):
        alice, bob, carol = people
        early = await panel_of(fake, alice)
        click = alice.prepare_click(early, "Bet 20")  # pressed now, reaching Parlor after the others' bets
        for user in (bob, carol):
            await user.click(await panel_of(fake, user), "Bet 50")
            await fake.wait_idle()
        answer = await alice.send(click)
        await fake.wait_idle()
        assert answer.response_type in IN_PLACE
        assert all("moment has passed" not in (v.content or "") for v in early.versions)
        assert await player_actions(bot, table) == [(0, "bet:20"), (1, "bet:50"), (2, "bet:50")]


async def test_a_doubled_click_brings_the_fresh_panel(fake, db, monkeypatch):
    async with blackflower_table(fake, db, monkeypatch, "alice", "bob") as (bot, table, (alice, bob)):
        panel = await panel_of(fake, alice)
        first, again = await asyncio.gather(alice.click(panel, "Bet 20"), alice.click(panel, "Bet 20"))
        await fake.wait_idle()
        assert {first.response_type, again.response_type} <= set(IN_PLACE)  # both answered in the panel itself
        notes = [v.content for v in panel.versions if "moment has passed" in (v.content or "")]
        assert len(notes) == 1
        assert "Bet 20" not in [label for label, _, _ in again.message.buttons()]  # what alice may do now
        assert "20 at stake" in again.message.text()
        assert [a for a in await player_actions(bot, table) if a[0] == 0] == [(0, "bet:20")]


async def test_two_players_calling_ron_at_the_same_moment_both_win(fake, db, monkeypatch):
    deal_double_ron(monkeypatch)
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "bcpoker", riichi_required=False, lead_rounds=1)
        for user in (bob, carol):
            await user.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        await alice.click(await panel_of(fake, alice), "Draw from the deck")
        await fake.wait_idle()
        await alice.click(await panel_of(fake, alice), "Discard Black 7")
        await fake.wait_idle()
        assert table.to_act() == [1, 2]
        panels = [await panel_of(fake, user) for user in (bob, carol)]
        await asyncio.gather(bob.click(panels[0], "Ron!"), carol.click(panels[1], "Ron!"))
        await fake.wait_idle()
        assert [a for a in await player_actions(bot, table) if a[1] == "ron"] == [(1, "ron"), (2, "ron")]
        assert table.state.scores == [-600, 400, 200]
