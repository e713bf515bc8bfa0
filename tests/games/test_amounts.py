"""Actions of a verb and a whole number (``games/amounts.py``): Black Flower's bets and Hachi-Hachi's repayments
write and read their wire strings one way, and refuse a number that is not whole with the game's own sentence."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.amounts import Amount
from games.base import GameError
from games.blackflower import actions as blackflower
from games.hachihachi import actions as hachihachi

AMOUNTS = [
    (blackflower, blackflower.Bet, "bet", "A bet is a whole number of chips"),
    (hachihachi, hachihachi.Repay, "repay", "A repayment is a whole number of points"),
]


@pytest.mark.parametrize(("module", "kind", "verb", "meaning"), AMOUNTS, ids=["bet", "repay"])
def test_an_amount_is_its_verb_and_number_and_parses_back(module, kind, verb, meaning) -> None:
    for amount in (0, 20, 120, 999_999_999):
        action = kind(amount)
        assert str(action) == f"{verb}:{amount}"
        assert module.parse(str(action)) == action and kind.read(str(action)) == action
        assert kind.form().format(amount) == str(action)


@pytest.mark.parametrize(("module", "kind", "verb", "meaning"), AMOUNTS, ids=["bet", "repay"])
def test_another_verb_is_not_an_amount(module, kind, verb, meaning) -> None:
    for other in ("hit", "stay", verb, f"{verb}x:20", f"x{verb}:20", "play:1L"):
        assert kind.read(other) is None


@pytest.mark.parametrize(("module", "kind", "verb", "meaning"), AMOUNTS, ids=["bet", "repay"])
def test_a_number_that_is_not_whole_is_refused_with_the_games_sentence(module, kind, verb, meaning) -> None:
    for number in ("", "x", "-5", "+5", "2.5", " 20", "1234567890"):
        with pytest.raises(GameError) as refused:
            module.parse(f"{verb}:{number}")
        assert str(refused.value) == f"{meaning}, not {number!r}."


def test_the_words_stay_each_games_own() -> None:
    assert blackflower.describe("bet:20") == "Bet 20" and blackflower.describe("bet:0") == "Bet 0"
    assert (
        hachihachi.describe("repay:120") == "Repay 120p (10K)"
        and hachihachi.describe("repay:0") == "Keep my cash (repay 0)"
    )


def test_an_amount_says_its_words_from_its_declared_text() -> None:
    """A subclass that declares only its text, with ``{}`` for the number, gets its words from it."""

    @dataclass(frozen=True, slots=True)
    class Raise(Amount):
        VERB = "raise"
        MEANING = "A raise is a whole number of chips"
        TEXT = "Raise by {} chips"

    assert Raise.read("raise:15") == Raise(15) and Raise(15).text == "Raise by 15 chips"
