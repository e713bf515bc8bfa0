"""Black Christmas Poker through the fake Discord: a scripted 3-player game with a Black Christmas
hit, a chain, an exchange, a Riichi and a Ron win, a restart during the hit turn, then the bots
finish the game for the players who resign; nothing concealed ever reaches a public message."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from cogs.league import signed
from games.bcpoker import GAME, engine
from games.bcpoker.cards import CODES, make_deck
from games.bcpoker.cards import name as card_name
from localdiscord import start_client

from .conftest import IN_PLACE, LeakWatch, action_buttons, make_bot, restarted, table_message

# Round 1 deals alice (lead) cards 0-6, bob 7-13, carol 14-20; the deck starts at 21.
ALICE = "G2 R1 R2 G1 G3 R6 R4"
BOB = "K3 G7 K1 K2 R1 G2 R2"
CAROL = "K4 G1 G3 R6 R4 K5 K7"
DRAWS = (
    "R3 K6 R3 R7 G4 G5 G6 R5 G4 G5"  # alice, bob, carol (hit), alice (hit), alice's exchange ×4, bob, dora indicator
)


def scripted_deck() -> list[str]:
    top = " ".join((ALICE, BOB, CAROL, DRAWS)).split()
    rest = Counter(make_deck(1)) - Counter(top)
    assert not Counter(top) - Counter(make_deck(1))
    return top + sorted(rest.elements(), key=CODES.index)


@pytest.fixture
def rigged(monkeypatch):
    """Round 1 of every new Black Christmas Poker game is dealt from the scripted deck, alice leading."""

    def new_game(options, seats, seed, decks=None, lead=None):
        return engine.new_game(options, seats, seed, decks=[scripted_deck()], lead=0)

    monkeypatch.setattr(GAME, "new_game", new_game)


class CardLeakWatch(LeakWatch):
    """LeakWatch for a game whose codes repeat (two R1 in a deck): a code counts as concealed when a
    hand held it before and after the step and no copy of it was public (pile, revealed hands)."""

    def _public_codes(self) -> set[str]:
        codes: set[str] = set()
        for table in self.bot.tables.tables.values():
            if table.state is None:
                continue
            pv = table.game.public_view(table.state)
            codes.update(p.card for p in pv.pile)
            if (last := pv.last_round) is None:
                continue
            for w in last.wins:
                codes.update(w.hand)
            if last.indicator:
                codes.add(last.indicator)
                codes.update(last.dora)  # which code is dora is public (not where its cards are)
        return codes

    def concealed(self) -> set[tuple[object, str]]:
        public = self._public_codes()
        return {(key, code) for key, code in super().concealed() if code not in public}

    def check(self) -> None:
        public_now = self._public_codes()
        self.before = {(key, code) for key, code in self.before if code not in public_now}
        super().check()


async def press(fake, user, label: str):
    """``user`` opens their hand panel and presses the button whose label starts with ``label``."""
    panel = await user.click(table_message(fake), "My hand")
    assert panel.ephemeral_to == user.id
    buttons = action_buttons(panel.message)
    match = [b for b in buttons if b[0].startswith(label)]
    assert match, f"{user.name}: no {label!r} among {[b[0] for b in buttons]}"
    result = await user.click(panel.message, match[0][1])
    assert result.response_type in IN_PLACE, result.text()
    await fake.wait_idle()
    return panel.message


def state_of(bot, fake):
    return bot.tables.in_channel(fake.channel.id).state


async def test_three_players_black_christmas_chain_exchange_riichi_ron_and_restart(fake, db, rigged):
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch = CardLeakWatch(fake, bot)
    lobby = await alice.slash("play", "bcpoker", lead_rounds=1)
    assert "Black Christmas Poker — table open" in lobby.text()
    for user in (bob, carol):
        await user.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    watch.check()
    board = table_message(fake).text()
    assert "Black Christmas Poker · round 1" in board and "**Deck:** 15 cards" in board and "★ lead" in board
    assert f"Turn: <@{alice.id}>" in table_message(fake).content

    old_panel = await hit_chained_and_hit_again(fake, bot, watch, alice, bob, carol)
    # the process goes away during the hit turn … and comes back
    s = state_of(bot, fake)
    table_id, snapshot = bot.tables.in_channel(fake.channel.id).id, s.model_dump_json()
    version = bot.tables.get(table_id).version
    bot, run, table = await restarted(fake, db, run, watch, table_id)
    assert table.version == version and table.state.model_dump_json() == snapshot

    await exchange_riichi_and_ron(fake, table, watch, old_panel, alice, bob)
    await resign_and_let_the_bots_finish(fake, bot, table, watch, alice, bob, carol)
    replayed = await bot.tables.replay(table_id)
    assert replayed.model_dump_json() == table.state.model_dump_json()
    assert watch.checked > 20
    await run.stop()
    fake.assert_clean()


async def hit_chained_and_hit_again(fake, bot, watch, alice, bob, carol):
    """Bob's K3 on alice's G2 hits carol, who chains with K4 onto alice (N = 4); alice's panel then, kept."""
    # 1. alice draws and discards G2
    await press(fake, alice, "Draw from the deck")
    await press(fake, alice, "Discard Green 2")
    watch.check()
    # 2. bob's K3 on G2: Black Christmas on carol
    await press(fake, bob, "Draw from the deck")
    await press(fake, bob, "Discard Black 3")
    watch.check()
    texts = "\n".join(fake.all_public_texts())
    assert "Black Christmas!" in texts and "carol" in texts and "(N = 3)" in texts
    panel = (await carol.click(table_message(fake), "My hand")).message
    labels = [b[0] for b in action_buttons(panel)]
    assert labels == ["Draw (Black Christmas)"]  # the hitting card cannot be taken
    # 3. carol draws and chains with K4: alice is hit with N = 4
    await press(fake, carol, "Draw (Black Christmas)")
    await press(fake, carol, "Chain Black 4")
    watch.check()
    assert "chains with" in "\n".join(fake.all_public_texts())
    await press(fake, alice, "Draw (Black Christmas)")
    watch.check()
    s = state_of(bot, fake)
    assert s.hit is not None and (s.phase, s.turn, s.hit.number) == ("hit_decide", 0, 4)
    old_panel = (await alice.click(table_message(fake), "My hand")).message
    old_labels = [b[0] for b in action_buttons(old_panel)]
    assert "Exchange 4 cards" in old_labels and any(label.startswith("Chain") for label in old_labels) is False
    return old_panel


async def exchange_riichi_and_ron(fake, table, watch, old_panel, alice, bob):
    """The panel sent before the restart still works: alice exchanges 4 cards one at a time, declares Riichi,
    and wins by Ron on bob's G7."""
    exchange = next(b for b in action_buttons(old_panel) if b[0] == "Exchange 4 cards")
    clicked = await alice.click(old_panel, exchange[1])
    assert clicked.response_type in IN_PLACE and "Put **4** more cards under the deck" in clicked.message.text()
    await fake.wait_idle()
    for code in ("G1", "G3", "R6", "R4"):
        await press(fake, alice, f"Under the deck: {card_name(code)}")
        watch.check()
    s = table.state
    assert s.deck[-4:] == ["G1", "G3", "R6", "R4"] and sorted(s.hands[0]) == sorted("R1 R2 R3 R7 G4 G5 G6 R5".split())
    assert "put 4 cards under the deck and drew 4" in "\n".join(fake.all_public_texts())
    # alice discards R5 with Riichi: she waits on a pair of 7s
    panel = (await alice.click(table_message(fake), "My hand")).message
    assert "Tenpai" not in panel.text()
    await press(fake, alice, "Riichi! Discard Red 5")
    watch.check()
    assert "declares **Riichi**" in "\n".join(fake.all_public_texts()) and "🀄 Riichi" in table_message(fake).text()
    # bob discards G7: alice may Ron
    await press(fake, bob, "Draw from the deck")
    await press(fake, bob, "Discard Green 7")
    assert table.state.phase == "ron" and table.game.to_act(table.state) == [0]
    board = table_message(fake)
    assert "Waiting for Ron decisions" in board.text() and f"<@{alice.id}>" not in (board.content or "")
    await press(fake, alice, "Ron!")
    watch.check()
    texts = "\n".join(fake.all_public_texts())
    assert "**alice** wins by Ron: 1000 from bob" in texts
    summary = next(m for m in reversed(fake.public_messages()) if m.embed and "Round 1" in (m.embed.get("title") or ""))
    shown = summary.text()
    assert "Full ladder (H06) 400" in shown and "Dora:** 1" in shown and "× 2 (lead)" in shown and "= **1000**" in shown
    assert table.state.lead == 0 and table.state.lead_counts == [1, 0, 0] and table.state.scores == [1000, -1000, 0]
    assert "seed was" in shown


async def everyone_resigns(fake, bot, watch, users) -> None:
    """Each of ``users`` resigns in turn, the bots taking their seats play on until they wait."""
    for user in users:
        await user.slash("resign")
        await fake.wait_idle()
        await bot.tables.idle()
        await fake.wait_idle()
        watch.check()


async def resign_and_let_the_bots_finish(fake, bot, table, watch, alice, bob, carol):
    """Everyone resigns; the bots finish the game (bob and carol still have to lead once); the standings."""
    await everyone_resigns(fake, bot, watch, (alice, bob, carol))
    assert table.status == "finished"
    result = table.game.result(table.state)
    assert sum(result.scores) == 0
    assert "Black Christmas Poker — final result" in "\n".join(fake.all_public_texts())
    standings = await alice.slash("standings")
    shown = standings.text()
    for user in (alice, bob, carol):
        score = result.scores[table.seat_of(user.id)]
        assert f"<@{user.id}> **{signed(score)}** · 1 game" in shown


DOUBLE_RON = ("K7 G2 R4 R5 R6 K1 K2", "R1 R2 R3 G4 G5 G6 R7", "R1 R2 R3 G1 G2 G3 G7", "K3 R4")


def deal_double_ron(monkeypatch) -> None:
    """Alice leads with K7 to discard, which both bob and carol may Ron (riichi_required=False)."""
    top = " ".join(DOUBLE_RON).split()
    deck = top + sorted((Counter(make_deck(1)) - Counter(top)).elements(), key=CODES.index)
    monkeypatch.setattr(
        GAME,
        "new_game",
        lambda options, seats, seed, decks=None, lead=None: engine.new_game(options, seats, seed, decks=[deck], lead=0),
    )


async def test_double_ron_through_discord(fake, db, monkeypatch):
    """Without Riichi required, bob and carol both Ron alice's K7; the table never names them."""
    deal_double_ron(monkeypatch)
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch = CardLeakWatch(fake, bot)
    rules = await alice.slash("rules", game="bcpoker")
    assert rules.ephemeral and "Black Christmas" in rules.text() and "Riichi" in rules.text()
    lobby = await alice.slash("play", "bcpoker", riichi_required=False, lead_rounds=1)
    assert "riichi_required=False" in lobby.text()
    for user in (bob, carol):
        await user.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await fake.wait_idle()
    await press(fake, alice, "Draw from the deck")
    await press(fake, alice, "Discard Black 7")
    watch.check()
    table = bot.tables.in_channel(fake.channel.id)
    assert table.game.to_act(table.state) == [1, 2]
    board = table_message(fake)
    assert "Waiting for Ron decisions" in board.text() and not re.search(r"<@\d+>", board.content or "")
    await press(fake, bob, "Ron!")
    assert table.game.to_act(table.state) == [2]  # bob's Ron waits for carol's decision
    await press(fake, carol, "Ron!")
    watch.check()
    summary = next(m for m in reversed(fake.public_messages()) if m.embed and "Round 1" in (m.embed.get("title") or ""))
    shown = summary.text()
    assert "bob and carol win" in shown and "Full ladder (H06) 400" in shown and "Twin runs (H04) 200" in shown
    assert table.state.scores == [-600, 400, 200] and table.state.lead == 1
    await everyone_resigns(fake, bot, watch, (alice, bob, carol))
    assert table.status == "finished" and sum(table.game.result(table.state).scores) == 0
    await run.stop()
    fake.assert_clean()
