"""Black Flower: the worked examples of docs/rules/blackflower.md §12 (all of them here; the page shows a few) and
the §13 table of two-card deals."""

import json
import subprocess
import sys

import pytest
from _blackflower_helpers import act, bank_plays, first_hand, nets, seat_of, start

from games.base import GameError
from games.blackflower import GAME, Options
from games.blackflower import hands as H
from games.blackflower.engine import Hand, compare
from games.blackflower.policy import banker_should_hit


def cards(text):
    return text.split()


# ---------------------------------------------------------------- §12 totals

TOTALS = [
    ("9A 9C1", False, [4, 6, 8], 4, 8),
    ("1L 1R 1C1 1C2", False, [5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 20], 5, 13),
    ("12L 12C1 12C2", False, [4, 7, 8, 11, 12, 16], 4, 12),
    ("11L 11A 11R 11C", False, list(range(5, 17)) + [18], 5, 13),
    ("1L 3R 3C1", False, [7, 8, 11, 12, 15], 7, 12),
    ("2C1 2C2 6R", False, [10, 14], 10, 10),
    ("2C1 2C2 6R", True, [14], 14, None),
    ("5C1 7C1 9R", False, [14], 14, None),
    ("2A 4A 5A 6A 6C1", False, [13, 15, 17], 13, 13),
    ("9A 9C1", True, [8], 8, 8),
]


@pytest.mark.parametrize("hand,npa,totals,hard,best", TOTALS)
def test_totals_examples(hand, npa, totals, hard, best):
    c = cards(hand)
    assert H.totals(c, npa) == totals
    assert H.hard(c, npa) == hard
    assert H.standing(c, npa) == best
    assert H.is_bust(c, npa) == (best is None)
    if best is not None:  # the arrangement shown reaches the standing value
        piles = H.arrangement(c, best, npa)
        assert sum(v + len(below) for _, v, below in piles) == best
        assert sorted(x for top, _, below in piles for x in (top, *below)) == sorted(c)


def test_example_8_is_numeric_not_tane():
    out = H.evaluate(cards("2A 4A 5A 6A 6C1"))
    assert out == {
        "cards": cards("2A 4A 5A 6A 6C1"),
        "totals": [13, 15, 17],
        "hard": 13,
        "best": 13,
        "bust": False,
        "special": None,
    }


def test_card_values_and_deck():
    assert H.totals(["1L"]) == [2, 6]
    assert H.totals(["1R"]) == [4] and H.totals(["2A"]) == [3] and H.totals(["1C1"]) == [5]
    assert H.totals(["9A"]) == [3] and H.totals(["11C"]) == [5]  # Sake Cup an Animal, Lightning a Chaff


# ---------------------------------------------------------------- §12 special hands (through the engine)


def test_10_niko_claimed_stands_at_once():
    s = start([cards("3L 8L")], cards("2C1 4R"))
    p = seat_of(s, 0)
    assert GAME.legal_actions(s, p) == ["niko", "playon"]
    act(s, "niko")
    hand = s.hands[p][0]
    assert hand.niko and hand.special == "ni-ko" and hand.status == "stood" and len(hand.cards) == 2


def test_10b_play_on_then_13_is_numeric():
    s = start([cards("3L 8L")], cards("2C1 4R"), ["5C1"])
    p = seat_of(s, 0)
    act(s, "playon", "hit")
    hand = s.hands[p][0]
    assert H.totals(hand.cards) == [9, 13, 17] and hand.status == "open"
    act(s, "stand")
    assert hand.special is None and H.standing(hand.cards) == 13


def test_10c_play_on_third_bright_is_san_ko():
    s = start([cards("3L 8L")], cards("2C1 4R"), cards("5C1 1L"))
    p = seat_of(s, 0)
    act(s, "playon", "hit", "hit")
    hand = s.hands[p][0]
    assert hand.special == "san-ko" and hand.status == "stood" and H.hard(hand.cards) == 11


def test_11_third_bright_over_13_is_san_ko():
    s = start([cards("1L 5C1")], cards("2C1 4R"), cards("3L 9R 8L"))
    act(s, "hit")
    assert H.standing(first_hand(s).cards) == 13
    act(s, "hit")
    assert H.hard(first_hand(s).cards) == 13
    act(s, "hit")
    hand = first_hand(s)
    assert H.hard(hand.cards) == 15 and hand.special == "san-ko" and hand.status == "stood"


def test_12_shi_tan():
    s = start([cards("4R 6R")], cards("2C1 4A"), cards("7R 9R"))
    act(s, "hit")
    assert H.standing(first_hand(s).cards) == 12
    act(s, "hit")
    assert first_hand(s).special == "shi-tan" and first_hand(s).status == "stood"


def test_13_three_ribbons_and_a_chaff_bust():
    s = start([cards("4R 6R")], cards("3C1 4A"), cards("7R 2C1"))
    act(s, "hit", "hit")
    assert first_hand(s).status == "bust" and H.hard(first_hand(s).cards) == 17


def test_14_tane():
    s = start([cards("2A 4A")], cards("3C1 4R"), cards("5A 6A 7A"))
    act(s, "hit", "hit")
    assert H.standing(first_hand(s).cards) == 12
    act(s, "hit")
    assert first_hand(s).special == "tane" and first_hand(s).status == "stood"


def test_calc_reports_two_brights_as_niko_and_longer_lists_as_played_on():
    assert H.evaluate(cards("3L 8L"))["special"] == "ni-ko"
    assert H.evaluate(cards("3L 8L 5C1")) == {
        "cards": cards("3L 8L 5C1"),
        "totals": [9, 13, 17],
        "hard": 9,
        "best": 13,
        "bust": False,
        "special": None,
    }
    assert H.evaluate(cards("3L 8L 5C1 1L"))["special"] == "san-ko"
    assert H.evaluate(cards("4R 6R 7R 9R")) == {
        "cards": cards("4R 6R 7R 9R"),
        "totals": [16],
        "hard": 16,
        "best": None,
        "bust": False,
        "special": "shi-tan",
    }
    assert H.evaluate(cards("2A 4A 5A 6A 7A"))["special"] == "tane"


# ---------------------------------------------------------------- §12 settlement


def final(text, niko=False):
    c = cards(text)
    sp = H.special(c, niko)
    status = "stood" if sp is not None or not H.is_bust(c) else "bust"
    return Hand(cards=c, stake=20, niko=niko, status=status, special=sp)


SETTLEMENT = [
    ("1L 10C1", False, "5C1 2A 4A", False, False, "push"),  # 15
    ("1L 10C1", False, "5C1 2A 4A", False, True, "loss"),  # 15 with banker_advantage
    ("8A 8C1 5R 3C1", False, "9A 9C1 1R", False, False, "win"),  # 16
    ("5C1 7C1 9R", False, "2C1 5R 6C1", False, False, "loss"),  # 17
    ("3L 8L", True, "1L 12L", True, False, "loss"),  # 18
    ("3L 8L", True, "1L 12L 10A", False, False, "win"),  # 18b
    ("4R 6R 7R 9R", False, "3L 2A 11L 8L", False, False, "loss"),  # 19
    ("2A 4A 5A 6A 7A", False, "5C1 7C1 9R", False, False, "win"),  # 20
    ("10A 10C1 5R", False, "2A 4A 5A 6A 7A", False, False, "loss"),  # 21
    ("1R 2R 3R 4R", False, "5R 6R 7R 9R", False, False, "push"),  # 22
    ("1R 2R 3R 4R", False, "5R 6R 7R 9R", False, True, "loss"),  # 22 with banker_advantage (§7)
]


@pytest.mark.parametrize("player,pn,banker,bn,adv,expected", SETTLEMENT)
def test_settlement_table(player, pn, banker, bn, adv, expected):
    assert compare(final(player, pn), final(banker, bn), banker_advantage=adv) == expected


def test_15_push_through_the_engine_and_with_banker_advantage():
    for adv, expected in ((False, 0), (True, -20)):
        s = start([cards("1L 10C1")], cards("5C1 2A"), ["4A"], options=Options(rounds=1, banker_advantage=adv))
        p = seat_of(s, 0)
        act(s, "stand")
        assert s.phase == "banker"
        act(s, "hit", "stand")  # the banker draws 4A: 11
        assert s.phase == "over" and nets(s)[p] == expected and nets(s)[0] == -expected


def test_16_player_13_beats_banker_12():
    s = start([cards("8A 8C1")], cards("9A 9C1"), cards("5R 3C1 1R"))
    p = seat_of(s, 0)
    act(s, "hit", "hit", "stand")
    assert H.standing(s.hands[p][0].cards) == 13
    act(s, "hit", "stand")
    assert nets(s)[p] == 20


def test_17_bust_player_loses_even_if_banker_busts():
    # a second player keeps the banker drawing (§8 would stop a banker facing only bust hands)
    s = start([cards("5C1 7C1"), cards("1C1 2C1")], cards("2C2 5R"), cards("9R 6C1"))
    a, b = seat_of(s, 0), seat_of(s, 1)
    act(s, "hit")  # 5C1 7C1 9R: bust
    assert s.hands[a][0].status == "bust"
    act(s, "stand")  # the other player stands on 10
    act(s, "hit")  # banker 2C2 5R 6C1: bust
    assert s.banker_hand.status == "bust"
    assert nets(s)[a] == -20 and nets(s)[b] == 20 and nets(s)[0] == 0


def test_18_both_niko_banker_wins_and_18b_banker_plays_on():
    s = start([cards("3L 8L")], cards("1L 12L"))
    p = seat_of(s, 0)
    act(s, "niko")
    assert s.phase == "banker_niko" and GAME.to_act(s) == [0]
    act(s, "niko")
    assert nets(s)[p] == -20
    s = start([cards("3L 8L")], cards("1L 12L"), ["10A"])
    act(s, "niko", "playon", "hit", "stand")
    assert H.standing(s.banker_hand.cards) == 11 and s.banker_hand.special is None
    assert nets(s)[seat_of(s, 0)] == 20


def test_19_to_22_through_the_engine():
    s = start([cards("4R 6R")], cards("3L 2A"), cards("7R 9R 11L 8L"))
    act(s, "hit", "hit")  # Shi-Tan
    act(s, "hit", "hit")  # banker: San-Ko
    assert s.banker_hand.special == "san-ko" and nets(s)[seat_of(s, 0)] == -20
    s = start([cards("1R 2R")], cards("5R 6R"), cards("3R 4R 7R 9R"))
    act(s, "hit", "hit", "hit", "hit")
    assert s.banker_hand.special == "shi-tan" and nets(s)[seat_of(s, 0)] == 0


# ---------------------------------------------------------------- §12 split and double down


def test_23_split():
    for opts in (Options(rounds=1, split_by_month=True), Options(rounds=1, split_by_kind=True)):
        s = start([cards("5C1 5C2")], cards("1C1 2C1"), cards("10A 3L"), options=opts)
        p = seat_of(s, 0)
        assert "split" in GAME.legal_actions(s, p)
        act(s, "split")
        assert s.chips[p] == 1000 - 40
        h1, h2 = s.hands[p]
        assert h1.cards == ["5C1", "10A"] and h2.cards == ["5C2"]
        assert "split" not in GAME.legal_actions(s, p) and "double" not in GAME.legal_actions(s, p)
        act(s, "stand")
        assert h2.cards == ["5C2", "3L"] and H.standing(h2.cards) == 11
        act(s, "stand", "stand")  # hand 2 stands on 11; the banker stands on 10
        assert [h.result for h in s.hands[p]] == ["loss", "win"] and nets(s)[p] == 0


def test_split_refused_without_option_or_chips():
    s = start([cards("5C1 5C2")], cards("1C1 2C1"), options=Options(rounds=1))
    p = seat_of(s, 0)
    assert "split" not in GAME.legal_actions(s, p)
    with pytest.raises(GameError, match="not enabled"):
        GAME.apply(s, p, "split")
    s = start(
        [cards("5C1 5C2")],
        cards("1C1 2C1"),
        options=Options(rounds=1, split_by_month=True),
        balances=[1000, 30],
        bets=[20],
    )
    assert "split" not in GAME.legal_actions(s, seat_of(s, 0))  # 10 chips left, a split needs 20
    with pytest.raises(GameError, match="second stake of 20"):
        GAME.apply(s, seat_of(s, 0), "split")


def test_24_double_down_then_banker_busts():
    s = start(
        [cards("2A 6A")], cards("5C1 7C1"), cards("12C1 9R"), bets=[30], options=Options(rounds=1, double_down=True)
    )
    p = seat_of(s, 0)
    act(s, "double")
    assert s.hands[p][0].stake == 60 and GAME.legal_actions(s, p) == ["hit", "stand"]
    act(s, "hit")  # one card, then the hand stands by itself
    assert H.standing(s.hands[p][0].cards) == 11 and s.hands[p][0].status == "stood"
    bank_plays(s)  # the banker (12 → hits) draws 9R: bust
    assert s.banker_hand.status == "bust" and nets(s)[p] == 60


def test_24b_double_down_and_stand_without_a_card():
    s = start([cards("1L 5R")], cards("2C1 6R"), bets=[30], options=Options(rounds=1, double_down=True))
    p = seat_of(s, 0)
    act(s, "double", "stand")
    assert len(s.hands[p][0].cards) == 2
    act(s, "stand")  # banker on 9
    assert nets(s)[p] == 60


def test_25_split_bright_is_numeric():
    s = start([cards("1L 1C1")], cards("2C1 4R"), cards("3L"), options=Options(rounds=1, split_by_month=True))
    p = seat_of(s, 0)
    act(s, "split")
    h1 = s.hands[p][0]
    assert h1.cards == ["1L", "3L"] and s.phase == "play"  # no Ni-Ko choice for a split hand
    assert H.standing(h1.cards) == 12 and h1.special is None and "hit" in GAME.legal_actions(s, p)


def test_25b_split_two_brights_after_playing_on():
    s = start([cards("3L 8L")], cards("11L 10C1"), cards("5R 1L"), options=Options(rounds=1, split_by_kind=True))
    p = seat_of(s, 0)
    assert GAME.legal_actions(s, p) == ["niko", "playon"]
    act(s, "playon")
    assert "split" in GAME.legal_actions(s, p)
    act(s, "split", "stand")
    h1, h2 = s.hands[p]
    assert h1.cards == ["3L", "5R"] and H.standing(h1.cards) == 10
    assert h2.cards == ["8L", "1L"] and s.phase == "play"
    act(s, "stand")
    assert h2.special is None and H.standing(h2.cards) == 12
    act(s, "stand")  # banker 11
    assert [h.result for h in s.hands[p]] == ["loss", "win"] and nets(s)[p] == 0


# ---------------------------------------------------------------- §12 AI banker


@pytest.mark.parametrize(
    "hand,hit", [("2C1 5R", True), ("1L 10C1", True), ("5C1 10A 2A", False), ("12L 12C1 12C2", True)]
)
def test_26_to_29_ai_banker(hand, hit):
    assert banker_should_hit(cards(hand)) is hit


def test_30_no_draw_when_every_player_is_bust():
    s = start([cards("5C1 7C1")], cards("2C1 5R"), cards("9R 1C1"))
    act(s, "hit")
    assert s.phase == "over" and s.banker_hand.cards == ["2C1", "5R"]  # the banker did not draw


def test_30b_ai_banker_claims_niko():
    s = start([cards("5C1 7C1")], cards("11L 12L"), bots=[True, False])
    act(s, "stand")
    assert s.phase == "banker_niko"
    bank_plays(s)
    assert s.banker_hand.niko and s.banker_hand.special == "ni-ko" and len(s.banker_hand.cards) == 2


# ---------------------------------------------------------------- §13 conformance

TABLE_13 = {
    "Bright/Bright": ([12, 8, 4], 20, 13),
    "Bright/Paired Chaff": ([11, 7, 6, 3], 20, 13),
    "Bright/Chaff": ([11, 7], 220, 4),
    "Bright/Paired Ribbon": ([10, 7, 6, 5, 3], 6, 16),
    "Bright/Ribbon": ([10, 6], 94, 6),
    "Chaff/Paired Chaff": ([10, 6], 26, 12),
    "Chaff/Chaff": ([10], 526, 1),
    "Bright/Paired Animal": ([9, 7, 5, 4, 3], 4, 17),
    "Bright/Animal": ([9, 5], 86, 8),
    "Chaff/Paired Ribbon": ([9, 6, 5], 38, 10),
    "Chaff/Ribbon": ([9], 442, 2),
    "Chaff/Paired Animal": ([8, 6, 4], 34, 11),
    "Chaff/Animal": ([8], 398, 3),
    "Ribbon/Ribbon": ([8], 90, 7),
    "Ribbon/Paired Animal": ([7, 5, 4], 16, 15),
    "Ribbon/Animal": ([7], 164, 5),
    "Animal/Animal": ([6], 72, 9),
}
DERIVED_13 = {
    "Pair": (144, 6.38),
    "Bright": (450, 19.95),
    "B and P": (30, 1.33),
    "B and/or P": (564, 25.00),
    "Forced": (1692, 75.00),
}
BY_TOTAL_13 = {
    12: (20, 0.89, 0, 20),
    11: (240, 10.64, 0, 240),
    10: (652, 28.90, 526, 126),
    9: (570, 25.27, 442, 128),
    8: (542, 24.02, 488, 54),
    7: (430, 19.06, 164, 266),
    6: (290, 12.85, 72, 218),
    5: (150, 6.65, 0, 150),
    4: (74, 3.28, 0, 74),
    3: (30, 1.33, 0, 30),
}


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, timeout=120)


def test_13_stats_initial_deals_match_the_table():
    p = run_cli("stats", "blackflower", "--initial-deals", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["deals"] == 2256
    assert set(out["categories"]) == set(TABLE_13)
    for key, (totals, f, rank) in TABLE_13.items():
        c = out["categories"][key]
        assert (c["totals"], c["f"], c["rank"]) == (totals, f, rank), key
        assert c["p"] == pytest.approx(f / 2256, abs=5e-6)
    assert sum(c["f"] for c in out["categories"].values()) == 2256
    for key, (f, pct) in DERIVED_13.items():
        assert out["derived"][key]["f"] == f and out["derived"][key]["percent"] == pytest.approx(pct, abs=0.005)
    for total, (deals, pct, forced, opts) in BY_TOTAL_13.items():
        row = out["by_total"][str(total)]
        assert (row["deals"], row["forced"], row["with_options"]) == (deals, forced, opts)
        assert row["percent"] == pytest.approx(pct, abs=0.005)
    assert set(out["by_total"]) == {str(t) for t in BY_TOTAL_13}


def test_calc_cli():
    p = run_cli("calc", "blackflower", "--cards", "1L 1R 1C1 1C2", "--json")
    assert json.loads(p.stdout) == {
        "cards": ["1L", "1R", "1C1", "1C2"],
        "hard": 5,
        "best": 13,
        "bust": False,
        "totals": [5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 20],
        "special": None,
    }
    p = run_cli("calc", "blackflower", "--cards", "2c1 2c2 6r", "--no-pair-advantage", "--json")
    assert json.loads(p.stdout) == {
        "cards": ["2C1", "2C2", "6R"],
        "totals": [14],
        "hard": 14,
        "best": None,
        "bust": True,
        "special": None,
    }
    p = run_cli("calc", "blackflower", "--cards", "3L 8L", "--json")
    assert json.loads(p.stdout)["special"] == "ni-ko"
    p = run_cli("calc", "blackflower", "--cards", "1L 11C1", "--json")
    assert p.returncode == 2 and "11C1" in p.stderr and p.stdout == ""
    p = run_cli("calc", "blackflower", "--cards", "1L 1C1 1C2 1R 3L 3R", "--json")
    assert p.returncode == 2 and "at most 5" in p.stderr


def test_calc_takes_the_cards_in_order_as_the_engine_does():
    # the first four cards reach hard 14 (5 + 5 + 2 + 2): bust before the third Bright, as in play
    p = run_cli("calc", "blackflower", "--cards", "5C1 6C1 1L 3L 8L", "--json")
    assert json.loads(p.stdout) == {
        "cards": ["5C1", "6C1", "1L", "3L"],
        "totals": [14, 18, 22],
        "hard": 14,
        "best": None,
        "bust": True,
        "special": None,
    }
    p = run_cli("calc", "blackflower", "--cards", "5C1 6C1 1L 3L 8L")
    assert p.stdout.startswith("5C1 6C1 1L 3L 8L: bust after 4 cards (5C1 6C1 1L 3L), never dealt 8L; ")
    assert "San-Ko" not in p.stdout and "san-ko" not in p.stdout
    s = start([cards("5C1 6C1")], cards("2C1 4R"), cards("1L 3L 8L"))  # the engine, dealt the same cards
    act(s, "hit", "hit")
    assert first_hand(s).status == "bust" and first_hand(s).cards == cards("5C1 6C1 1L 3L")
    # a hand that is San-Ko at its third card stands there
    assert H.evaluate(cards("1L 3L 8L 9C1"))["cards"] == cards("1L 3L 8L")


def test_simulate_cli():
    p = run_cli("simulate", "blackflower", "--players", "4", "--games", "20", "--seed", "5", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["games"] == 20 and out["errors"] == 0 and out["zero_sum"] is True and out["rounds"] == 80
    p = run_cli("simulate", "blackflower", "--players", "11", "--games", "1", "--json")
    assert p.returncode == 2 and "2 to 10" in p.stderr
