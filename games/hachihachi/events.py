"""Hachi-Hachi events: one model per type, :data:`HachiHachiEvent` their union keyed on ``type``.

Every event is public except ``your_hand`` (``seat`` is the only seat that sees it). ``player`` is
the seat that acted. A transfer is ``{"from", "to", "amount", "why"}`` (plus ``slot``, ``step``,
``position`` or ``chasse`` where they apply) between seats and the accounts ``"pot"``, ``"bank"``
and ``"track"``; ``movements`` are the season ledger lines they make.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from games.events import Acted, GameEvent, tagged
from games.fishing import Flipped, Played, Taken

Transfer = dict[str, Any]
Combo = dict[str, Any]  # {"id", "kan"}


@tagged("game_start")
class GameStart(GameEvent):
    game: int
    games: int
    dealer: int
    months: int
    cash: list[int]


@tagged("round_start")
class RoundStart(GameEvent):
    """A month begins (its seed's hash is shown; the seed is revealed at month_end)."""

    game: int
    month: int
    months: int
    dealer: int
    hash: str
    pending_tokens: list[int]


@tagged("mizuten")
class Mizuten(Acted):
    declared: bool


@tagged("redeal")
class Redeal(GameEvent):
    month: int
    attempt: int
    table: list[str]
    four_of: int  # the month of which the table holds all four cards
    blank: int | None


@tagged("deal")
class Deal(GameEvent):
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


@tagged("your_hand")
class YourHand(GameEvent):
    """Private to ``seat``: the hand dealt to it."""

    hand: list[str]


@tagged("shiso")
class Shiso(GameEvent):
    holders: list[dict[str, Any]]  # {"seat", "cards", "kasu", "kan"}: the hand is shown
    field: int


@tagged("bid")
class Bid(Acted):
    choice: Literal["stay", "pass"]
    position: int
    auto: bool
    amount: int  # paid into the pot by a pass


@tagged("pas_de_match")
class PasDeMatch(GameEvent):
    stayers: list[int]
    pot: int


@tagged("chassed")
class Chassed(GameEvent):
    seats: list[int]


@tagged("compensation")
class Compensation(GameEvent):
    chassed: list[dict[str, Any]]  # {"seat", "q", "items", "cards", "amount"}
    field: int


@tagged("stock")
class Stock(GameEvent):
    count: int
    active: list[int]
    roles: dict[str, int]


@tagged("declare")
class Declared(Acted):
    kasu: str | None
    suit: str | None
    kan: int
    kasu_kan: int = 0
    suit_kan: int = 0
    face_up: list[str]
    face_down: list[str]  # the kinds of the cards kept face down


@tagged("payments")
class Payments(GameEvent):
    """One payment step, netted per player; short payers borrow (§12)."""

    step: str
    month: int
    transfers: list[Transfer]
    net: list[int]
    loans: list[int]
    cash: list[int]
    debt: list[int]
    pot: int


@tagged("bonus")
class Bonus(Acted):
    kind: Literal["mizuten", "nukeyaku", "tobikomi"]
    points: int | None = None  # the card points (Mizu-ten, Nukeyaku)
    triplet: list[str] | None = None  # the declared triplet captured (Tobikomi)


@tagged("combo")
class ComboMade(Acted):
    new: list[str]
    combos: list[Combo]
    value: int


@tagged("sage")
class Sage(Acted):
    value: int
    order: int


@tagged("yoshi")
class Yoshi(Acted):
    value: int
    case: str
    combos: list[Combo]


@tagged("cancel_sage")
class CancelSage(Acted):
    value: int
    combos: list[Combo]


@tagged("exhaustion")
class Exhaustion(GameEvent):
    points: dict[str, int]  # card points by seat ("0", "1" …)
    counted: dict[str, Any] | None  # Double 8 or Tous 8: {"id", "seat", "kan"}


@tagged("month_end")
class MonthEnd(GameEvent):
    """The month's result, every transfer of it, and its seed revealed (docs/design.md §3)."""

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


@tagged("interlude")
class Interlude(GameEvent):
    """Han-Don or repayments between two months: what moved."""

    game: int
    month: int
    kind: Literal["han_don", "ishi_arai"]
    transfers: list[Transfer]
    movements: list[dict[str, Any]]
    cash: list[int]
    debt: list[int]


@tagged("han_don")
class HanDon(GameEvent):
    month: int


@tagged("repay_window")
class RepayWindow(GameEvent):
    kind: Literal["han_don", "ishi_arai"]
    month: int
    seats: list[int]  # who may repay now


@tagged("repay")
class Repaid(Acted):
    amount: int
    mandatory: bool  # at the year end
    cash: int
    debt: int


@tagged("game_end")
class GameEnd(GameEvent):
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
