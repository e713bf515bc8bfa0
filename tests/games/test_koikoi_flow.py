"""Koi-Koi flow: worked examples 1-5 and 18-34, numbered here (docs/rules/koikoi.md §13 shows a few), deal/redeal,
turn rules."""

import hashlib

import pytest
from _koikoi_helpers import GAME, arrange, deck_for, first, game, play, types

from games.base import GameError
from games.fishing import FlipChoice
from games.hanafuda import DECK
from games.koikoi import Options
from games.koikoi.engine import opening_events
from games.koikoi.rounds import deal
from games.koikoi.views import SeatView
from tests.games._events_helpers import refusals


def round_end(events):
    return first(events, "round_end").fields()


# --------------------------------------------------------------------------- deal


@pytest.mark.parametrize(
    "variant, roles, expected",
    [
        ("2p", [0, 1], {1: [(0, 4), (12, 16)], 0: [(4, 8), (16, 20)], "table": [(8, 12), (20, 24)], "pile": (24, 48)}),
        (
            "2p_toppa",
            [0, 1],
            {1: [(0, 5), (14, 19)], 0: [(5, 10), (19, 24)], "table": [(10, 14), (24, 28)], "pile": (28, 48)},
        ),
        (
            "3p",
            [0, 1, 2],
            {
                1: [(0, 3), (12, 16)],
                2: [(3, 6), (16, 20)],
                0: [(6, 9), (20, 24)],
                "table": [(9, 12), (24, 27)],
                "pile": (27, 48),
            },
        ),
        (
            "4p",
            [0, 1, 2, 3],
            {
                1: [(0, 2), (12, 15)],
                2: [(2, 4), (15, 18)],
                3: [(4, 6), (18, 21)],
                0: [(6, 8), (21, 24)],
                "table": [(8, 12), (24, 28)],
                "pile": (28, 48),
            },
        ),
    ],
)
def test_deal_slices(variant, roles, expected):
    deck = list(range(48))
    hands, table, pile = deal(deck, variant, roles)
    for pos, slices in expected.items():
        if pos == "pile":
            assert pile == deck[slices[0] : slices[1]]
        elif pos == "table":
            assert table == [x for a, b in slices for x in deck[a:b]]
        else:
            assert hands[roles[pos]] == [x for a, b in slices for x in deck[a:b]]


def test_deal_follows_the_oya_not_the_seat():
    hands, _, _ = deal(list(range(48)), "2p", [1, 0])  # seat 1 is the Oya
    assert hands[0] == [0, 1, 2, 3, 12, 13, 14, 15]  # the Ko is served first


# --------------------------------------------------------------------------- examples 1, 3-5 (2p stop)


@pytest.mark.parametrize(
    "pre, hand_card, table_card, options, pay",
    [
        (["1L", "3L"], "12L", "12C1", {}, 6),  # 1
        (["1L", "3L", "8L"], "11L", "11C", {}, 14),  # 3
        (["1L", "3L", "8L"], "12L", "12C1", {}, 16),  # 4
        (["1L", "3L", "8L"], "12L", "12C1", {"double_over_7": False}, 8),  # 4, option off
        (["1L", "3L", "8L", "11L"], "12L", "12C1", {}, 20),  # 5
    ],
)
def test_2p_ko_stops(pre, hand_card, table_card, options, pay):
    s = game(2, **options)
    arrange(s, {0: ["2C1", "4C1"], 1: [hand_card, "5C1"]}, [table_card, "9C1"], ["7C1"], {1: pre}, turn=1)
    ev = play(s, 1, f"play:{hand_card}")
    assert first(ev, "yaku").forced_stop is False
    ev = play(s, 1, "stop")
    r = round_end(ev)
    assert r["payments"] == [-pay, pay]
    assert r["transfers"] == [{"from": 0, "to": 1, "amount": pay}]
    assert r["winner"] == 1 and r["next_oya"] == 1 and r["kind"] == "stop"


def test_example_2_rain_man_no_event():
    s = game(2)
    arrange(s, {0: ["2C1", "4C1"], 1: ["11L", "5C1"]}, ["11C", "9C1"], ["7C1"], {1: ["1L", "3L"]}, turn=1)
    ev = play(s, 1, "play:11L")
    assert "yaku" not in types(ev)
    assert s.turn == 0 and s.phase == "play"


# --------------------------------------------------------------------------- 18, 19: Oya calls, Ko stops


@pytest.mark.parametrize("ko_pre, pay", [(["1L", "3L"], 12), (["1L", "3L", "8L"], 32)])
def test_examples_18_19(ko_pre, pay):
    s = game(2)
    arrange(
        s,
        {0: ["10A", "2C1", "4C1"], 1: ["12L", "5C1", "8C1"]},
        ["10C1", "12C1", "9C1"],
        ["3C1", "7C1"],
        {0: ["6A", "7A"], 1: ko_pre},
    )
    ev = play(s, 0, "play:10A")
    y = first(ev, "yaku").fields()
    assert y["points"] == 5 and y["yaku"][0]["id"] == "inoshikacho" and not y["forced_stop"]
    assert GAME.legal_actions(s, 0) == ["koikoi", "stop"]
    ev = play(s, 0, "koikoi")
    assert first(ev, "koikoi").points == 5
    assert s.sides[0].reference == 5 and s.turn == 1
    ev = play(s, 1, "play:12L", "stop")
    r = round_end(ev)
    assert r["factor"] == 2
    assert r["payments"] == [-pay, pay]


# --------------------------------------------------------------------------- 20: raise after a call


def test_example_20_raise():
    s = game(2)
    arrange(
        s,
        {0: ["5R", "1C1", "7R", "6A"], 1: ["8C1", "10C2", "11A"]},
        ["5C1", "1C2", "7C1", "9C1"],
        ["3C1", "4C1", "2C1", "12C1", "2C2"],
        {0: ["1R", "2R", "3R", "4R"]},
    )
    ev = play(s, 0, "play:5R")
    assert first(ev, "yaku").points == 7
    play(s, 0, "koikoi")
    assert s.sides[0].reference == 7
    play(s, 1, "play:8C1")
    ev = play(s, 0, "play:1C1")  # B stays 7: no event
    assert "yaku" not in types(ev) and s.sides[0].points == 7 and s.turn == 1
    play(s, 1, "play:10C2")
    ev = play(s, 0, "play:7R")
    y = first(ev, "yaku").fields()
    assert y["points"] == 8 and {d["id"]: d["points"] for d in y["yaku"]} == {"akatan": 6, "tan": 2}
    r = round_end(play(s, 0, "stop"))
    assert r["base"] == 8 and r["value"] == 16 and r["factor"] == 1
    assert r["payments"] == [16, -16]


# --------------------------------------------------------------------------- 3p: 21-24


def test_example_21_3p_no_calls():
    s = game(3)
    arrange(
        s,
        {0: ["2C1", "4C1"], 1: ["5C2", "6C1"], 2: ["12L", "5C1"]},
        ["12C1", "9C1"],
        ["7C1"],
        {2: ["1L", "3L"]},
        turn=2,
    )
    r = round_end(play(s, 2, "play:12L", "stop"))
    assert r["payments"] == [-6, -6, 12]


def both_may_call():
    """Three players, each a play from a yaku: the Oya's 10A (Ino-Shika-Cho, taking 10C1 or 10C2), Naka's 10R (blue
    ribbons) and Biki's 5R (five ribbons)."""
    s = game(3)
    arrange(
        s,
        {0: ["10A", "2C1", "3C1"], 1: ["10R", "8C1", "4C1"], 2: ["5R", "12C2", "11C"]},
        ["10C2", "10C1", "5C1"],
        ["12C1", "4C2", "9C1"],
        {0: ["6A", "7A"], 1: ["6R", "7R", "9R", "11R"], 2: ["1R", "2R", "3R", "4R"]},
    )
    return s


def test_example_22_3p_last_caller_pays():
    s = both_may_call()
    legal = GAME.legal_actions(s, 0)
    assert "play:10A:10C1" in legal and "play:10A:10C2" in legal and "play:10A" not in legal
    play(s, 0, "play:10A:10C2", "koikoi")
    play(s, 1, "play:10R", "koikoi")
    assert [(c.seat, c.order) for c in s.calls] == [(0, 1), (1, 2)]
    ev = play(s, 2, "play:5R")
    y = first(ev, "yaku").fields()
    assert y["forced_stop"] is True and y["points"] == 7
    assert "stop" in types(ev)
    r = round_end(ev)
    assert r["value"] == 14
    assert r["payments"] == [0, -28, 28]
    assert r["transfers"] == [{"from": 1, "to": 2, "amount": 28}]
    assert r["next_oya"] == 2


def test_example_23_3p_most_recent_caller_pays():
    s = game(3)
    arrange(
        s,
        {1: ["10A", "8C1", "4C1"], 2: ["2C1", "12L", "5C2"], 0: ["10R", "3C1", "11A"]},
        ["10C1", "10C2", "12C1"],
        ["7C1", "4C2", "9C1", "5C1", "11C"],
        {1: ["6A", "7A"], 0: ["6R", "9R"], 2: ["1L", "3L"]},
        turn=1,
    )
    play(s, 1, "play:10A:10C1", "koikoi")
    ev = play(s, 2, "play:2C1")
    assert "yaku" not in types(ev)
    play(s, 0, "play:10R", "koikoi")
    play(s, 1, "play:8C1")
    ev = play(s, 2, "play:12L")
    assert first(ev, "yaku").forced_stop is True
    r = round_end(ev)
    assert r["payments"] == [-12, 0, 12]


def test_example_24_3p_own_call_no_doubling():
    s = game(3)
    arrange(
        s,
        {0: ["7R", "9R", "3C1"], 1: ["8C1", "11A", "12C2"], 2: ["4C1", "6C1", "2C1"]},
        ["7C1", "9C1", "10C1"],
        ["3C2", "5C1", "6C2", "11C"],
        {0: ["1R", "2R", "4R", "5R"]},
    )
    ev = play(s, 0, "play:7R")
    assert first(ev, "yaku").points == 1
    play(s, 0, "koikoi")
    play(s, 1, "play:8C1")
    play(s, 2, "play:4C1")
    ev = play(s, 0, "play:9R")
    assert first(ev, "yaku").points == 2
    r = round_end(play(s, 0, "stop"))
    assert r["payments"] == [4, -2, -2]


def test_edge_14_3p_one_opponent_called_may_still_koikoi():
    s = both_may_call()
    play(s, 0, "play:10A:10C2", "koikoi")
    play(s, 1, "play:10R", "stop")  # Naka stops: the Oya (a caller) pays 2V
    r = s.last_round
    assert r["payments"] == [-28, 28, 0]


# --------------------------------------------------------------------------- 4p: 25, 26


def test_example_25_4p_teams():
    s = game(4)
    assert [sd.seats for sd in s.sides] == [[0, 2], [1, 3]]
    arrange(
        s,
        {1: ["3R", "9C1"], 2: ["11A", "7C1"], 3: ["4C1", "5C1"], 0: ["10C1", "9A"]},
        ["3C1", "12C2"],
        ["6C1", "12L"],
        {1: ["1R", "2R"], 0: ["1L", "8L", "2A", "4A", "5A", "6A", "8A"]},
        turn=1,
    )
    play(s, 1, "play:3R", "koikoi")
    assert s.sides[1].called
    ev = play(s, 2, "play:11A")
    f = first(ev, "flip").fields()
    assert f["card"] == "12L" and f["captured"] == ["12C2"]
    y = first(ev, "yaku").fields()
    assert y["player"] == 2 and y["side"] == 0 and y["points"] == 7
    r = round_end(play(s, 2, "stop"))
    assert r["value"] == 14 and r["factor"] == 2
    assert r["payments"] == [28, -28, 28, -28]
    assert sorted((t["from"], t["to"], t["amount"]) for t in r["transfers"]) == [(1, 2, 28), (3, 0, 28)]
    assert r["next_oya"] == 2


def test_example_26_4p_no_calls():
    s = game(4)
    arrange(
        s,
        {3: ["10A", "4C1"], 0: ["2C2", "3C1"], 1: ["5C1", "5C2"], 2: ["8C1", "9C1"]},
        ["10C1"],
        ["2C1"],
        {1: ["6A", "7A"]},
        turn=3,
    )
    r = round_end(play(s, 3, "play:10A", "stop"))
    assert r["payments"] == [-5, 5, -5, 5]
    assert sorted((t["from"], t["to"], t["amount"]) for t in r["transfers"]) == [(0, 1, 5), (2, 3, 5)]
    assert r["next_oya"] == 3


def test_4p_partner_decides_and_team_forced_stop():
    s = game(4)
    # Dou-san (2) plays its last card; partner Oya (0) has no card left either -> forced stop
    arrange(s, {2: ["10A"], 3: ["4C1"], 0: [], 1: []}, ["10C1"], ["2C1"], {0: ["6A", "7A"]}, turn=2)
    ev = play(s, 2, "play:10A")
    assert first(ev, "yaku").forced_stop is True
    assert round_end(ev)["payments"] == [5, -5, 5, -5]


def test_4p_not_forced_while_partner_has_a_turn():
    s = game(4)
    arrange(s, {1: ["10A"], 2: ["4C1"], 3: ["3C1"], 0: []}, ["10C1"], ["2C1"], {1: ["6A", "7A"]}, turn=1)
    ev = play(s, 1, "play:10A")
    assert first(ev, "yaku").forced_stop is False
    assert GAME.legal_actions(s, 1) == ["koikoi", "stop"]


# --------------------------------------------------------------------------- hand combos 27-30, redeal 31


QUIET_FIELD = ["1R", "2C1", "3C1", "4R", "5R", "6R", "7R", "8L"]  # a field dealt with no hand combination


def oya_dealt(hand: list[str]) -> list[str]:
    """A two-player deck dealing ``hand`` to the Oya (seat 0), a hand with no combination to seat 1, and
    QUIET_FIELD to the field."""
    return deck_for("2p", [0, 1], {0: hand, 1: ["3L", "4A", "6A", "7A", "8A", "10A", "11A", "12L"]}, QUIET_FIELD)


def test_example_27_teshi_2p():
    deck = deck_for(
        "2p",
        [0, 1],
        {
            1: ["12L", "12C1", "12C2", "12C3", "1L", "2A", "3R", "4C1"],
            0: ["5A", "6A", "7A", "8A", "9A", "10A", "11A", "2R"],
        },
        QUIET_FIELD,
    )
    s = game(2, decks=[deck], months=2)
    ev = opening_events(s)
    hc = first(ev, "hand_combo").fields()
    assert hc["player"] == 1 and hc["combo"] == "teshi" and "12L" in hc["hand"]
    r = round_end(ev)
    assert r["kind"] == "hand_combo" and r["base"] == 6 and r["value"] == 6
    assert r["payments"] == [-6, 6]
    assert r["next_oya"] == 1 and r["month"] == 1
    starts = [e.fields() for e in ev if e.type == "round_start"]
    assert starts[1]["oya"] == 1 and starts[1]["month"] == 2


def test_example_28_kuttsuki():
    deck = oya_dealt(["1L", "1C1", "2A", "2R", "5C1", "5C2", "9A", "9C1"])
    s = game(2, decks=[deck], months=1)
    ev = opening_events(s)
    assert first(ev, "hand_combo").combo == "kuttsuki"
    assert round_end(ev)["payments"] == [6, -6]
    assert GAME.is_over(s) and GAME.result(s).scores == [6, -6]


def test_example_29_not_kuttsuki():
    deck = oya_dealt(["1L", "1C1", "2A", "2R", "5C1", "5C2", "9A", "11C"])
    s = game(2, decks=[deck])
    assert "hand_combo" not in types(opening_events(s))
    assert s.phase == "play" and s.turn == 0 and s.months_done == 0
    assert GAME.to_act(s) == [0]


def test_example_30_teshi_3p():
    deck = deck_for(
        "3p",
        [0, 1, 2],
        {
            1: ["4A", "4R", "4C1", "4C2", "1L", "2A", "3R"],
            0: ["5A", "6A", "7A", "8A", "9A", "10A", "11A"],
            2: ["1R", "2R", "3L", "5R", "6R", "7R", "8L"],
        },
        ["9R", "10R", "11R", "12L", "1C1", "2C1"],
    )
    s = game(3, decks=[deck], months=1)
    r = round_end(opening_events(s))
    assert r["winner"] == 1 and r["payments"] == [-6, 12, -6]


def test_hand_combo_first_in_turn_order_from_oya_wins():
    deck = deck_for(
        "2p",
        [1, 0],  # seat 1 is the Oya
        {
            0: ["12L", "12C1", "12C2", "12C3", "1L", "2A", "3R", "4C1"],
            1: ["5A", "5R", "5C1", "5C2", "9A", "10A", "11A", "2R"],
        },
        ["1R", "2C1", "3C1", "4R", "6R", "7R", "8L", "9R"],
    )
    s = game(2, decks=[deck], order=[1, 0], months=1)
    assert round_end(opening_events(s))["winner"] == 1


def test_4p_hand_combo_team_wins():
    deck = deck_for(
        "4p",
        [0, 1, 2, 3],
        {
            2: ["7A", "7R", "7C1", "7C2", "1L"],
            0: ["2A", "3L", "4A", "5A", "6A"],
            1: ["8A", "9A", "10A", "11A", "12L"],
            3: ["1R", "2R", "3R", "4R", "5R"],
        },
        ["6R", "8L", "9R", "10R", "11R", "12C1", "1C1", "2C1"],
    )
    s = game(4, decks=[deck], months=1)
    assert round_end(opening_events(s))["payments"] == [6, -6, 6, -6]


def test_example_31_redeal_unshuffled():
    second = oya_dealt(["1L", "1C1", "2A", "2R", "5C1", "5C2", "9A", "11C"])
    s = game(2, decks=[list(DECK), second])
    ev = opening_events(s)
    assert types(ev).count("redeal") == 1
    assert "hand_combo" not in types(ev)
    rd = first(ev, "redeal").fields()
    assert rd["attempt"] == 0 and rd["field"] == ["3L", "3R", "3C1", "3C2", "6A", "6R", "6C1", "6C2"]
    assert s.oya == 0 and s.months_done == 0 and s.round == 1 and s.attempt == 1
    assert s.field == QUIET_FIELD
    assert types(ev).count("round_start") == 1


# --------------------------------------------------------------------------- 32-34 and edge cases


def test_example_32_flip_yaku():
    s = game(2)
    arrange(s, {0: ["5A", "2C1"], 1: ["4C1", "9C1"]}, ["5C1", "12C2"], ["12L"], {0: ["1L", "3L"]})
    ev = play(s, 0, "play:5A")
    assert first(ev, "play").captured == ["5C1"]
    assert first(ev, "flip").fields() == {"player": 0, "card": "12L", "captured": ["12C2"], "pending_choice": False}
    assert sorted(s.sides[0].captures) == sorted(["1L", "3L", "5A", "5C1", "12L", "12C2"])
    y = first(ev, "yaku").fields()
    assert y["points"] == 6 and y["yaku"] == [{"id": "sanko", "name": "Sanko", "points": 6}]
    assert s.phase == "decide" and GAME.to_act(s) == [0] and GAME.legal_actions(s, 0) == ["koikoi", "stop"]


def test_example_33_fourth_card():
    s = game(2)
    arrange(s, {0: ["2C2", "3C1"], 1: ["8L", "1C1"]}, ["8A", "8C1", "8C2"], ["2C1"], turn=1)
    assert "play:8L" in GAME.legal_actions(s, 1)
    ev = play(s, 1, "play:8L")
    assert first(ev, "play").captured == ["8A", "8C1", "8C2"]
    assert sorted(s.sides[1].captures) == ["8A", "8C1", "8C2", "8L"]


def test_example_34_ryukyoku():
    s = game(2)
    arrange(
        s, {0: ["10A", "2C1"], 1: ["3C1", "4C1"]}, ["10C1", "9C1"], ["5C1", "12C1", "11C", "8C1"], {0: ["6A", "7A"]}
    )
    play(s, 0, "play:10A", "koikoi")
    play(s, 1, "play:3C1")
    ev = play(s, 0, "play:2C1")
    assert "yaku" not in types(ev)
    ev = play(s, 1, "play:4C1")
    r = round_end(ev)
    assert r["kind"] == "ryukyoku" and r["winner"] is None
    assert r["payments"] == [0, 0] and r["next_oya"] == 1 and r["month"] == 1
    assert s.months_done == 1 and s.oya == 1 and s.scores == [0, 0]


def test_edge_16_oya_last_turn_forced_stop():
    s = game(2)
    arrange(s, {0: ["10A"], 1: ["3C1"]}, ["10C1"], ["5C1"], {0: ["6A", "7A"]})
    ev = play(s, 0, "play:10A")
    assert first(ev, "yaku").forced_stop is True
    assert first(ev, "stop").forced is True
    assert round_end(ev)["payments"] == [5, -5]


def test_edge_5_flip_takes_played_card():
    s = game(2)
    arrange(s, {0: ["4A", "2C1"], 1: ["3C1", "9C1"]}, ["12C2"], ["4C1"])
    ev = play(s, 0, "play:4A")
    assert first(ev, "play").captured == []
    assert first(ev, "flip").captured == ["4A"]
    assert sorted(s.sides[0].captures) == ["4A", "4C1"]


def test_edge_6_flip_after_only_card_taken_stays():
    s = game(2)
    arrange(s, {0: ["4A", "2C1"], 1: ["3C1", "9C1"]}, ["4R", "12C2"], ["4C1"])
    play(s, 0, "play:4A")
    assert "4C1" in s.field and sorted(s.sides[0].captures) == ["4A", "4R"]


def test_flip_with_two_matches_waits_for_choice():
    s = game(2)
    arrange(s, {0: ["5A", "2C1"], 1: ["4C1", "9C1"]}, ["3C1", "3C2", "12C2"], ["3R"])
    ev = play(s, 0, "play:5A")
    f = first(ev, "flip").fields()
    assert f["pending_choice"] is True and f["choices"] == ["3C1", "3C2"]
    assert s.phase == "choose_take"
    assert GAME.legal_actions(s, 0) == ["take:3C1", "take:3C2"]
    assert GAME.public_view(s).pending == FlipChoice(card="3R", choices=["3C1", "3C2"])
    with pytest.raises(GameError):
        GAME.apply(s, 0, "play:2C1")
    ev = play(s, 0, "take:3C2")
    assert first(ev, "take").fields() == {"player": 0, "card": "3R", "captured": ["3C2"]}
    assert s.field == ["12C2", "5A", "3C1"] or set(s.field) == {"12C2", "5A", "3C1"}
    assert s.turn == 1 and s.pending is None


def test_play_with_two_matches_needs_a_target():
    s = game(2)
    arrange(s, {0: ["3R", "2C1"], 1: ["4C1", "9C1"]}, ["3C1", "3C2"], ["12C1"])
    legal = GAME.legal_actions(s, 0)
    assert legal == ["play:2C1", "play:3R:3C1", "play:3R:3C2"]
    before = s.model_dump_json()
    with pytest.raises(GameError, match="choose"):
        GAME.apply(s, 0, "play:3R")
    assert s.model_dump_json() == before


def test_illegal_actions_change_nothing():
    s = game(2)
    arrange(s, {0: ["3R", "2C1"], 1: ["4C1", "9C1"]}, ["3C1"], ["12C1"])
    moves = [(1, "play:4C1"), (0, "play:4C1"), (0, "koikoi"), (0, "take:3C1"), (0, "play:3R:3C1"), (0, "nonsense")]
    said = refusals(GAME, s, [*moves, (5, "stop")])
    assert all(sentence.endswith(".") for sentence in said)
    with pytest.raises(GameError, match="not your turn"):
        GAME.apply(s, 1, "play:4C1")


def test_game_over_and_result():
    s = game(2, months=1)
    arrange(s, {0: ["10A"], 1: ["3C1"]}, ["10C1"], ["5C1"], {0: ["6A", "7A"]})
    ev = play(s, 0, "play:10A")
    assert types(ev)[-1] == "game_end"
    assert GAME.is_over(s) and GAME.to_act(s) == [] and GAME.legal_actions(s, 0) == []
    res = GAME.result(s)
    assert res.scores == [5, -5] and res.placings == [1, 2]
    with pytest.raises(GameError, match="over"):
        GAME.apply(s, 0, "stop")


# --------------------------------------------------------------------------- seeds, options, views


def test_seed_commitment_and_determinism():
    a = game(2, seed="abcd", order="draw")
    b = game(2, seed="abcd", order="draw")
    assert a.model_dump_json() == b.model_dump_json()
    ev = opening_events(a)
    assert first(ev, "oya_draw").draws
    start = first(ev, "round_start").fields()
    assert start["hash"] == a.round_hash and len(start["hash"]) == 64
    assert a.round_seed == hashlib.sha256(b"abcd:1").hexdigest()
    assert start["hash"] == hashlib.sha256(a.round_seed.encode()).hexdigest()
    v = GAME.public_view(a).model_dump()
    assert a.round_seed not in str(v) and "abcd" not in str(v).replace(start["hash"], "")


def test_options_errors():
    with pytest.raises(GameError, match="toppa"):
        GAME.new_game(Options(players=3, toppa=True), [f"p{i}" for i in range(3)], "1")
    with pytest.raises(GameError, match="seated"):
        GAME.new_game(Options(players=2), ["a", "b", "c"], "1")
    with pytest.raises(ValueError):
        Options(players=5)
    with pytest.raises(ValueError):
        Options(months=13)
    from games.koikoi.options import parse_options

    with pytest.raises(GameError, match="1 to 12"):
        parse_options({"months": 0})
    with pytest.raises(GameError, match="players must be from 2 to 4"):
        parse_options({"players": 7})
    assert parse_options({}, 3).players == 3


def test_view_shapes():
    s = game(4)
    v = GAME.view(s, 1)
    assert isinstance(v, SeatView)
    assert v.variant == "4p" and v.teams == [[0, 2], [1, 3]]
    assert v.roles == ["Oya", "Dou-ni", "Dou-san", "Biki"]
    assert v.hand == s.hands[1]
    assert "hand" not in GAME.public_view(s).model_dump()
    import json

    json.dumps(v.model_dump())


def test_describe_action():
    assert GAME.describe_action("play:1L:1C1") == "Play 1L Crane → take 1C1 Pine chaff 1"
    assert GAME.describe_action("play:1L") == "Play 1L Crane"
    assert GAME.describe_action("take:3C1") == "Take 3C1 Cherry chaff 1"
    assert GAME.describe_action("koikoi") == "Koi-Koi!"
    assert GAME.describe_action("stop") == "Stop"
