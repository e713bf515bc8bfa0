"""Black Christmas Poker: hand values and tenpai (docs/rules/bcpoker.md §14), and the calc CLI."""

import json
import subprocess
import sys

import pytest

from games.base import GameError
from games.bcpoker.cards import CODES, make_deck, parse_codes
from games.bcpoker.hands import PATTERNS, evaluate, waits

# (#, hand, decks, counted, value) — docs/rules/bcpoker.md §14
HANDS = [
    (1, "R1 R2 R3 G4 G5 G6 R5 K5", 1, ["H01"], 100),
    (2, "R1 G1 K1 R2 G2 K2 R6 G6", 1, ["H02"], 100),
    (3, "R1 R2 R3 G5 G6 G7 R4 K4", 1, ["H03"], 200),
    (4, "R1 R2 R3 G1 G2 G3 R7 G7", 1, ["H04"], 200),
    (5, "R1 G1 K1 R2 G2 K2 R3 G3", 1, ["H05"], 200),
    (6, "R1 R2 R3 G4 G5 G6 R7 K7", 1, ["H06"], 400),
    (7, "R1 R1 G1 G1 R7 R7 G7 G7", 1, ["H07"], 400),
    (8, "R1 R2 R3 R2 R3 R4 R6 R6", 1, ["H08"], 400),
    (9, "R1 R2 R3 R1 R2 R3 G5 K5", 1, ["H09"], 500),
    (10, "R1 R1 G1 G1 K1 R7 G7 K7", 1, ["H10"], 500),
    (11, "R1 R1 G1 G1 K1 KX R6 G6", 1, ["H11"], 600),
    (12, "K1 K2 K3 K4 K5 K6 K7 KX", 1, ["H08", "H12"], 1000),
    (13, "R3 R3 R3 R3 G3 G3 G3 G3", 2, ["H13"], 800),
    (14, "R7 R7 R7 G7 G7 K7 K7 KX", 2, ["H13", "S06"], 1500),
    (15, "R2 G2 R4 G4 R5 G5 K6 R6", 1, ["S01"], 300),
    (16, "R1 G1 K1 R4 G4 K4 R7 G7", 1, ["S02"], 300),
    (17, "R2 G2 K2 R7 G7 K7 R3 G3", 1, ["S03"], 300),
    (18, "R2 G2 K2 R3 G3 K3 R7 G7", 1, ["S03"], 300),
    (19, "R3 G3 K3 R6 G6 K6 R1 G1", 1, ["S04"], 300),
    (20, "R1 G1 R2 R2 G2 G2 K4 K5", 1, ["S05"], 700),
    (21, "R1 R2 R3 G3 G4 G5 K7 R7", 1, [], 0),
    (22, "R1 G1 K1 R3 G3 K3 R5 G5", 1, [], 0),
    (23, "R5 G5 K5 R5 G5 R1 R2 R3", 2, [], 0),
    (24, "KX K2 K3 R4 R5 R6 G7 R7", 1, ["H06"], 400),
    (25, "R2 R3 R4 K5 K6 KX G1 R1", 1, ["H06"], 400),
    (26, "R1 R1 G1 G1 K1 KX R7 G7", 1, ["H11"], 600),
    (27, "G1 K1 K2 K3 K4 K5 K6 K7", 1, ["H06"], 400),
    (28, "R4 R4 G4 G4 K4 R5 G5 K5", 1, ["H10"], 500),
    (29, "R2 G2 R4 R5 R6 G4 G5 G6", 1, ["S01"], 300),
    (30, "R2 R2 R4 R4 R5 R5 R6 R6", 1, ["H09"], 500),
    (31, "R1 R1 R2 R2 R3 R3 R4 R4", 1, ["H09"], 500),
    (32, "R1 R2 R3 R4 R5 R6 R7 R7", 1, ["H06"], 400),
    (33, "R1 R2 R3 R4 R4 R5 R6 R7", 1, ["H08"], 400),
    (34, "R2 R2 R2 R3 R3 R3 R7 R7", 2, ["H08"], 400),
    (35, "R2 G2 R2 G2 R3 G3 R3 G3", 1, ["H07"], 400),
    (36, "K1 K1 K2 K2 K3 K3 K4 K4", 2, ["H08", "H12"], 1000),
    (37, "K1 K1 K2 K3 K3 K4 K5 K6", 2, [], 0),
]

# patterns that are "also met" in the counting reading, per §14 (a selection)
ALSO_MET = {
    5: {"H02"},
    6: {"H01"},
    9: {"H04"},
    12: {"H06", "H01"},
    24: {"H01"},
    30: {"H08", "H04"},
    31: {"H08", "H04"},
    32: {"H08", "H01"},
    33: {"H03"},
    34: {"S03", "H02"},
    36: {"H09", "H04"},
}


@pytest.mark.parametrize("number, hand, decks, counted, value", HANDS, ids=[f"ex{h[0]}" for h in HANDS])
def test_hand_values(number, hand, decks, counted, value):
    hv = evaluate(parse_codes(hand), decks)
    assert hv.value == value
    assert list(hv.counted) == counted
    assert hv.winning == (value > 0)
    if number in ALSO_MET:
        assert ALSO_MET[number] <= set(hv.met)


def test_kx_choices():
    assert evaluate(parse_codes("R1 R1 G1 G1 K1 KX R6 G6")).kx == (1,)  # ex 11
    assert evaluate(parse_codes("R2 R3 R4 K5 K6 KX G1 R1")).kx == (7,)  # ex 25
    assert evaluate(parse_codes("R7 R7 R7 G7 G7 K7 K7 KX"), 2).kx == (7,)  # ex 14
    # two KX are valued independently (§13): R234 + K5 K6 KX(=7) + G1 KX(=1) is H06
    hv = evaluate(parse_codes("KX KX K5 K6 R2 R3 R4 G1"), 2)
    assert hv.value == 400 and hv.counted == ("H06",) and sorted(hv.kx) == [1, 7]


def test_options_special_and_decks():
    assert evaluate(parse_codes("R2 G2 R4 G4 R5 G5 K6 R6"), special=False).value == 0
    assert evaluate(parse_codes("R2 G2 R4 R5 R6 G4 G5 G6"), special=False).counted == ("H04",)
    assert evaluate(parse_codes("R3 R3 R3 R3 G3 G3 G3 G3"), 1).value == 0  # H13 only with two decks


def test_pattern_table_is_complete():
    assert [p.id for p in PATTERNS] == [f"H{i:02d}" for i in range(1, 14)] + [f"S{i:02d}" for i in range(1, 7)]
    assert len(make_deck(1)) == 36 and len(make_deck(2)) == 72 and len(CODES) == 22


# §14 (one deck): 7 cards → {winning code: value}
TENPAI = [
    ("R1 R2 R3 G4 G5 G6 R7", {"R7": 400, "G7": 400, "K7": 400, "KX": 400}),
    ("R1 R2 R3 G4 G5 G6 K7", {"R7": 400, "G7": 400, "KX": 400}),
    ("R1 R2 R3 G4 G5 G6 R5", {"R5": 100, "G5": 100, "K5": 100}),
    ("K1 K2 K3 K4 K5 K6 K7", {"KX": 1000, "R1": 400, "G1": 400, "R7": 400, "G7": 400, "R4": 200, "G4": 200}),
    ("R2 G2 R4 G4 R5 G5 R6", {"R6": 300, "G6": 300, "K6": 300}),
    ("R1 R2 R3 G3 G4 G5 K7", {}),
]


@pytest.mark.parametrize("hand, expected", TENPAI)
def test_tenpai(hand, expected):
    assert {c: hv.value for c, hv in waits(parse_codes(hand)).items()} == expected


def test_parse_codes_errors():
    assert parse_codes("r1, g2;kx") == ["R1", "G2", "KX"]
    with pytest.raises(GameError, match="R8"):
        parse_codes("R1 R8")


def run(*args):
    return subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, text=True, timeout=60)


def test_calc_cli():
    p = run("calc", "bcpoker", "--hand", "K1 K2 K3 K4 K5 K6 K7 KX", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {
        "winning": True,
        "value": 1000,
        "patterns": [{"id": "H08", "points": 400}, {"id": "H12", "points": 600}],
        "kx": [1],
    }
    p = run("calc", "bcpoker", "--hand", "R7 R7 R7 G7 G7 K7 K7 KX", "--decks", "2", "--json")
    assert json.loads(p.stdout) == {
        "winning": True,
        "value": 1500,
        "patterns": [{"id": "H13", "points": 800}, {"id": "S06", "points": 700}],
        "kx": [7],
    }
    p = run("calc", "bcpoker", "--hand", "R1 R2 R3 G3 G4 G5 K7 R7", "--json")
    assert json.loads(p.stdout) == {"winning": False, "value": 0, "patterns": [], "kx": []}
    p = run("calc", "bcpoker", "--hand", "R1 R2 R3 G4 G5 G6 R7 K7")
    assert p.returncode == 0 and "Full ladder" in p.stdout and "400" in p.stdout


def test_calc_cli_errors():
    p = run("calc", "bcpoker", "--hand", "R1 R2 R3", "--json")
    assert p.returncode == 2 and "8 cards" in p.stderr
    p = run("calc", "bcpoker", "--hand", "K1 K1 R2 R2 R3 R3 R4 R4", "--json")
    assert p.returncode == 2 and "K1" in p.stderr
    p = run("calc", "bcpoker", "--hand", "R1 R2 R3 R9 R4 R4 R5 R6", "--json")
    assert p.returncode == 2 and "R9" in p.stderr


def test_verify_cli():
    from games.bcpoker import GAME

    state = GAME.new_game(None, ["a", "b", "c"], "verify-me")
    p = run(
        "verify",
        "bcpoker",
        "--seed",
        state.round_seed,
        "--hash",
        state.round_hash,
        "--players",
        "3",
        "--lead",
        str(state.lead + 1),
        "--json",
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert [out["hands"][str(s + 1)] for s in range(3)] == state.hands and out["stock"] == state.deck
    p = run("verify", "bcpoker", "--seed", state.round_seed, "--hash", "00" * 32)
    assert p.returncode == 1 and "mismatch" in p.stderr
