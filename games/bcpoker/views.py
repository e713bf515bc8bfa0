"""What the players see of a Black Christmas Poker game: the public view and one seat's own view, as models.

:class:`PublicView` holds only what everyone may know: the pile, how many cards each seat holds, the hit and
the Ron offer (never who may Ron). :class:`SeatView` adds that seat's own hand, the card it just drew and the
cards it put under the deck this exchange. Their ``model_dump()`` is the dict the game has always shown (the
same keys in the same order), so what is stored or compared from a view reads as before.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.bcpoker.events import ScoredWin
from games.bcpoker.options import Options

Phase = Literal["draw", "discard", "hit_draw", "hit_riichi", "hit_decide", "exchange", "ron", "over"]


class PileCard(BaseModel):
    """A card of the discard pile; a Black A/7 with the number it was discarded as."""

    card: str
    named: int | None  # only for a KX: 1 or 7


class HitView(BaseModel):
    """The Black Christmas hit the seat to act answers."""

    by: int  # the seat whose discard hit
    card: str  # the hitting card
    number: int  # N, the hitting number (a KX as named)


class ExchangeProgress(BaseModel):
    placed: int  # cards put under the deck so far
    of: int  # cards to put under the deck in all (N)


class RonOffer(BaseModel):
    """The discard a Ron decision is about (who may Ron stays secret)."""

    discarder: int
    card: str
    named: int | None


class RoundOutcome(BaseModel):
    """The last round's result, as its ``round_end`` event told it (the round's seed revealed)."""

    round: int
    lead: int
    wins: list[ScoredWin]
    lapsed: list[int]
    indicator: str | None
    dora: list[str]
    payments: list[int]
    scores: list[int]
    next_lead: int
    lead_counts: list[int]
    reshuffles: int
    seed: str
    hash: str


class PublicView(BaseModel):
    """What everyone at the table may see."""

    game: Literal["bcpoker"] = "bcpoker"
    players: int
    decks: int
    options: Options
    seats: list[str]  # the seats' names
    bots: list[bool]
    round: int
    lead: int
    lead_counts: list[int]
    lead_rounds: int
    scores: list[int]
    phase: Phase
    turn: int | None
    to_act: list[int]  # the seats that may be named in public (nobody during a Ron window)
    pile: list[PileCard]  # bottom first
    pile_top: PileCard | None
    deck_count: int
    reshuffles: int
    max_reshuffles: int
    hand_counts: list[int]
    riichi: list[bool]
    draws: list[int]  # draws made this round, per seat
    discards: list[int]  # discards made this round, per seat
    hit: HitView | None
    drawn_from: Literal["deck", "pile"] | None
    taken: str | None  # the card taken from the pile this turn (it may not go back)
    after_exchange: bool
    exchange: ExchangeProgress | None
    ron: RonOffer | None
    round_hash: str
    last_round: RoundOutcome | None


class SeatView(PublicView):
    """One seat's own view: the public one and its own cards."""

    seat: int
    hand: list[str]  # sorted
    drawn: str | None  # the card drawn from the deck this turn (only on the seat's own turn)
    exchanged: list[str]  # the cards put under the deck this exchange (only on the seat's own turn)


def round_outcome(fields: dict[str, Any] | None) -> RoundOutcome | None:
    """The ``round_end`` fields the state keeps, as the view's model."""
    return None if fields is None else RoundOutcome.model_validate(fields)
