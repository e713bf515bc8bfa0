"""docs/rules/hanafuda-deck.md §2-§4: card table, codes, parsing, shuffle."""

import pytest

from games import hanafuda as h
from games.base import GameError


def test_deck_size_and_order():
    assert len(h.DECK) == 48 == len(set(h.DECK))
    assert h.DECK[0] == "1L" and h.DECK[47] == "12C3"
    for i, c in enumerate(h.CARDS):
        assert c.index == i and h.ORDER[c.code] == i
    # by month, then L A R C1 C2 C3
    kind_rank = {"L": 0, "A": 1, "R": 2, "C": 3}
    keys = [(c.month, kind_rank[c.kind], c.code) for c in h.CARDS]
    assert [k[:2] for k in keys] == sorted(k[:2] for k in keys)
    for m in range(1, 13):
        assert sum(1 for c in h.CARDS if c.month == m) == 4


def test_checks_for_tests():
    by_kind = {k: [c.code for c in h.CARDS if c.kind == k] for k in "LARC"}
    assert by_kind["L"] == ["1L", "3L", "8L", "11L", "12L"]
    assert by_kind["A"] == ["2A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
    assert len(by_kind["R"]) == 10
    assert [c.code for c in h.CARDS if c.ribbon == "poetry"] == ["1R", "2R", "3R"]
    assert [c.code for c in h.CARDS if c.ribbon == "blue"] == ["6R", "9R", "10R"]
    assert [c.code for c in h.CARDS if c.ribbon == "plain"] == ["4R", "5R", "7R", "11R"]
    assert all(c.ribbon is None for c in h.CARDS if c.kind != "R")
    assert len(by_kind["C"]) == 24
    assert sum(c.points for c in h.CARDS) == 264
    assert {c.code: c.flag for c in h.CARDS if c.flag} == {"9A": "sake_cup", "11L": "rain_man", "11C": "lightning"}
    assert [c.points for c in h.CARDS if c.kind == "L"] == [20] * 5
    assert h.card("1L").name == "Crane" and h.card("11C").name == "Lightning"
    assert h.card("12C3").name == "Paulownia chaff 3"


def test_code_grammar():
    for c in h.DECK:
        assert h.CODE_RE.match(c)
    assert "11C" in h.DECK and "11C1" not in h.DECK


def test_months_and_emoji():
    assert h.MONTH_NAMES[1] == "Pine" and h.MONTH_NAMES[12] == "Paulownia"
    assert set(h.MONTH_EMOJI) == set(range(1, 13))


def test_parse():
    assert h.parse_code("9a") == "9A"
    assert h.parse_code(" 12c3 ") == "12C3"
    assert h.parse_codes("1l, 3L  12l,8L\n9a") == ["1L", "3L", "12L", "8L", "9A"]
    assert h.parse_codes("") == []


@pytest.mark.parametrize("bad", ["11C1", "13L", "0L", "1X", "01L", "1C3", "2L", "12C4", "L1", "1"])
def test_parse_errors_name_the_code(bad):
    with pytest.raises(GameError) as e:
        h.parse_codes(f"1L {bad} 3L")
    msg = str(e.value)
    assert bad in msg and "\n" not in msg


def test_parse_duplicate():
    with pytest.raises(GameError, match="1L"):
        h.parse_codes("1L 1l")
