"""What the players see of a Black Christmas Poker game: the public view and one seat's own view, as models.

:class:`PublicView` holds only what everyone may know: the pile, how many cards each seat holds, the hit and
the Ron offer (never who may Ron). :class:`SeatView` adds that seat's own hand, the card it just drew and the
cards it put under the deck this exchange. Their ``model_dump()`` is the dict the game has always shown (the
same keys in the same order), so what is stored or compared from a view reads as before.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.bcpoker.cards import KX, sort_codes
from games.bcpoker.events import RoundOutcome
from games.bcpoker.options import Options
from games.bcpoker.state import BCState, public_to_act

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


def public_view(state: BCState) -> PublicView:
    w, hit = state.window, state.hit
    pile = [PileCard(card=c, named=nm if c == KX else None) for c, nm in zip(state.pile, state.pile_named)]
    return PublicView(
        players=state.players,
        decks=state.decks,
        options=state.options.model_copy(),
        seats=[s.name for s in state.seats],
        bots=[s.bot for s in state.seats],
        round=state.round,
        lead=state.lead,
        lead_counts=list(state.lead_counts),
        lead_rounds=state.options.lead_rounds,
        scores=list(state.scores),
        phase=state.phase,
        turn=state.turn,
        to_act=public_to_act(state),
        pile=pile,
        pile_top=pile[-1].model_copy() if pile else None,
        deck_count=len(state.deck),
        reshuffles=state.reshuffles,
        max_reshuffles=state.options.max_reshuffles,
        hand_counts=[len(h) for h in state.hands],
        riichi=list(state.riichi),
        draws=list(state.draws),
        discards=list(state.discards),
        hit=HitView(by=hit.by, card=hit.card, number=hit.number) if hit else None,
        drawn_from=state.drawn_from,
        taken=state.taken,
        after_exchange=state.after_exchange,
        exchange=ExchangeProgress(placed=len(state.exchanged), of=hit.number)
        if state.phase == "exchange" and hit
        else None,
        ron=RonOffer(discarder=w.discarder, card=w.card, named=w.named) if w else None,
        round_hash=state.round_hash,
        last_round=None if state.last_round is None else RoundOutcome.model_validate(state.last_round),
    )


def view(state: BCState, seat: int) -> SeatView:
    mine = seat == state.turn and state.phase != "ron"
    return SeatView(
        **dict(public_view(state)),
        seat=seat,
        hand=sort_codes(state.hands[seat]),
        drawn=state.drawn if mine else None,
        exchanged=list(state.exchanged) if mine else [],
    )


def hidden_cards(state: BCState) -> dict[int, list[str]]:
    return {s: sort_codes(h) for s, h in enumerate(state.hands)}
