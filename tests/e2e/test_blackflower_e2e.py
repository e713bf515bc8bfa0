"""Black Flower through the fake Discord: two people and two bots bet season chips against a bot banker."""

from __future__ import annotations

import re

import pytest

from games.blackflower import GAME
from games.hanafuda import FULL_NAMES
from localdiscord import start_client

from .conftest import IN_PLACE, LeakWatch, make_bot, restarted, table_message, whose_turn
from .lobbies import start_with_bots

# Seats: alice 0 (host), bob 1, Bot 1 (seat 2), Bot 2 (seat 3, the banker).
# Deal order from the banker's right: Bot 1, bob, alice.
DEALT = [["1C1", "2C1"], ["2A", "6A"], ["5C1", "7C1"]]  # Bot 1 stands on 10; bob 6; alice 10
BANKER = ["4C1", "5R"]  # face down 4C1 (hidden until the banker's turn), face up 5R: showing 4
EXTRA = ["12C1", "9R", "3L"]  # bob's one card after doubling (11), alice's hit (bust), the banker's hit (11)
HOLE = BANKER[0]


def stacked() -> list[str]:
    from games.hanafuda import DECK

    top = [p[0] for p in DEALT] + [BANKER[0]] + [p[1] for p in DEALT] + [BANKER[1]] + EXTRA
    return top + [c for c in DECK if c not in top]


@pytest.fixture
def fixed_deal(monkeypatch):
    original = GAME.new_game

    def new_game(options, seats, seed, decks=None, first_banker=None):
        return original(options, seats, seed, decks=[stacked()], first_banker=3)

    monkeypatch.setattr(GAME, "new_game", new_game)


def public_mentions(fake, code: str) -> list[str]:
    """The public texts naming the card ``code`` (by its one name, "Wisteria chaff 1")."""
    pattern = re.compile(rf"(?<![0-9A-Za-z]){re.escape(FULL_NAMES[code])}(?![0-9A-Za-z])")
    return [t for t in fake.all_public_texts() if pattern.search(t)]


async def my_panel(fake, user):
    opened = await user.click(table_message(fake), "My hand")
    assert opened.ephemeral_to == user.id, opened.text()
    return opened


async def test_four_seats_bets_double_bust_push_restart_and_balances(fake, db, fixed_deal):
    alice = fake.add_user("alice", manage_guild=True)
    bob, carol = fake.add_user("bob"), fake.add_user("carol")
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    watch = LeakWatch(fake, bot)

    configured = await alice.slash("config", "starting_balance", chips=200)
    assert "200" in configured.text()

    await start_with_bots(alice, bob, "blackflower", "Black Flower", 2, double_down=True, rounds=1, max_bet=500)
    await fake.wait_idle()
    watch.check()
    table = bot.tables.in_channel(fake.channel.id)
    assert table.state.start_chips == [200, 200, 200, 200] and table.state.banker == 3
    board = table_message(fake).text()
    assert "Black Flower · round 1 of 1" in board and "Betting" in board

    # --- betting: a button for bob, the amount prompt for alice (a bet above her chips is refused)
    panel = await my_panel(fake, bob)
    labels = [label for label, _, _ in panel.message.buttons()]
    assert {"Bet 10", "Bet 20", "Bet 50", "Bet 100", "Bet 200", "Other amount…", "Sit out"} <= set(labels)
    assert "Bet 500" not in labels  # more than bob's 200 chips
    clicked = await bob.click(panel.message, "Bet 20")
    assert clicked.response_type in IN_PLACE
    await fake.wait_idle()
    panel = await my_panel(fake, alice)
    prompt = await alice.click(panel.message, "Other amount…")
    assert prompt.response_type == 9
    refused = await alice.submit_modal(prompt, {"Amount (10–200)": "300"})
    assert "from 10 to 200" in refused.text()
    try:
        await bot.tables.act(table.id, alice.id, None, "bet:300")
        raise AssertionError("a bet above the balance was accepted")
    except Exception as exc:  # the table manager refuses with the game's own sentence
        assert "only 200 chips" in str(exc)
    prompt = await alice.click(panel.message, "Other amount…")
    placed = await alice.submit_modal(prompt, {"Amount (10–200)": "25"})
    assert placed.response_type in IN_PLACE, placed.text()
    await fake.wait_idle()
    watch.check()
    assert table.state.bets == [25, 20, 20, 0] and table.state.phase == "play"
    texts = "\n".join(fake.all_public_texts())
    assert "alice bets 25" in texts and "bob bets 20" in texts and "Bot 1 bets 20" in texts
    board = table_message(fake).text()
    assert (
        re.search(r"(🂠|<:hf_back:[0-9]+>) face down", board)
        and FULL_NAMES["5R"] in board
        and FULL_NAMES[HOLE] not in board
    )
    # until the round is settled a stake is shown apart from the balance, not as chips already lost
    assert "alice · 175 chips, 25 at stake" in board and "bob · 180 chips, 20 at stake" in board
    assert "**You have** 175 chips, 25 at stake" in (await my_panel(fake, alice)).text()

    # --- bob doubles down and takes one card (then stands by himself)
    assert whose_turn(fake) == bob.id
    panel = await my_panel(fake, bob)
    labels = [label for label, _, _ in panel.message.buttons()]
    assert labels == ["Double down", "Hit", "Stand"], labels
    assert "Best arrangement" in panel.text()
    await bob.click(panel.message, "Double down")
    await fake.wait_idle()
    assert [label for label, _, _ in panel.message.buttons()] == ["Hit", "Stand"]
    await bob.click(panel.message, "Hit")
    await fake.wait_idle()
    watch.check()
    assert table.state.hands[1][0].stake == 40 and table.state.hands[1][0].status == "stood"
    assert "bob · 160 chips, 40 at stake" in table_message(fake).text()
    assert whose_turn(fake) == alice.id

    # --- the process restarts between bob's turn and alice's
    table_id, version, snapshot = table.id, table.version, table.state.model_dump_json()
    bot, run, table = await restarted(fake, db, run, watch, table_id)
    assert table.version == version and table.state.model_dump_json() == snapshot
    assert public_mentions(fake, HOLE) == []  # still hidden

    # --- alice hits and busts; the bot banker turns up its card, hits and stands on 11
    panel = await my_panel(fake, alice)
    assert [label for label, _, _ in panel.message.buttons()] == ["Double down", "Hit", "Stand"]
    await alice.click(panel.message, "Hit")
    await fake.wait_idle()
    await bot.tables.idle()
    await fake.wait_idle()
    watch.check()
    assert table.status == "finished"
    texts = "\n".join(fake.all_public_texts())
    assert "alice **busts**" in texts
    assert re.search(rf"Banker Bot 2 turns up \S*{re.escape(FULL_NAMES[HOLE])}", texts)
    assert "Round 1 settled" in texts and "➖ push" in texts and "Black Flower — final result" in texts
    # the face-down card shows up in public only from the banker's turn on
    reveal = [t for t in public_mentions(fake, HOLE)]
    assert reveal and all("turns up" in t or "settled" in t or "Banker" in t or "Hands" in t for t in reveal)
    state = table.state
    assert [h.result for h in state.hands[2]] == ["loss"] and state.hands[1][0].result == "push"
    assert state.chips == [175, 200, 180, 245]
    final_board = next(
        m.text()
        for m in reversed(fake.public_messages())
        if m.embed and (m.embed.get("title") or "").startswith("Black Flower · round")
    )
    assert "alice · 175 chips" in final_board and "at stake" not in final_board
    # the round summary shows every chip that moved, and these are the ledger lines below
    for moved in (
        "alice: **-25** stake 25",
        "bob: **-40** stake 40 (doubled down)",
        "bob: **+40** 40 back (push)",
        "Bot 1: **-20** stake 20",
        "Bot 2 (bank): **+45** 45 from lost stakes",
    ):
        assert moved in texts, moved

    # --- balances and debts for the season
    mine = await alice.slash("balance")
    assert "175" in mine.text() and "Black Flower" in mine.text()
    theirs = await carol.slash("balance", game="blackflower", user=bob)
    assert "200" in theirs.text()
    nobody = await carol.slash("debts")
    assert "Nobody owes" in nobody.text()
    not_money = await carol.slash("balance", game="koikoi")
    assert "not played for chips" in not_money.text()
    season = await bot.store.seasons.current(fake.guild.id)
    lines = await bot.store.ledger.lines(fake.guild.id, season_id=season.id, table_id=table_id)
    assert sum(line.amount for line in lines) == 0
    assert {line.kind for line in lines} == {"bet", "win", "bank"}
    assert {line.round for line in lines} == {1}  # standings count the rounds each player won
    # a player who owes (a negative balance, and a loan written by another money game)
    await bot.store.ledger.append(
        [
            {
                "guild_id": fake.guild.id,
                "game": "blackflower",
                "participant": f"user:{carol.id}",
                "user_id": carol.id,
                "name": "carol",
                "kind": "bank",
                "amount": -380,
            },
            {
                "guild_id": fake.guild.id,
                "game": "blackflower",
                "participant": f"user:{carol.id}",
                "user_id": carol.id,
                "name": "carol",
                "kind": "loan",
                "amount": 120,
            },
        ]
    )
    owed = await bob.slash("debts", game="blackflower")
    assert f"<@{carol.id}>" in owed.text() and "−60" in owed.text() and "loans outstanding **120**" in owed.text()
    assert watch.checked > 10
    await run.stop()
    fake.assert_clean()


def test_ten_seat_table_and_panels_fit_discord_limits():
    """The biggest table (10 seats, splits, doubles) stays within Discord's embed limits at every step."""
    from bot.render import presentation
    from games.blackflower import Options
    from games.blackflower.simulate import play_game

    R = presentation("blackflower")  # the game's looks, as the bot reads them
    names = [f"Player with a long name {i}" for i in range(10)]
    checked = 0

    def check(state, events):
        nonlocal checked
        pv = GAME.public_view(state)
        embeds = [R.table_embed(pv, names, 1_700_000_000)]
        for seat in GAME.to_act(state):
            embed, buttons = R.panel(GAME.view(state, seat), GAME.legal_actions(state, seat), names, None)
            embeds.append(embed)
            assert len(buttons) <= 25
        embeds += [e for ev in events if (e := R.summary(ev, names)) is not None]
        for ev in events:
            line = R.narrate(ev, names)
            assert line is None or len(line) < 1000
        for e in embeds:
            d = e.to_dict()
            assert len(d.get("description", "")) <= 4096 and len(d.get("fields", [])) <= 24
            assert all(len(f["value"]) <= 1024 and len(f["name"]) <= 256 for f in d.get("fields", []))
            assert len(e) <= 6000 - 1100  # room for the presenter's "Latest" field
        checked += 1

    for g in range(3):
        play_game(
            Options(split_by_month=True, split_by_kind=True, double_down=True, rounds=3), 10, f"big{g}", check=check
        )
    assert checked > 50
