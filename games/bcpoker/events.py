"""Black Christmas Poker events: one model per type, :data:`BCPokerEvent` their union keyed on ``type``.

Public (``seat=None``) events name only public cards: a discard, the card taken from the pile, the
hands that won. ``deal``, ``drawn``, ``placed`` and ``exchange_cards`` are private to ``seat``.
``player`` is the seat that acted.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from games.events import GameEnded, GameEvent


class RoundStart(GameEvent):
    type: Literal["round_start"] = "round_start"
    round: int
    lead: int
    hash: str  # SHA-256 of the round's seed, revealed at round_end
    deck_size: int
    decks: int
    lead_counts: list[int]


class Deal(GameEvent):
    """Private: the seat's seven cards."""

    type: Literal["deal"] = "deal"
    hand: list[str]


class Draw(GameEvent):
    """A draw: from the deck (the card stays secret) or the top discard (``card``, public)."""

    type: Literal["draw"] = "draw"
    player: int
    source: Literal["deck", "pile"]
    card: str | None = None
    named: int | None = None  # a KX taken from the pile: the number it was discarded as
    deck_size: int
    hit: bool  # the draw of a player hit by Black Christmas


class Drawn(GameEvent):
    """Private: the card drawn from the deck."""

    type: Literal["drawn"] = "drawn"
    card: str


class Rebuild(GameEvent):
    """The empty deck is rebuilt from the pile but its top card (§11)."""

    type: Literal["rebuild"] = "rebuild"
    count: int
    limit: int
    deck_size: int
    top: str


class Discarded(GameEvent):
    type: Literal["discard"] = "discard"
    player: int
    card: str
    named: int | None  # a KX: the number it is discarded as
    riichi: bool  # declared with this discard
    chain: bool  # passes a Black Christmas hit on
    kept_riichi: bool  # a Riichi player's chain with the drawn card
    after_exchange: bool
    forced: bool  # a Riichi player's discard of the drawn card


class BlackChristmas(GameEvent):
    """A black discard beat the card under it: ``target`` is hit with N = ``number`` (§6)."""

    type: Literal["black_christmas"] = "black_christmas"
    by: int
    target: int
    card: str
    number: int
    under: str
    under_number: int


class RiichiCancelled(GameEvent):
    type: Literal["riichi_cancelled"] = "riichi_cancelled"
    player: int
    by_choice: bool  # given up, rather than cancelled because the drawn card neither wins nor chains


class ExchangeChosen(GameEvent):
    type: Literal["exchange"] = "exchange"
    player: int
    n: int


class Placed(GameEvent):
    """Private: the card put under the deck, the ``position``-th of ``of``."""

    type: Literal["placed"] = "placed"
    card: str
    position: int
    of: int


class ExchangeStep(GameEvent):
    type: Literal["exchange_step"] = "exchange_step"
    player: int
    placed: int
    of: int
    deck_size: int


class ExchangeDraw(GameEvent):
    type: Literal["exchange_draw"] = "exchange_draw"
    player: int
    n: int
    deck_size: int


class ExchangeCards(GameEvent):
    """Private: the cards the exchange returned and drew."""

    type: Literal["exchange_cards"] = "exchange_cards"
    returned: list[str]
    drawn: list[str]


class RonDeclared(GameEvent):
    type: Literal["ron_declared"] = "ron_declared"
    player: int


class Win(GameEvent):
    type: Literal["win"] = "win"
    winner: int
    payer: int
    kind: str  # tsumo | ron | surprise_gift | black_gift
    hand: list[str]
    value: int
    total: int


class Exhausted(GameEvent):
    """The deck ran out and may not be rebuilt again: nobody wins the round."""

    type: Literal["exhausted"] = "exhausted"
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


class RoundEnd(RoundOutcome, GameEvent):
    """The round's end: its outcome (the event's fields after ``type`` and ``seat``)."""

    type: Literal["round_end"] = "round_end"


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
