"""Black Flower's state: the table, the round, every hand (docs/rules/blackflower.md §2–§11).

Chips (§3): each seat starts with ``SeatInfo.balance`` (the season chips; 1000 when unset). A bet is taken from
the balance when placed (``chips``); settlement returns stakes and wins. The banker's chips may go below zero.
The state is the snapshot a table stores: its fields and their meaning never change (stored games keep loading).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.blackflower.events import BlackFlowerEvent
from games.blackflower.options import Options
from games.table_state import TableState

DEFAULT_BALANCE = 1000


class Phase:
    """The phases of a round, the state's ``phase`` (plain strings, as snapshots store them)."""

    BETTING = "betting"
    NIKO = "niko"  # a player dealt two Brights: claim Ni-Ko or play on
    PLAY = "play"
    BANKER_NIKO = "banker_niko"
    BANKER = "banker"
    OFFER = "offer"  # the bank offered to a player
    OVER = "over"


Outcome = Literal["win", "loss", "push"]  # a player hand against the banker's


class Hand(BaseModel):
    cards: list[str] = Field(default_factory=list)
    stake: int = 0
    split: bool = False  # one of the two hands of a split
    doubled: bool = False
    played_on: bool = False  # two dealt Brights, Ni-Ko declined
    niko: bool = False  # Ni-Ko claimed
    hits: int = 0  # cards taken after the deal (or after the split card)
    status: Literal["open", "stood", "bust"] = "open"
    special: str | None = None
    result: Outcome | None = None
    payout: int = 0  # chips returned to the player at settlement


class BlackFlowerState(TableState[Options]):
    game: str = "blackflower"
    host: int | None = None  # the first human seat: may end a `rounds = 0` game
    chips: list[int]
    start_chips: list[int]
    banker: int
    round: int = 0
    rounds_target: int = 0  # 0: until the host stops
    round_seed: str = ""
    round_hash: str = ""
    decks: list[list[str]] | None = None
    deck_pos: int = 0
    deck: list[str] = Field(default_factory=list)  # the rest of this round's deck (secret)
    phase: str = Phase.BETTING
    eligible: list[int] = Field(default_factory=list)  # seats that may bet this round
    decided: list[int] = Field(default_factory=list)  # seats that answered the betting
    bets: list[int] = Field(default_factory=list)  # 0: no bet
    host_ready: bool = True
    end_requested: bool = False
    order: list[int] = Field(default_factory=list)  # deal order of this round's players
    hands: list[list[Hand]] = Field(default_factory=list)
    banker_hand: Hand | None = None  # cards[0] is face down until revealed
    revealed: bool = False
    turn: int | None = None
    hand_index: int = 0
    offer: int | None = None
    history: list[dict[str, Any]] = Field(default_factory=list)  # one entry per round
    last_round: dict[str, Any] | None = None
    end_reason: str | None = None
    opening_events: list[BlackFlowerEvent] = Field(default_factory=list)
    actions: int = 0


def seat_count(state: BlackFlowerState) -> int:
    return len(state.seats)


def no_pairs(state: BlackFlowerState) -> bool:
    """The option that cards of one month cannot be stacked."""
    return state.options.no_pair_advantage


def scores(state: BlackFlowerState) -> list[int]:
    """Each seat's chips won or lost since the game began."""
    return [c - s for c, s in zip(state.chips, state.start_chips)]


def turn_seat(state: BlackFlowerState) -> int:
    """The seat whose turn it is (every phase after the betting but the bank's offer)."""
    if state.turn is None:
        raise AssertionError("no seat's turn now")
    return state.turn


def draw(state: BlackFlowerState) -> str:
    return state.deck.pop(0)


def dealt_banker_hand(state: BlackFlowerState) -> Hand:
    """The banker's hand, once dealt (every phase after the betting)."""
    if state.banker_hand is None:
        raise AssertionError("the banker's hand is dealt before anyone plays")
    return state.banker_hand


def current_hand(state: BlackFlowerState) -> Hand | None:
    if state.phase in (Phase.NIKO, Phase.PLAY) and state.turn is not None:
        return state.hands[state.turn][state.hand_index]
    if state.phase in (Phase.BANKER_NIKO, Phase.BANKER):
        return state.banker_hand
    return None


def all_cards(state: BlackFlowerState) -> list[str]:
    """Every card of the current round's deck: in hands, the banker's hand and the deck (48 once dealt)."""
    cards = list(state.deck)
    for seat_hands in state.hands:
        for h in seat_hands:
            cards += h.cards
    if state.banker_hand is not None:
        cards += state.banker_hand.cards
    return cards
