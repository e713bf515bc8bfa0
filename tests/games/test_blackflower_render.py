"""What Black Flower players read about their chips: before a round is settled a
bettor sees the balance and the stake apart ("980 chips, 20 at stake"), never a balance that looks
as if the stake were already lost; once the round is settled the stake is gone from the text."""

from _blackflower_helpers import act, bank_plays, seat_of, start

from bot.render import presentation
from games.base import SeatInfo
from games.blackflower import GAME, Options

NAMES = ["Banker", "Bea", "Cal"]

R = presentation("blackflower")  # the game's looks, as the bot reads them


def table_text(state) -> str:
    embed = R.table_embed(GAME.public_view(state), NAMES[: len(state.seats)], None)
    return "\n".join([embed.description or ""] + [f"{f.name}\n{f.value}" for f in embed.fields])


def panel_text(state, seat) -> str:
    embed, _ = R.panel(GAME.view(state, seat), GAME.legal_actions(state, seat), NAMES[: len(state.seats)], None)
    return embed.description or ""


def test_a_bet_shows_balance_and_stake_apart_until_the_round_is_settled():
    # Bea (seat 1) bets 20 of her 1000; Cal (seat 2) has not answered yet
    state = GAME.new_game(Options(rounds=1), [SeatInfo(name=n) for n in NAMES], "stake", first_banker=0)
    GAME.apply(state, 1, "bet:20")
    assert "Cal · 1 000 chips" in table_text(state)
    assert "Bea · 980 chips, 20 at stake" in table_text(state)
    assert table_text(state).count("980 chips, 20 at stake") == 1  # once: no second chips line under the seats
    assert "980 chips, 20 at stake (1 000 in all)" in panel_text(state, 1)
    assert "980 chips" not in panel_text(state, 2) and "1 000 chips" in panel_text(state, 2)


def test_double_down_raises_the_stake_and_settlement_clears_it():
    # Bea doubles 20 → 40 on 2A 6A, takes 12C1 (11); the banker hits 9R on 10 (5C1 7C1) and busts
    state = start([["2A", "6A"]], ["5C1", "7C1"], ["12C1", "9R"], options=Options(rounds=1, double_down=True))
    bea = seat_of(state, 0)
    assert f"{NAMES[bea]} · 980 chips, 20 at stake" in table_text(state)
    act(state, "double")
    assert "960 chips, 40 at stake" in table_text(state)
    assert "960 chips, 40 at stake" in panel_text(state, bea)
    act(state, "hit")
    bank_plays(state)
    assert state.phase == "over" and state.chips[bea] == 1040
    assert "at stake" not in table_text(state)
    assert f"{NAMES[bea]} · 1 040 chips" in table_text(state)


def test_split_hands_put_both_stakes_at_stake():
    state = start([["5C1", "5C2"]], ["2C1", "9R"], ["10A", "3L"], options=Options(rounds=1, split_by_month=True))
    act(state, "split")
    assert "960 chips, 40 at stake" in table_text(state)


def summary_field(events, name: str) -> str:
    embed = next(R.summary(e, NAMES) for e in events if e.type == "round_end")
    return "\n".join(f.value for f in embed.fields if f.name.startswith(name))


def test_the_round_summary_lists_every_chip_that_moved():
    # Cal (seat 2) splits 5C1 5C2: 8 loses, 11 pushes; Bea (seat 1) doubles 30 → 60 and pushes on 11;
    # the banker stands on 11 (2C1 9R + 1L)
    state = start(
        [["5C1", "5C2"], ["2A", "6A"]],
        ["2C1", "9R"],
        ["10A", "3L", "12C1"],
        bets=[20, 30],
        options=Options(rounds=1, split_by_month=True, double_down=True),
    )
    events = act(state, "split", "stand", "stand", "double", "hit") + bank_plays(state)
    assert summary_field(events, "Chips moved").splitlines() == [
        "Cal: **-40** hand 1 stake 20, hand 2 stake 20",
        "Cal: **+20** hand 2: 20 back (push)",
        "Bea: **-60** stake 60 (doubled down)",
        "Bea: **+60** 60 back (push)",
        "Banker (bank): **+20** 20 from lost stakes",
    ]
    assert state.chips == [1020, 1000, 980]
    assert [(x["seat"], x["kind"], x["amount"], x["memo"], x["round"]) for x in GAME.ledger_entries(state)] == [
        (2, "bet", -40, "round 1: hand 1 stake 20, hand 2 stake 20", 1),
        (2, "win", 20, "round 1: hand 2: 20 back (push)", 1),
        (1, "bet", -60, "round 1: stake 60 (doubled down)", 1),
        (1, "win", 60, "round 1: 60 back (push)", 1),
        (0, "bank", 20, "round 1: 20 from lost stakes", 1),
    ]


def test_a_winner_is_paid_by_the_bank_line_by_line():
    state = start([["2A", "6A"]], ["5C1", "7C1"], ["12C1", "9R"], options=Options(rounds=1, double_down=True))
    events = act(state, "double", "hit") + bank_plays(state)
    assert summary_field(events, "Chips moved").splitlines() == [
        "Bea: **-40** stake 40 (doubled down)",
        "Bea: **+80** 40 back + 40 won",
        "Banker (bank): **-40** 40 paid to winning hands",
    ]


def test_the_pictures_read_the_views_and_nothing_of_the_engine():
    """Black Flower's pictures are drawn from what the game shows: of the game they import its views only (and
    the deck's card data), never its rules or state."""
    import ast
    from pathlib import Path

    import bot.render.blackflower.pictures as pictures

    tree = ast.parse(Path(pictures.__file__).read_text(encoding="utf-8"))
    imported = {
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    from_games = {
        name.rsplit(".", 1)[0] if name.count(".") > 1 else name for name in imported if name.startswith("games.")
    }
    assert from_games == {"games.blackflower.views", "games.hanafuda"}
