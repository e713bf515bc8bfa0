"""What Black Flower shows: the public view of the table and one seat's view, as models.

Every card a player holds is face up, so a seat's view is the public view with the seat's own figures added:
nobody, not even the banker, sees the banker's face-down card (``None`` in ``cards`` until it is turned up).
The views are built on every redraw and bot turn from a state the engine keeps consistent, so they are built
with ``model_construct`` (no validation: it would cost more than building them).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from games.blackflower.options import Options

Phase = Literal["betting", "niko", "play", "banker_niko", "banker", "offer", "over"]
Outcome = Literal["win", "loss", "push"]
FIGURES = ("range", "totals", "hard", "best")  # a hand's figures, present only for the cards they count


class PileView(BaseModel):
    """One pile of an arrangement: its top card, the value it counts, and the cards of its month beneath it
    (each adds 1)."""

    top: str
    value: int
    below: list[str]


class HandView(BaseModel):
    """A hand as everyone sees it. The figures are those of its visible cards: ``range`` (lowest and highest
    total) once a card shows; ``totals``, ``hard`` and ``best`` (the standing value, None when bust) only when
    every card shows. A figure that does not apply is left out of the dump, not written as None."""

    cards: list[str | None]  # None: the banker's face-down card
    stake: int
    split: bool
    doubled: bool
    played_on: bool
    niko: bool
    status: Literal["open", "stood", "bust"]
    special: str | None
    result: Outcome | None
    payout: int
    range: list[int] | None = None
    totals: list[int] | None = None
    hard: int | None = None
    best: int | None = None

    @model_serializer(mode="wrap")
    def _figures_shown(self, dump: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = dump(self)
        for name in FIGURES:
            if name not in self.model_fields_set:
                del data[name]
        return data


class HandResult(BaseModel):
    seat: int
    hand: int
    result: Outcome
    net: int


class LastRound(BaseModel):
    """The previous round's figures without its cards (those went out in its events; a card shown again in a
    later round's table could be mistaken for the new face-down card)."""

    round: int
    banker: int
    stakes: list[int]
    returned: list[int]
    nets: list[int]
    chips: list[int]
    seed: str
    hash: str
    next_banker: int | None
    dealt: bool
    results: list[HandResult]


class PublicView(BaseModel):
    game: Literal["blackflower"] = "blackflower"
    options: Options
    seats: list[str]
    bots: list[bool]
    host: int | None
    chips: list[int]
    at_stake: list[int]  # bets and stakes not settled yet: out of the chips, not lost
    start_chips: list[int]
    banker: int
    round: int
    rounds: int  # 0: until the host ends the game
    phase: Phase
    to_act: list[int]
    turn: int | None
    hand_index: int
    eligible: list[int]
    decided: list[int]
    bets: list[int]
    order: list[int]
    hands: list[list[HandView]]  # per seat (the banker's list is empty)
    banker_hand: HandView | None
    revealed: bool
    deck_count: int
    offer: int | None
    round_hash: str
    last_round: LastRound | None
    end_reason: str | None


class SeatView(PublicView):
    """One seat's view: the public view, the most it may bet now, and the best arrangement of each of its own
    hands (the banker's hand for the banker): the piles reaching the hand's ``best``, None for a hand without
    one (not all shown, or bust)."""

    seat: int
    max_bet_now: int
    arrangements: list[list[PileView] | None]

    def own_hands(self) -> list[HandView]:
        """The seat's own hands: the banker's hand for the banker (none before the deal), else its hands."""
        if self.seat == self.banker:
            return [self.banker_hand] if self.banker_hand is not None else []
        return self.hands[self.seat]
