"""Koi-Koi yaku (docs/rules/koikoi.md §6) and hand combos (§5): worked examples 1-17 and 27-30, numbered here
(the page's §13 shows a few of them)."""

import pytest

from games.koikoi import Options
from games.koikoi.yaku import evaluate, hand_combo

DEFAULT = Options()
VIEWING = Options(viewing_yaku=True)
NO_DOUBLE = Options(double_over_7=False)


def ev(codes, options=DEFAULT):
    return evaluate(set(codes.split()), options)


def value(b, options=DEFAULT):
    return b * 2 if options.double_over_7 and b >= 7 else b


@pytest.mark.parametrize(
    "n, captures, options, yaku, b, v, sake",
    [
        (1, "1L 3L 12L", DEFAULT, [("sanko", 6)], 6, 6, None),
        (2, "1L 3L 11L", DEFAULT, [], 0, 0, None),
        (3, "1L 3L 8L 11L", DEFAULT, [("ame_shiko", 7)], 7, 14, None),
        (4, "1L 3L 8L 12L", DEFAULT, [("shiko", 8)], 8, 16, None),
        (4, "1L 3L 8L 12L", NO_DOUBLE, [("shiko", 8)], 8, 8, None),
        (5, "1L 3L 8L 11L 12L", DEFAULT, [("goko", 10)], 10, 20, None),
        (6, "9A 2A 4A 8A 1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1", DEFAULT, [("kasu", 1)], 1, 1, "C"),
        (7, "9A 2A 4A 5A 8A 1C1", DEFAULT, [("tane", 1)], 1, 1, "A"),
        (8, "9A 2A 4A 5A 8A 1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1", DEFAULT, [("tane", 1)], 1, 1, "A"),
        (9, "6A 7A 10A 2A 4A", DEFAULT, [("inoshikacho", 5), ("tane", 1)], 6, 6, None),
        (10, "6A 7A 10A 2A 4A 9A", DEFAULT, [("inoshikacho", 5), ("tane", 2)], 7, 14, "A"),
        (11, "1R 2R 3R 4R 5R", DEFAULT, [("akatan", 6), ("tan", 1)], 7, 14, None),
        (12, "1R 2R 3R 6R 9R 10R", DEFAULT, [("akatan", 6), ("aotan", 6), ("tan", 2)], 14, 28, None),
        (13, "1R 2R 3R 4R 5R 6R 7R 9R 10R 11R", DEFAULT, [("akatan", 6), ("aotan", 6), ("tan", 6)], 18, 36, None),
        (14, "1L 3L 8L 1R 2R 3R", DEFAULT, [("sanko", 6), ("akatan", 6)], 12, 24, None),
        (15, "1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1 5C2 6C1 6C2", DEFAULT, [("kasu", 3)], 3, 3, None),
        (16, "3L 8L 9A", VIEWING, [("hanami_zake", 5), ("tsukimi_zake", 5)], 10, 20, "A"),
        (16, "3L 8L 9A", DEFAULT, [], 0, 0, "A"),
        (17, "3L 8L 9A 2A 4A 5A 8A", VIEWING, [("tane", 1), ("hanami_zake", 5), ("tsukimi_zake", 5)], 11, 22, "A"),
    ],
)
def test_worked_examples(n, captures, options, yaku, b, v, sake):
    got_b, got_yaku, got_sake = ev(captures, options)
    assert got_b == b, n
    assert got_yaku == yaku, n
    assert value(got_b, options) == v, n
    assert got_sake == sake, n


def test_example_8_never_both():
    b, yaku, sake = ev("9A 2A 4A 5A 8A 1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1")
    assert dict(yaku) == {"tane": 1} and b == 1 and sake == "A"


def test_bright_exclusion_and_rain_man():
    assert ev("1L 3L 8L 12L 11L")[1] == [("goko", 10)]
    assert ev("1L 3L 11L")[0] == 0
    assert ev("1L 3L 11L 12L")[1] == [("ame_shiko", 7)]  # edge case 12
    assert ev("1L 3L 8L")[1] == [("sanko", 6)]


def test_counting_thresholds():
    assert ev("2A 4A 5A 6A")[0] == 0
    assert ev("2A 4A 5A 8A 11A 6A")[1] == [("tane", 2)]
    assert ev("1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1")[0] == 0
    assert ev("1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1 11C")[1] == [("kasu", 1)]
    assert ev("1R 4R 5R 7R")[0] == 0


def test_sake_cup_none_without_9a():
    assert ev("1L")[2] is None
    assert ev("9A")[2] == "A"


def test_accepts_list_and_dict_options():
    assert evaluate(["3L", "9A"], {"viewing_yaku": True})[0] == 5
    assert evaluate(["3L", "9A"], None)[0] == 0


# hand combos (§5): examples 27-30
def test_hand_combos():
    assert hand_combo("12L 12C1 12C2 12C3 1L 2A 3R 4C1".split(), 2) == "teshi"  # 27
    assert hand_combo("1L 1C1 2A 2R 5C1 5C2 9A 9C1".split(), 2) == "kuttsuki"  # 28
    assert hand_combo("1L 1C1 2A 2R 5C1 5C2 9A 11C".split(), 2) is None  # 29
    assert hand_combo("4A 4R 4C1 4C2 1L 2A 3R".split(), 3) == "teshi"  # 30
    # kuttsuki is 2p only
    assert hand_combo("1L 1C1 2A 2R 5C1 5C2 9A 9C1".split(), 3) is None
    # toppa: 4 pairs + 2 singles, or 5 pairs
    assert hand_combo("1L 1C1 2A 2R 5C1 5C2 9A 9C1 10A 11A".split(), 2) == "kuttsuki"
    assert hand_combo("1L 1C1 2A 2R 5C1 5C2 9A 9C1 10A 10R".split(), 2) == "kuttsuki"
    # a triple spoils kuttsuki
    assert hand_combo("1L 1C1 1C2 2A 2R 5C1 5C2 9A 9C1 10A".split(), 2) is None
