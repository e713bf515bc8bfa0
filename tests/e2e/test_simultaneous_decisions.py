"""Issue 10 items 4 and 5: decisions that several players make at once are all counted, and a click
that really is stale is answered with the player's fresh panel."""

from __future__ import annotations

import asyncio
from collections import Counter

from bot.localdiscord import run_client
from games.bcpoker import GAME as BCP, engine as bcp_engine
from games.bcpoker.cards import CODES, make_deck
from games.blackflower import GAME as BLACKFLOWER

from .conftest import make_bot, table_message


async def panel_of(fake, user):
    opened = await user.click(table_message(fake), "My hand")
    assert opened.ephemeral_to == user.id, opened.text()
    return opened.message


def bot_banks(monkeypatch, banker: int) -> None:
    original = BLACKFLOWER.new_game
    monkeypatch.setattr(BLACKFLOWER, "new_game", lambda options, seats, seed, decks=None, first_banker=None:
                        original(options, seats, seed, decks=decks, first_banker=banker))


async def test_three_players_betting_at_the_same_moment_are_all_counted(fake, db, monkeypatch):
    bot_banks(monkeypatch, banker=3)
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "blackflower", rounds=1)
        await bob.click(lobby, "Join")
        await carol.click(lobby, "Join")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        panels = [await panel_of(fake, user) for user in (alice, bob, carol)]
        answers = await asyncio.gather(*(user.click(panel, "Bet 20")
                                         for user, panel in zip((alice, bob, carol), panels)))
        await fake.wait_idle()
        for answer in answers:
            assert answer.response_type == 7 and "moment has passed" not in (answer.message.versions[-1].content or "")
        bets = [a for a in await bot.tables.store.actions(table.id) if a.source == "player"]
        assert sorted(a.action for a in bets) == ["bet:20"] * 3
        assert sorted(a.seat for a in bets) == [0, 1, 2]


async def test_a_panel_opened_before_others_bet_still_bets(fake, db, monkeypatch):
    """Others betting between opening the panel and clicking does not change what alice may do."""
    bot_banks(monkeypatch, banker=3)
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "blackflower", rounds=1)
        await bob.click(lobby, "Join")
        await carol.click(lobby, "Join")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        early = await panel_of(fake, alice)
        click = alice.prepare_click(early, "Bet 20")  # pressed now, reaching Parlor after the others' bets
        for user in (bob, carol):
            await user.click(await panel_of(fake, user), "Bet 50")
            await fake.wait_idle()
        answer = await alice.send(click)
        await fake.wait_idle()
        assert answer.response_type == 7
        assert all("moment has passed" not in (v.content or "") for v in early.versions)
        bets = sorted((a.seat, a.action) for a in await bot.tables.store.actions(table.id) if a.source == "player")
        assert bets == [(0, "bet:20"), (1, "bet:50"), (2, "bet:50")]


async def test_a_doubled_click_brings_the_fresh_panel(fake, db, monkeypatch):
    bot_banks(monkeypatch, banker=2)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "blackflower", rounds=1)
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        panel = await panel_of(fake, alice)
        first, again = await asyncio.gather(alice.click(panel, "Bet 20"), alice.click(panel, "Bet 20"))
        await fake.wait_idle()
        assert (first.response_type, again.response_type) == (7, 7)  # both answered in the panel itself
        notes = [v.content for v in panel.versions if "moment has passed" in (v.content or "")]
        assert len(notes) == 1
        assert "Bet 20" not in [label for label, _, _ in again.message.buttons()]  # what alice may do now
        assert "20 at stake" in again.message.text()
        bets = [a.action for a in await bot.tables.store.actions(table.id) if a.seat == 0]
        assert bets == ["bet:20"]


DOUBLE_RON = ("K7 G2 R4 R5 R6 K1 K2", "R1 R2 R3 G4 G5 G6 R7", "R1 R2 R3 G1 G2 G3 G7", "K3 R4")


async def test_two_players_calling_ron_at_the_same_moment_both_win(fake, db, monkeypatch):
    top = " ".join(DOUBLE_RON).split()
    deck = top + sorted((Counter(make_deck(1)) - Counter(top)).elements(), key=CODES.index)
    monkeypatch.setattr(BCP, "new_game", lambda options, seats, seed, decks=None, lead=None:
                        bcp_engine.new_game(options, seats, seed, decks=[deck], lead=0))
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
        await alice.click(await panel_of(fake, alice), "Discard K7")
        await fake.wait_idle()
        assert table.to_act() == [1, 2]
        panels = [await panel_of(fake, user) for user in (bob, carol)]
        await asyncio.gather(bob.click(panels[0], "Ron!"), carol.click(panels[1], "Ron!"))
        await fake.wait_idle()
        rons = [(a.seat, a.action) for a in await bot.tables.store.actions(table.id) if a.source == "player"][2:]
        assert sorted(rons) == [(1, "ron"), (2, "ron")]
        assert table.state.scores == [-600, 400, 200]
