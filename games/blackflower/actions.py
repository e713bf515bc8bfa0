"""Black Flower actions: what each one means, its wire string and its words (docs/rules/blackflower.md §2-§8).

``parse("bet:20")`` gives ``Bet(20)``, ``parse("hit")`` gives ``Move.HIT``; ``str()`` writes an action
back unchanged (the strings are in button ids and in stored action logs, which replay). ``text`` is
what a player reads on the action's button.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.amounts import Amount
from games.base import GameError
from games.words import Words


class Move(Words):
    SIT = "sit", "Sit out"  # sit this round out (betting)
    DEAL = "deal", "Deal the round"  # the host, as banker, deals once the players have bet
    END = "end", "End the game"  # the host ends an open-ended game
    NIKO = "niko", "Claim Ni-Ko"  # claim Ni-Ko with two Brights
    PLAYON = "playon", "Play on"  # play two Brights on as a numeric hand
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double", "Double down"
    SPLIT = "split"
    ACCEPT = "accept", "Take the bank"  # take the bank when it is offered
    DECLINE = "decline"


@dataclass(frozen=True, slots=True)
class Bet(Amount):
    """A bet of ``amount`` chips."""

    VERB = "bet"
    MEANING = "A bet is a whole number of chips"
    TEXT = "Bet {}"


Action = Bet | Move


def parse(action: str) -> Action:
    """The action ``action`` writes; GameError (a sentence) when it is not a Black Flower action."""
    if not isinstance(action, str):
        raise GameError("An action is a text such as bet:20, hit or stand.")
    if (bet := Bet.read(action)) is not None:
        return bet
    if (move := Move.read(action)) is not None:
        return move
    raise GameError(
        f"{action!r} is not a Black Flower action: bet, sit, hit, stand, double, split, "
        "claim Ni-Ko or play on, take or decline the bank."
    )


def describe(action: str) -> str:
    return parse(action).text
