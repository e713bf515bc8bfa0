"""Hachi-Hachi actions: what each one means, its wire string and its words (docs/rules/hachihachi.md §4-§10).

``parse("declare:kasu+sanbon")`` gives ``Declare(("kasu", "sanbon"))``, ``parse("repay:120")``
gives ``Repay(120)``; ``str()`` writes an action back unchanged (the strings are in button ids and
in stored action logs, which replay). ``text`` is the action in words, ``label`` its button text.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.amounts import Amount
from games.base import GameError
from games.fishing import Play, Take, parse_capture
from games.hachihachi.combos import HAND_BY_ID, combo_name, money
from games.words import Words


class Call(Words):
    MIZUTEN = "mizuten", "Declare Mizu-ten"  # the dealer bets, before the deal, on 89+ card points
    NO_MIZUTEN = "no_mizuten", "No Mizu-ten"
    STAY = "stay"
    PASS = "pass"
    YOSHI = "yoshi", "Yoshi! (stop and win)"  # stop with a completed combo and win the month
    SAGE = "sage", "Sa-gé! (play on)"
    CANCEL_SAGE = "cancel_sage", "Cancel my Sa-gé (end the month)"  # end the month, collecting half

    def label(self, table: list[str] | None = None) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Declare:
    """The hand combos declared (§5): a Kasu combo, a Suit combo, both, or none (``declare:none``)."""

    combos: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "declare:" + ("+".join(self.combos) or "none")

    @property
    def text(self) -> str:
        return "Declare " + (" + ".join(combo_name(c) for c in self.combos) or "nothing")

    def label(self, table: list[str] | None = None) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Repay(Amount):
    """Points of debt repaid to the bank (a multiple of 60; 0 keeps the cash)."""

    VERB = "repay"
    MEANING = "A repayment is a whole number of points"

    @property
    def text(self) -> str:
        return f"Repay {money(self.amount)}" if self.amount else "Keep my cash (repay 0)"

    def label(self, table: list[str] | None = None) -> str:
        return self.text


Action = Play | Take | Call | Declare | Repay


def parse(action: str) -> Action:
    """The action ``action`` writes; GameError (a sentence) when it is not a Hachi-Hachi action."""
    if not isinstance(action, str):
        raise GameError("An action is a text such as stay, play:1L, declare:none or repay:60.")
    if (move := parse_capture(action)) is not None:
        return move
    verb, colon, rest = action.partition(":")
    if verb == "declare" and colon:
        combos = () if rest == "none" else tuple(rest.split("+"))
        if all(c in HAND_BY_ID for c in combos):
            return Declare(combos)
        raise GameError(f"{action!r} is not a declaration: send declare:none or declare:<combo>[+<combo>].")
    if (repay := Repay.read(action)) is not None:
        return repay
    if (call := Call.read(action)) is not None:
        return call
    raise GameError(
        f"{action!r} is not a Hachi-Hachi action: stay or pass, declare, play a card, Yoshi or Sa-gé, repay."
    )


def describe(action: str) -> str:
    return parse(action).text


def label(action: str, table: list[str] | None = None) -> str:
    """Button text; with the table known, a play shows what it will take."""
    return parse(action).label(table)
