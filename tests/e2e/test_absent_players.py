"""Absent players through the fake Discord: when a deadline passes or a player
resigns in the middle of a decision of several steps, Parlor's bot finishes the whole decision at
once, the channel says once that the time ran out, and an absent player is mentioned once per decision.

Black Christmas Poker (tests/bot/absent_positions.py): bob leads and discards R1, carol's K7 hits alice
(N = 7). Alice never opens her hand panel: she is away. Her hit turn — a draw, the exchange, seven
cards put under the deck one at a time and a discard — is one decision."""

from __future__ import annotations

import re

from games.blackflower import GAME as BLACK_FLOWER
from localdiscord import start_client
from tests.bot.absent_positions import count_pauses, rig_black_christmas
from tests.games._blackflower_helpers import stacked_deck

from .conftest import IN_PLACE, action_buttons, make_bot, table_message

PAUSE = 0.0125  # the pause between bot decisions of these tests' bot (counted, not waited for)


async def press(fake, user, label: str) -> None:
    panel = await user.click(table_message(fake), "My hand")
    match = [b for b in action_buttons(panel.message) if b[0].startswith(label)]
    assert match, f"{user.name}: no {label!r} among {[b[0] for b in action_buttons(panel.message)]}"
    result = await user.click(panel.message, match[0][1])
    assert result.response_type in IN_PLACE, result.text()
    await fake.wait_idle()


def mentions_of(fake, user) -> int:
    """Public messages that mention ``user`` to say it is their turn."""
    return sum(1 for m in fake.public_messages() if re.search(rf"<@{user.id}>.* your turn", m.content or ""))


async def seated(fake, db, game: str, **options):
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    bot.bot_delay = PAUSE
    run = await start_client(fake, bot)
    lobby = await alice.slash("play", game, **options)
    for user in (bob, carol):
        await user.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    return alice, bob, carol, bot, run, bot.tables.in_channel(fake.channel.id)


async def black_christmas_on_alice(fake, db, monkeypatch):
    rig_black_christmas(monkeypatch)
    alice, bob, carol, bot, run, table = await seated(fake, db, "bcpoker", lead_rounds=1)
    await press(fake, bob, "Draw from the deck")
    await press(fake, bob, "Discard Red 1")
    await press(fake, carol, "Draw from the deck")
    await press(fake, carol, "Discard Black 7")
    assert (table.state.phase, table.state.turn, table.state.hit.number) == ("hit_draw", 0, 7)
    assert f"Turn: <@{alice.id}>" in table_message(fake).content
    assert mentions_of(fake, alice) == 1  # alice has no open panel: she is told once that it is her turn
    return alice, bob, bot, run, table


def alices_whole_hit_turn_was_played(fake, bob, table) -> None:
    state = table.state
    assert (state.phase, state.turn, state.hit, state.discards[0], len(state.hands[0])) == ("draw", 1, None, 1, 7)
    assert "put 7 cards under the deck and drew 7" in "\n".join(fake.all_public_texts())
    assert f"Turn: <@{bob.id}>" in table_message(fake).content


async def test_one_deadline_plays_the_whole_black_christmas_turn(fake, db, monkeypatch):
    alice, bob, bot, run, table = await black_christmas_on_alice(fake, db, monkeypatch)
    # the deadline passes once (what the table's timer does when the time is up)
    assert await bot.tables.fire_deadline(table.id, table.version)
    await bot.tables.idle()
    await fake.wait_idle()
    alices_whole_hit_turn_was_played(fake, bob, table)
    assert "\n".join(fake.all_public_texts()).count("Time ran out for alice") == 1
    assert mentions_of(fake, alice) == 1
    await run.stop()
    fake.assert_clean()


async def test_resigning_during_the_black_christmas_turn_finishes_it_at_once(fake, db, monkeypatch):
    alice, bob, bot, run, table = await black_christmas_on_alice(fake, db, monkeypatch)
    pauses = count_pauses(monkeypatch, PAUSE)
    answer = await alice.slash("resign")
    assert answer.ephemeral_to == alice.id and "You resigned" in answer.text()
    await bot.tables.idle()
    await fake.wait_idle()
    alices_whole_hit_turn_was_played(fake, bob, table)
    assert pauses == [PAUSE]  # one pause for the bot's one decision, not one per card
    texts = "\n".join(fake.all_public_texts())
    assert "alice resigned" in texts and "Time ran out" not in texts
    await run.stop()
    fake.assert_clean()


async def test_an_absent_bettor_is_mentioned_once_while_the_others_bet(fake, db, monkeypatch):
    """Black Flower betting is one decision of bob and carol at once: bob's bet does not make the
    table mention carol again; her deadline then sits her out (her chips are not bet for her)."""
    original = BLACK_FLOWER.new_game
    deck = stacked_deck([["1C1", "2C1"], ["3C1", "4C1"]], ["5C1", "6C1"])
    monkeypatch.setattr(
        BLACK_FLOWER,
        "new_game",
        lambda options, seats, seed, **_: original(options, seats, seed, decks=[deck], first_banker=0),
    )
    alice, bob, carol, bot, run, table = await seated(fake, db, "blackflower", rounds=1)
    assert table.to_act() == [1, 2]  # alice banks; bob and carol bet
    assert mentions_of(fake, bob) == 1 and mentions_of(fake, carol) == 1
    await press(fake, bob, "Bet 20")
    assert table.to_act() == [2] and mentions_of(fake, carol) == 1
    assert await bot.tables.fire_deadline(table.id, table.version)
    await bot.tables.idle()
    await fake.wait_idle()
    assert table.state.bets[2] == 0 and "Time ran out for carol" in "\n".join(fake.all_public_texts())
    assert mentions_of(fake, carol) == 1
    await run.stop()
    fake.assert_clean()
