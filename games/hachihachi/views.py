"""What Hachi-Hachi shows: the public view (everyone's) and a seat's view (the public view, that seat's hand, its
hand combos and what it may repay).

Renderers, pictures, the bot policy and the tests read these models by attribute. Their ``model_dump()`` is the
view as the table stores and hashes it: keys in the order declared here. Declared hands show what the rules let
the table see: the face-up cards by code, the others by their kind only.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.fishing import FlipChoice

Phase = Literal["mizuten", "bidding", "declare", "play", "take", "decide", "repay", "over"]
Bid = Literal["stay", "pass", "chased", "out"]  # "out": the blank card's holder; None: not spoken yet


class OptionsShown(BaseModel):
    players: int
    payment: Literal["each-opponent-full", "split"]
    months: Literal[12, 10, 6]
    campaign: bool
    shiso_ends_game: bool


class ComboKan(BaseModel):
    """A combo and what it is worth, in Kan."""

    id: str
    kan: int


class SuitCombo(ComboKan):
    triplets: list[list[str]]  # the triplets (sorted codes) a Sanbon, Futasanbon or Haneken is made of


class HandCombos(BaseModel):
    """A dealt hand's combos: its best of the Kasu group and of the Suit group, and their total."""

    kasu: ComboKan | None
    suit: SuitCombo | None
    kan: int


class Declared(BaseModel):
    """A declared hand as the table sees it: the cards still in the hand, face up or as their kind."""

    kasu: str | None
    suit: str | None
    kan: int
    kasu_kan: int
    suit_kan: int
    face_up: list[str]
    face_down: list[str]  # the kinds ("L", "A", "R", "K") of the cards shown face down


class SageCall(BaseModel):
    seat: int
    order: int
    value: int  # Kan


class Bonuses(BaseModel):
    mizuten: bool  # the dealer's Mizu-ten succeeded
    tobikomi: list[int]  # per seat, the Tobikomi triplets earned
    nukeyaku: list[bool]


class PublicView(BaseModel):
    game: Literal["hachihachi"]
    players: int
    options: OptionsShown
    seats: list[str]  # names
    bots: list[bool]
    game_no: int  # a campaign plays several games
    games_total: int
    month: int
    months: int
    phase: Phase
    acting: list[int]
    turn: int | None
    dealer: int
    field: int  # the month's multiplier: 1, 2 or 4
    field_name: str  # "Petit", "Double", "Grand"
    pending_tokens: list[int]  # fields waiting for later months
    track: list[int]  # stones per month slot
    track_fields: list[int]  # the field each slot was played with (0: not yet)
    pot: int
    bank: int
    cash: list[int]
    debt: list[int]
    loans: list[int]
    table: list[str]
    stock_count: int
    hand_counts: list[int]
    blank: int | None  # the seat that drew the blank card (7 players), sitting out
    mizuten: bool
    bids: list[Bid | None]
    bid_order: list[int]
    active: list[int]  # the three playing: Oya, Dou-ni, Biki
    roles: dict[str, str]  # seat (as text) -> role
    declared: list[Declared | None]
    captures: list[list[str]]
    card_points: list[int]
    combos: list[list[ComboKan]]  # per seat, its captured combos
    sages: list[SageCall]
    pending: FlipChoice | None
    bonuses: Bonuses
    month_hash: str
    last_summary: dict[str, Any] | None  # the last summary: the fields of its month_end or game_end event
    totals: list[int]  # a campaign's running totals


class SeatView(PublicView):
    seat: int
    hand: list[str]
    hand_combos: HandCombos | None  # of the hand as dealt (None before the deal)
    can_repay: int  # the most the seat may repay now
