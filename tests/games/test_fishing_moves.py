"""The capture moves of the fishing games: every legal play listed once, in hand order, written as the move writes
itself; a move read from its text is the same move however often it is read, and a malformed one is refused each
time."""

from __future__ import annotations

import random

import pytest

from games.base import GameError
from games.fishing import Play, parse_capture, plays
from games.hanafuda import DECK, matching, sort_codes


def plays_by_the_rules(hand: list[str], field: list[str]) -> list[str]:
    """A card of the hand takes the field's cards of its month; with two of them the player names one."""
    found: list[str] = []
    for code in hand:
        taken = matching(field, code)
        targets = sort_codes(taken) if len(taken) == 2 else [None]
        found += [str(Play(code, target)) for target in targets]
    return found


def test_every_play_of_random_hands_and_fields_is_listed_as_the_rules_say() -> None:
    rng = random.Random(27)
    codes = list(DECK)
    doubles = 0
    for _ in range(2000):
        cards = rng.sample(codes, rng.randint(1, 20))
        hand, field = cards[: rng.randint(1, min(8, len(cards)))], cards[8:]
        expected = plays_by_the_rules(hand, field)
        assert plays(hand, field) == expected
        doubles += any(play.count(":") == 2 for play in expected)
    assert doubles > 100  # two-way captures were met


def test_a_move_read_again_is_the_same_move_and_a_bad_one_is_refused_every_time() -> None:
    assert parse_capture("play:3R:3C1") == Play("3R", "3C1") == parse_capture("play:3R:3C1")
    assert str(parse_capture("play:3R:3C1")) == "play:3R:3C1"
    assert parse_capture("koikoi") is None
    for _ in range(2):
        with pytest.raises(GameError, match="Unknown card"):
            parse_capture("play:13L")


def test_plays_asked_again_are_the_same_and_a_changed_hand_or_field_gets_its_own() -> None:
    hand, field = ["1L", "3R", "8A"], ["1C1", "1C2", "3C1"]
    first = plays(hand, field)
    first.append("play:12L")  # a caller's list is its own: nothing kept is changed through it
    assert plays(hand, field) == ["play:1L:1C1", "play:1L:1C2", "play:3R", "play:8A"]
    field.remove("1C2")  # the same lists, changed in place: the answer follows them
    assert plays(hand, field) == ["play:1L", "play:3R", "play:8A"]
    hand.append("8C1")
    assert plays(hand, field)[-1] == "play:8C1"
