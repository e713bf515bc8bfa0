"""Hachi-Hachi's state: the model a snapshot stores (the year's money, the month's cards, bids, declarations,
captures and calls) and the few facts read from it (roles, the order from the dealer, the money's invariant)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.base import GameError
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.options import Options
from games.hanafuda import DECK
from games.table_state import TableState

BLANK = "BLANK"


START_CASH = 60


LOAN = 120


REPAY_STEP = 60


HAN_DON = 120


ROLES = ["Oya", "Dou-ni", "Biki"]


FIELD_OF_LIGHT = {"1L": 2, "3L": 2, "8L": 2, "11L": 4, "12L": 4}


FIELD_NAMES = {1: "Petit", 2: "Double", 4: "Grand"}


class Sage(BaseModel):
    seat: int
    order: int
    value: int


class HHState(TableState[Options]):
    game: str = "hachihachi"
    decks: list[list[str]] | None = None
    deck_pos: int = 0
    stocks: list[list[str]] | None = None
    stock_pos: int = 0
    # the game (a campaign plays several)
    game_no: int = 1
    games_total: int = 1
    month: int = 0
    dealer: int = 0
    phase: str = "mizuten"  # mizuten | bidding | declare | play | take | decide | repay | over
    acting: list[int] = Field(default_factory=list)
    cash: list[int]
    debt: list[int]
    loans: list[int]  # loans taken this game (count)
    repaid: list[int]  # points repaid this game
    pot: int = 0
    bank: int = 0
    track: list[int]  # stones per month slot
    track_fields: list[int]  # field multiplier played in each slot (0: not yet)
    pending_tokens: list[int] = Field(default_factory=list)  # field tokens waiting (2 or 4), highest first
    mult: int = 1
    # the month
    month_seed: str = ""
    month_hash: str = ""
    attempt: int = 0
    hands: list[list[str]]
    dealt: list[list[str]]
    table: list[str] = Field(default_factory=list)
    stock: list[str] = Field(default_factory=list)
    undealt: list[str] = Field(default_factory=list)
    blank: int | None = None
    mizuten: bool = False
    mizuten_void: bool = False
    bid_order: list[int] = Field(default_factory=list)
    bids: list[str | None]  # stay | pass | chased | out (blank holder) | None (undecided)
    active: list[int] = Field(default_factory=list)  # Oya, Dou-ni, Biki
    declared: list[dict[str, Any] | None]
    captures: list[list[str]]
    held: list[list[str]]  # captured combo ids already answered (Yoshi/Sa-gé asked)
    sages: list[Sage] = Field(default_factory=list)
    sage_counter: int = 0
    turn: int | None = None
    pending: str | None = None
    pending_choices: list[str] = Field(default_factory=list)
    mizuten_success: bool = False
    tobikomi: list[list[str]]  # per seat: triplets (as "4A 4R 4C1") already earned
    nukeyaku: list[bool]
    last_winners: list[int] = Field(default_factory=list)  # winner(s) of the last month played (§12)
    month_log: list[dict[str, Any]] = Field(default_factory=list)  # every month_end of this game
    game_log: list[dict[str, Any]] = Field(default_factory=list)  # every game_end
    totals: list[int]  # campaign: sum of final scores
    ledger: list[dict[str, Any]] = Field(default_factory=list)  # loans and repayments of every game
    # every transfer (loans and repayments included) since the last summary event; the next
    # summary (month_end, interlude, game_end) shows them line by line and empties the list
    unshown: list[dict[str, Any]] = Field(default_factory=list)
    account: list[dict[str, int]] = Field(default_factory=list)  # per seat: this game's points by ledger line
    last_summary: dict[str, Any] | None = None
    opening_events: list[HachiHachiEvent] = Field(default_factory=list)
    actions: int = 0


def seat_count(state: HHState) -> int:
    return len(state.seats)


def role_of(state: HHState, seat: int) -> str | None:
    if seat in state.active:
        return ROLES[state.active.index(seat)]
    return None


def check_invariant(state: HHState) -> None:
    """§1: Σcash + pot + track + bank = 60·N; cash ≥ 0; debt a multiple of 60."""
    n = seat_count(state)
    total = sum(state.cash) + state.pot + sum(state.track) + state.bank
    if total != START_CASH * n:
        raise AssertionError(f"conservation broken: {total} != {START_CASH * n}")
    if any(c < 0 for c in state.cash) or any(d < 0 or d % REPAY_STEP for d in state.debt) or state.pot < 0:
        raise AssertionError("negative cash or pot, or a debt that is not a multiple of 60")


def check_deck(deck: list[str], n: int) -> list[str]:
    want = set(DECK) | ({BLANK} if n == 7 else set())
    if len(deck) != len(want) or set(deck) != want:
        raise GameError(f"An injected deck must hold each of the {len(want)} cards exactly once.")
    return list(deck)


def from_dealer(state: HHState) -> list[int]:
    n = seat_count(state)
    return [(state.dealer + i) % n for i in range(n)]
