"""Black Christmas Poker events: one model per type, :data:`BCPokerEvent` their union keyed on ``type``.

Public (``seat=None``) events name only public cards: a discard, the card taken from the pile, the
hands that won. ``deal``, ``drawn``, ``placed`` and ``exchange_cards`` are private to ``seat``.
``player`` is the seat that acted.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from games.events import Acted, GameEnded, GameEvent, tagged


@tagged("round_start")
class RoundStart(GameEvent):
    round: int
    lead: int
    hash: str  # SHA-256 of the round's seed, revealed at round_end
    deck_size: int
    decks: int
    lead_counts: list[int]


@tagged("deal")
class Deal(GameEvent):
    """Private: the seat's seven cards."""

    hand: list[str]


@tagged("draw")
class Draw(Acted):
    """A draw: from the deck (the card stays secret) or the top discard (``card``, public)."""

    source: Literal["deck", "pile"]
    card: str | None = None
    named: int | None = None  # a KX taken from the pile: the number it was discarded as
    deck_size: int
    hit: bool  # the draw of a player hit by Black Christmas


@tagged("drawn")
class Drawn(GameEvent):
    """Private: the card drawn from the deck."""

    card: str


@tagged("rebuild")
class Rebuild(GameEvent):
    """The empty deck is rebuilt from the pile but its top card (§11)."""

    count: int
    limit: int
    deck_size: int
    top: str


@tagged("discard")
class Discarded(Acted):
    card: str
    named: int | None  # a KX: the number it is discarded as
    riichi: bool  # declared with this discard
    chain: bool  # passes a Black Christmas hit on
    kept_riichi: bool  # a Riichi player's chain with the drawn card
    after_exchange: bool
    forced: bool  # a Riichi player's discard of the drawn card


@tagged("black_christmas")
class BlackChristmas(GameEvent):
    """A black discard beat the card under it: ``target`` is hit with N = ``number`` (§6)."""

    by: int
    target: int
    card: str
    number: int
    under: str
    under_number: int


@tagged("riichi_cancelled")
class RiichiCancelled(Acted):
    by_choice: bool  # given up, rather than cancelled because the drawn card neither wins nor chains


@tagged("exchange")
class ExchangeChosen(Acted):
    n: int


@tagged("placed")
class Placed(GameEvent):
    """Private: the card put under the deck, the ``position``-th of ``of``."""

    card: str
    position: int
    of: int


@tagged("exchange_step")
class ExchangeStep(Acted):
    placed: int
    of: int
    deck_size: int


@tagged("exchange_draw")
class ExchangeDraw(Acted):
    n: int
    deck_size: int


@tagged("exchange_cards")
class ExchangeCards(GameEvent):
    """Private: the cards the exchange returned and drew."""

    returned: list[str]
    drawn: list[str]


@tagged("ron_declared")
class RonDeclared(Acted):
    pass


@tagged("win")
class Win(GameEvent):
    winner: int
    payer: int
    kind: str  # tsumo | ron | surprise_gift | black_gift
    hand: list[str]
    value: int
    total: int


@tagged("exhausted")
class Exhausted(GameEvent):
    """The deck ran out and may not be rebuilt again: nobody wins the round."""

    reshuffles: int
    limit: int


class Pattern(BaseModel):
    id: str
    name: str
    points: int


class ScoredWin(BaseModel):
    """One win of a round, scored (§9-§10)."""

    winner: int
    payer: int
    kind: str
    hand: list[str]
    value: int
    patterns: list[Pattern]
    met: list[str]  # every pattern of the counting reading
    kx: list[int]  # the number each KX counted as
    dora_count: int
    lead_double: bool
    bonus: int
    total: int


class RoundOutcome(BaseModel):
    """A round's result and its seed, revealed (docs/design.md §3): what ``round_end`` tells, and what the views
    show of the last round."""

    round: int
    lead: int
    wins: list[ScoredWin]
    lapsed: list[int]  # seats that declared Ron but were not among the two nearest
    indicator: str | None
    dora: list[str]
    payments: list[int]
    scores: list[int]
    next_lead: int
    lead_counts: list[int]
    reshuffles: int
    seed: str
    hash: str


@tagged("round_end")
class RoundEnd(RoundOutcome, GameEvent):
    """The round's end: its outcome (the event's fields after ``type`` and ``seat``)."""


class GameEnd(GameEnded):
    rounds: int


BCPokerEvent = Annotated[
    RoundStart
    | Deal
    | Draw
    | Drawn
    | Rebuild
    | Discarded
    | BlackChristmas
    | RiichiCancelled
    | ExchangeChosen
    | Placed
    | ExchangeStep
    | ExchangeDraw
    | ExchangeCards
    | RonDeclared
    | Win
    | Exhausted
    | RoundEnd
    | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(BCPokerEvent)
"""``EVENT.validate_python(dict)`` reads any Black Christmas Poker event."""
