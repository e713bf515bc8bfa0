"""What Black Flower shows: the public view of the table and one seat's view, as models.

Every card a player holds is face up, so a seat's view is the public view with the seat's own figures added:
nobody, not even the banker, sees the banker's face-down card (``None`` in ``cards`` until it is turned up).
The views are built on every redraw and bot turn from a state the engine keeps consistent, so they are built
with ``model_construct`` (no validation: it would cost more than building them).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from games.blackflower import hands as H
from games.blackflower.moves import at_stake, max_bet_for, to_act
from games.blackflower.options import Options
from games.blackflower.state import BlackFlowerState, Hand, Outcome, Phase, no_pairs, seat_count

PhaseName = Literal["betting", "niko", "play", "banker_niko", "banker", "offer", "over"]
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
    phase: PhaseName
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


# What a hand's view shows as the state holds it: the fields of the same name (its cards shown apart, the first
# one hidden while it is face down).
AS_HELD = tuple(name for name in HandView.model_fields if name in Hand.model_fields and name != "cards")


def _public_hand(state: BlackFlowerState, hand: Hand, hide_first: bool = False) -> HandView:
    visible = hand.cards[1:] if hide_first else hand.cards
    figures: dict[str, Any] = {}
    if visible:
        t = H.totals(visible, no_pairs(state))
        figures["range"] = [t[0], t[-1]]
        if not hide_first:
            figures.update(totals=t, hard=t[0], best=H.standing(visible, no_pairs(state)))
    return HandView.model_construct(
        cards=([None] if hide_first else []) + list(visible),
        **{name: getattr(hand, name) for name in AS_HELD},
        **figures,
    )


def _last_round_figures(last: dict[str, Any] | None) -> LastRound | None:
    """The previous round without its cards: those went out in its events; a card shown again
    in a later round's table could be mistaken for (or collide with) the new face-down card."""
    if last is None:
        return None
    keep = ("round", "banker", "stakes", "returned", "nets", "chips", "seed", "hash", "next_banker", "dealt")
    results = [
        HandResult.model_construct(seat=h["seat"], hand=h["hand"], result=h["result"], net=h["net"])
        for h in last.get("hands", [])
    ]
    return LastRound.model_construct(**{k: last[k] for k in keep}, results=results)


def _public_fields(state: BlackFlowerState) -> dict[str, Any]:
    n = seat_count(state)
    bh = state.banker_hand
    return {
        "options": state.options.model_copy(),
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "host": state.host,
        "chips": list(state.chips),
        "at_stake": at_stake(state),
        "start_chips": list(state.start_chips),
        "banker": state.banker,
        "round": state.round,
        "rounds": state.rounds_target,
        "phase": state.phase,
        "to_act": to_act(state),
        "turn": state.turn,
        "hand_index": state.hand_index,
        "eligible": list(state.eligible),
        "decided": list(state.decided),
        "bets": list(state.bets),
        "order": list(state.order),
        "hands": [[_public_hand(state, h) for h in state.hands[s]] if s < len(state.hands) else [] for s in range(n)],
        "banker_hand": None if bh is None else _public_hand(state, bh, hide_first=not state.revealed),
        "revealed": state.revealed,
        "deck_count": len(state.deck),
        "offer": state.offer,
        "round_hash": state.round_hash,
        "last_round": _last_round_figures(state.last_round),
        "end_reason": state.end_reason,
    }


def public_view(state: BlackFlowerState) -> PublicView:
    return PublicView.model_construct(game="blackflower", **_public_fields(state))


def _arrangement(state: BlackFlowerState, hand: HandView) -> list[PileView] | None:
    """The piles reaching the hand's best total, when all its cards show and it has one."""
    if hand.best is None:
        return None
    piles = H.arrangement([c for c in hand.cards if c is not None], hand.best, no_pairs(state))
    return [PileView.model_construct(top=top, value=value, below=list(below)) for top, value, below in piles]


def view(state: BlackFlowerState, seat: int) -> SeatView:
    """What one seat may see: everything public (nobody, not even the banker, sees the face-down card), the most
    it may bet now and the best arrangement of each of its own hands."""
    seen = SeatView.model_construct(
        game="blackflower", **_public_fields(state), seat=seat, max_bet_now=max_bet_for(state, seat), arrangements=[]
    )
    seen.arrangements = [_arrangement(state, h) for h in seen.own_hands()]
    return seen


def hidden_cards(state: BlackFlowerState) -> dict[int, list[str]]:
    if state.banker_hand is not None and not state.revealed and state.phase != Phase.OVER and state.banker_hand.cards:
        return {state.banker: [state.banker_hand.cards[0]]}
    return {}
