"""The capture moves of the hanafuda fishing games (Koi-Koi, Hachi-Hachi), parsed and written back.

``play:<card>`` plays a card from the hand (``play:<card>:<table card>`` names the table card it
takes when two of its month lie there); ``take:<card>`` names the table card a flipped card takes
when it has that choice. Each move knows its wire string (``str``), its words (``text``) and its
button label (``label``: card names, with what a play will take). The events
they make are :class:`Played`, :class:`Flipped` and :class:`Taken`: ``captured`` lists the *table*
cards taken; when it is not empty the played or flipped card goes to the captures too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError
from games.events import Acted, tagged
from games.hanafuda import BY_CODE, FULL_NAMES, MONTH, label, matching, sort_codes
from games.memo import flat_cache


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    capture: str | None = None  # the table card taken, when the play has two to choose from

    def __str__(self) -> str:
        return f"play:{self.card}" + (f":{self.capture}" if self.capture else "")

    @property
    def text(self) -> str:
        return f"Play {label(self.card)}" + (f" → take {label(self.capture)}" if self.capture else "")

    def label(self, field: list[str] | None = None) -> str:
        """Button text, with card names; with the table known, a play shows what it will take."""
        taken = [self.capture] if self.capture else matching(field or [], self.card)
        took = FULL_NAMES[taken[0]] if len(taken) == 1 else f"all {len(taken)}"
        return f"Play {FULL_NAMES[self.card]}" + (f" → take {took}" if taken else "")


@dataclass(frozen=True, slots=True)
class Take:
    card: str  # the table card the flipped card takes

    def __str__(self) -> str:
        return f"take:{self.card}"

    @property
    def text(self) -> str:
        return f"Take {label(self.card)}"

    def label(self, field: list[str] | None = None) -> str:
        return f"Take {FULL_NAMES[self.card]}"


Capture = Play | Take


def _code(text: str, action: str) -> str:
    if text not in BY_CODE:
        raise GameError(f"Unknown card {text!r} in {action!r}: cards are codes like 1L, 9A, 11C or 12C3.")
    return text


@functools.lru_cache(maxsize=4096)
def parse_capture(action: str) -> Capture | None:
    """The move ``action`` writes, None when it is not a play or take; GameError when malformed. Kept once read (a
    move is immutable): the panels read the same few hundred moves again at every turn."""
    verb, _, rest = action.partition(":")
    if verb not in ("play", "take"):
        return None
    codes = rest.split(":") if rest else []
    if verb == "take" and len(codes) == 1:
        return Take(_code(codes[0], action))
    if verb == "play" and len(codes) in (1, 2):
        return Play(*(_code(c, action) for c in codes))
    form = "take:<table card>" if verb == "take" else "play:<card> or play:<card>:<table card>"
    raise GameError(f"{action!r} is not a move: send {form}.")


def play_refusal(play: Play, hand: list[str], field: list[str]) -> str:
    """Why ``play`` is not a legal play from ``hand`` onto ``field``, in words."""
    code = play.card
    if code not in hand:
        return f"You do not hold {code}."
    matches = matching(field, code)
    if len(matches) == 2:
        return f"{code} matches two table cards ({' and '.join(sort_codes(matches))}): choose which one to take."
    return f"{code} takes {'nothing' if not matches else ' '.join(matches)}: send play:{code} without a target."


def play_is_legal(play: Play, hand: list[str], field: list[str]) -> bool:
    """A card of the hand, naming the table card it takes exactly when two of its month lie there."""
    if play.card not in hand:
        return False
    matches = matching(field, play.card)
    return play.capture in matches if len(matches) == 2 else play.capture is None


def plays(hand: list[str], field: list[str]) -> list[str]:
    """Every legal play of ``hand`` onto ``field``, in hand order (a two-way capture once per target). Kept per hand
    and field: a move's check, its deadline, the panels and the pings ask again for the same ones."""
    return list(_plays(tuple(hand), tuple(field)))


@flat_cache(16384)
def _plays(hand: tuple[str, ...], field: tuple[str, ...]) -> tuple[str, ...]:
    months: dict[int, list[str]] = {}  # the field's cards by month
    for card in field:
        months.setdefault(MONTH[card], []).append(card)
    out: list[str] = []
    for code in hand:
        matches = months.get(MONTH[code], ())
        if len(matches) == 2:
            out.extend(f"play:{code}:{target}" for target in sort_codes(matches))  # as str(Play(code, target))
        else:
            out.append(f"play:{code}")  # as str(Play(code))
    return tuple(out)


@tagged("play")
class Played(Acted):
    card: str
    captured: list[str]


@tagged("flip")
class Flipped(Acted):
    """The top card of the pile, turned after a play."""

    card: str
    captured: list[str]
    pending_choice: bool  # two table cards match: the player chooses (a take follows)
    choices: list[str] = Field(default_factory=list)

    @classmethod
    def taking(cls, seat: int, card: str, taken: list[str]) -> Flipped:
        """The flipped card took ``taken`` (none: it stays on the table)."""
        return cls(player=seat, card=card, captured=taken, pending_choice=False)

    @classmethod
    def choosing(cls, seat: int, card: str, choices: list[str]) -> Flipped:
        """The flipped card matches the two ``choices``: the player chooses which it takes."""
        return cls(player=seat, card=card, captured=[], pending_choice=True, choices=list(choices))


@tagged("take")
class Taken(Acted):
    """The table card a flipped card takes, chosen by the player."""

    card: str  # the flipped card
    captured: list[str]


class ViewPart(BaseModel):
    """A part of a fishing game's view. A validation error never quotes its input: a seat's view holds its hand, and
    errors are logged."""

    model_config = ConfigDict(hide_input_in_errors=True)


class FlipChoice(ViewPart):
    """A flipped card that matches two table cards, waiting for its player to choose (in a view)."""

    card: str
    choices: list[str]


def check_seat(phase: str, seat: object, seats: int) -> None:
    """The guards every action of a fishing game passes first: the game goes on and ``seat`` is one of its seats."""
    if phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < seats:
        raise GameError(f"There is no seat {seat} at this table.")


def check_over(phase: str) -> None:
    """A result is asked of a finished game only."""
    if phase != "over":
        raise GameError("The game is not over yet.")
