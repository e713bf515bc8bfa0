"""Hachi-Hachi events: one model per type, :data:`HachiHachiEvent` their union keyed on ``type``.

Every event is public except ``your_hand`` (``seat`` is the only seat that sees it). ``player`` is
the seat that acted. A transfer is ``{"from", "to", "amount", "why"}`` (plus ``slot``, ``step``,
``position`` or ``chasse`` where they apply) between seats and the accounts ``"pot"``, ``"bank"``
and ``"track"``; ``movements`` are the season ledger lines they make.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from games.events import GameEvent
from games.fishing import Flipped, Played, Taken

Transfer = dict[str, Any]
Combo = dict[str, Any]  # {"id", "kan"}


class GameStart(GameEvent):
    type: Literal["game_start"] = "game_start"
    game: int
    games: int
    dealer: int
    months: int
    cash: list[int]


class RoundStart(GameEvent):
    """A month begins (its seed's hash is shown; the seed is revealed at month_end)."""

    type: Literal["round_start"] = "round_start"
    game: int
    month: int
    months: int
    dealer: int
    hash: str
    pending_tokens: list[int]


class Mizuten(GameEvent):
    type: Literal["mizuten"] = "mizuten"
    player: int
    declared: bool


class Redeal(GameEvent):
    type: Literal["redeal"] = "redeal"
    month: int
    attempt: int
    table: list[str]
    four_of: int  # the month of which the table holds all four cards
    blank: int | None


class Deal(GameEvent):
    type: Literal["deal"] = "deal"
    month: int
    dealer: int
    table: list[str]
    new_tokens: list[int]
    field: int  # the month's multiplier
    field_name: str
    pending_tokens: list[int]
    blank: int | None  # the seat that drew the blank card (its cards are the table)
    attempts: int
    hand_counts: list[int]


class YourHand(GameEvent):
    """Private to ``seat``: the hand dealt to it."""

    type: Literal["your_hand"] = "your_hand"
    hand: list[str]


class Shiso(GameEvent):
    type: Literal["shiso"] = "shiso"
    holders: list[dict[str, Any]]  # {"seat", "cards", "kasu", "kan"}: the hand is shown
    field: int


class Bid(GameEvent):
    type: Literal["bid"] = "bid"
    player: int
    choice: Literal["stay", "pass"]
    position: int
    auto: bool
    amount: int  # paid into the pot by a pass


class PasDeMatch(GameEvent):
    type: Literal["pas_de_match"] = "pas_de_match"
    stayers: list[int]
    pot: int


class Chassed(GameEvent):
    type: Literal["chassed"] = "chassed"
    seats: list[int]


class Compensation(GameEvent):
    type: Literal["compensation"] = "compensation"
    chassed: list[dict[str, Any]]  # {"seat", "q", "items", "cards", "amount"}
    field: int


class Stock(GameEvent):
    type: Literal["stock"] = "stock"
    count: int
    active: list[int]
    roles: dict[str, int]


class Declared(GameEvent):
    type: Literal["declare"] = "declare"
    player: int
    kasu: str | None
    suit: str | None
    kan: int
    kasu_kan: int = 0
    suit_kan: int = 0
    face_up: list[str]
    face_down: list[str]  # the kinds of the cards kept face down


class Payments(GameEvent):
    """One payment step, netted per player; short payers borrow (§12)."""

    type: Literal["payments"] = "payments"
    step: str
    month: int
    transfers: list[Transfer]
    net: list[int]
    loans: list[int]
    cash: list[int]
    debt: list[int]
    pot: int


class Bonus(GameEvent):
    type: Literal["bonus"] = "bonus"
    player: int
    kind: Literal["mizuten", "nukeyaku", "tobikomi"]
    points: int | None = None  # the card points (Mizu-ten, Nukeyaku)
    triplet: list[str] | None = None  # the declared triplet captured (Tobikomi)


class ComboMade(GameEvent):
    type: Literal["combo"] = "combo"
    player: int
    new: list[str]
    combos: list[Combo]
    value: int


class Sage(GameEvent):
    type: Literal["sage"] = "sage"
    player: int
    value: int
    order: int


class Yoshi(GameEvent):
    type: Literal["yoshi"] = "yoshi"
    player: int
    value: int
    case: str
    combos: list[Combo]


class CancelSage(GameEvent):
    type: Literal["cancel_sage"] = "cancel_sage"
    player: int
    value: int
    combos: list[Combo]


class Exhaustion(GameEvent):
    type: Literal["exhaustion"] = "exhaustion"
    points: dict[str, int]  # card points by seat ("0", "1" …)
    counted: dict[str, Any] | None  # Double 8 or Tous 8: {"id", "seat", "kan"}


class MonthEnd(GameEvent):
    """The month's result, every transfer of it, and its seed revealed (docs/design.md §3)."""

    type: Literal["month_end"] = "month_end"
    game: int
    month: int
    months: int
    kind: Literal["shiso", "yoshi", "cancel_sage", "exhaustion", "pas_de_match"]
    winner: int | None
    field: int
    field_name: str
    active: list[int]
    roles: dict[str, int]
    dealer: int
    next_dealer: int
    mizuten: bool
    settlement: list[Transfer]
    transfers: list[Transfer]
    movements: list[dict[str, Any]]
    month_end: list[Transfer]
    change: list[int]
    cash: list[int]
    debt: list[int]
    pot: int
    track: list[int]
    captures_points: list[int | None]
    seed: str
    hash: str
    shiso: list[dict[str, Any]] | None = None  # kind shiso: the holders
    case: str | None = None  # S1 … S3 (yoshi, cancel_sage)
    value: int | None = None  # the winner's combos in Kan (yoshi, cancel_sage)
    captures: list[list[str]] = []  # each seat's capture pile (empty: sat out), shown in the result's picture
    points: list[int | None] | None = None  # card points (exhaustion)
    counted: dict[str, Any] | None = None  # Double 8 or Tous 8 (exhaustion)


class Interlude(GameEvent):
    """Han-Don or repayments between two months: what moved."""

    type: Literal["interlude"] = "interlude"
    game: int
    month: int
    kind: Literal["han_don", "ishi_arai"]
    transfers: list[Transfer]
    movements: list[dict[str, Any]]
    cash: list[int]
    debt: list[int]


class HanDon(GameEvent):
    type: Literal["han_don"] = "han_don"
    month: int


class RepayWindow(GameEvent):
    type: Literal["repay_window"] = "repay_window"
    kind: Literal["han_don", "ishi_arai"]
    month: int
    seats: list[int]  # who may repay now


class Repaid(GameEvent):
    type: Literal["repay"] = "repay"
    player: int
    amount: int
    mandatory: bool  # at the year end
    cash: int
    debt: int


class GameEnd(GameEvent):
    type: Literal["game_end"] = "game_end"
    game: int
    games: int
    months_played: int
    repaid: list[dict[str, int]]
    poorest: list[int]
    stones: int
    winner: int | None
    winners: list[int]
    bonus: int
    transfers: list[Transfer]
    movements: list[dict[str, Any]]
    account: list[dict[str, int]]
    cash: list[int]
    debt: list[int]
    scores: list[int]
    placings: list[int]
    totals: list[int]
    loans: list[int]


HachiHachiEvent = Annotated[
    GameStart
    | RoundStart
    | Mizuten
    | Redeal
    | Deal
    | YourHand
    | Shiso
    | Bid
    | PasDeMatch
    | Chassed
    | Compensation
    | Stock
    | Declared
    | Payments
    | Played
    | Flipped
    | Taken
    | Bonus
    | ComboMade
    | Sage
    | Yoshi
    | CancelSage
    | Exhaustion
    | MonthEnd
    | Interlude
    | HanDon
    | RepayWindow
    | Repaid
    | GameEnd,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(HachiHachiEvent)
"""``EVENT.validate_python(dict)`` reads any Hachi-Hachi event."""
