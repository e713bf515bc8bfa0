"""The state of a Black Christmas Poker game (docs/rules/bcpoker.md): who is to act, and what it says of a hand.

``BCState`` is the snapshot: ``state.model_dump_json()`` stores it, :func:`load` reads it back. The seed
and the round's seed are secret until the round ends; ``hands`` and ``exchanged`` are hidden from the
other seats (see :mod:`games.bcpoker.views` for what each seat sees).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.bcpoker.events import BCPokerEvent
from games.bcpoker.hands import HandValue, evaluate, is_tenpai
from games.bcpoker.options import Options
from games.table_state import TableState

HAND_SIZE = 7


class Hit(BaseModel):
    by: int  # the seat whose discard hit
    card: str  # the hitting card
    number: int  # N (a KX as named)


class RonWindow(BaseModel):
    discarder: int
    card: str
    named: int | None = None
    eligible: list[int]  # seats that may Ron, nearest to the discarder first
    declared: list[int] = Field(default_factory=list)
    decided: list[int] = Field(default_factory=list)


class BCState(TableState[Options]):
    game: str = "bcpoker"
    players: int
    decks: int
    lead: int
    lead_counts: list[int]
    scores: list[int]
    round: int = 0
    round_seed: str = ""  # secret until round_end
    round_hash: str = ""
    deck_source: list[list[str]] | None = None  # injected decks (tests)
    deck: list[str] = Field(default_factory=list)  # index 0 is the top
    pile: list[str] = Field(default_factory=list)  # bottom first; pile[-1] is the top
    pile_named: list[int] = Field(default_factory=list)  # trigger number of each pile card (KX: as named)
    hands: list[list[str]]
    riichi: list[bool]
    draws: list[int]  # draws made this round, per seat
    discards: list[int]  # discards made this round, per seat
    reshuffles: int = 0
    phase: str = "draw"  # draw | discard | hit_draw | hit_riichi | hit_decide | exchange | ron | over
    turn: int | None = None
    drawn: str | None = None  # the card drawn from the deck this turn
    drawn_from: str | None = None  # deck | pile
    taken: str | None = None  # code taken from the pile this turn (may not be discarded)
    hit: Hit | None = None
    exchange_left: int = 0
    exchanged: list[str] = Field(default_factory=list)  # cards put under the deck this exchange (private)
    after_exchange: bool = False
    window: RonWindow | None = None
    last_round: dict[str, Any] | None = None
    rounds: list[dict[str, Any]] = Field(default_factory=list)
    opening: list[BCPokerEvent] = Field(default_factory=list)
    actions: int = 0


def load(snapshot: str) -> BCState:
    return BCState.model_validate_json(snapshot)


def to_act(state: BCState) -> list[int]:
    if state.phase == "over" or state.turn is None:
        return []
    if state.phase == "ron" and (w := state.window) is not None:
        return [s for s in w.eligible if s not in w.decided]
    return [state.turn]


def public_to_act(state: BCState) -> list[int]:
    """Seats that may be named in public: nobody during a Ron window (who can Ron is secret)."""
    return [] if state.phase == "ron" else to_act(state)


def is_over(state: BCState) -> bool:
    return state.phase == "over"


def next_seat(state: BCState, seat: int) -> int:
    return (seat + 1) % state.players


def prev_seat(state: BCState, seat: int) -> int:
    return (seat - 1) % state.players


def hand_value(state: BCState, hand8: list[str]) -> HandValue:
    """What eight cards are worth under the game's options."""
    return evaluate(hand8, state.decks, state.options.special_hands)


def wins(state: BCState, hand8: list[str]) -> bool:
    return hand_value(state, hand8).value > 0


def tenpai(state: BCState, hand7: list[str]) -> bool:
    return is_tenpai(hand7, state.decks, state.options.special_hands)


def without(hand: list[str], code: str) -> list[str]:
    """``hand`` less one ``code``."""
    out = list(hand)
    out.remove(code)
    return out
