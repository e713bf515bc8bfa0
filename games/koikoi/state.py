"""Koi-Koi's state: the model a snapshot stores (seats, sides, hands, field, pile, calls, scores) and the seats'
order and roles read from it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.base import GameError
from games.hanafuda import DECK
from games.koikoi.events import KoiKoiEvent
from games.koikoi.options import Options
from games.koikoi.yaku import yaku_name
from games.table_state import TableState

ROLE_NAMES = {2: ["Oya", "Ko"], 3: ["Oya", "Naka", "Biki"], 4: ["Oya", "Dou-ni", "Dou-san", "Biki"]}

# (hand packet, table packet) for each deal pass, per variant (§3)
DEAL_PASSES = {
    "2p": [(4, 4), (4, 4)],
    "2p_toppa": [(5, 4), (5, 4)],
    "3p": [(3, 3), (4, 3)],
    "4p": [(2, 4), (3, 4)],
}


class Side(BaseModel):
    seats: list[int]
    captures: list[str] = Field(default_factory=list)
    points: int = 0  # current B
    yaku: list[tuple[str, int]] = Field(default_factory=list)
    sake_cup: str | None = None
    called: bool = False
    reference: int = 0  # R


class Call(BaseModel):
    seat: int
    side: int
    order: int  # 1-based, within the round
    points: int  # B when calling (the new R)


class KoiKoiState(TableState[Options]):
    game: str = "koikoi"
    order: list[int]  # turn order (cyclic, fixed); order[0] is the first Oya
    side_of: list[int]  # side index of each seat
    sides: list[Side]
    oya: int
    round: int = 0  # rounds started
    months_done: int = 0
    attempt: int = 0  # deal attempt within the round
    round_seed: str = ""  # secret until round_end
    round_hash: str = ""
    decks: list[list[str]] | None = None  # injected deck source (tests)
    deck_pos: int = 0
    hands: list[list[str]]
    field: list[str] = Field(default_factory=list)
    pile: list[str] = Field(default_factory=list)
    phase: str = "play"  # play | choose_take | decide | over
    turn: int | None = None
    pending: str | None = None
    pending_choices: list[str] = Field(default_factory=list)
    calls: list[Call] = Field(default_factory=list)
    scores: list[int]
    last_round: dict[str, Any] | None = None
    rounds: list[dict[str, Any]] = Field(default_factory=list)  # every round_end data
    opening_events: list[KoiKoiEvent] = Field(default_factory=list)
    actions: int = 0


def seat_count(state: KoiKoiState) -> int:
    return state.options.players


def role_of(state: KoiKoiState, seat: int) -> str:
    n = seat_count(state)
    pos = (state.order.index(seat) - state.order.index(state.oya)) % n
    return ROLE_NAMES[n][pos]


def roles(state: KoiKoiState) -> list[str]:
    order = state.order
    n = len(order)
    names = ROLE_NAMES[n]
    base = order.index(state.oya)
    out = [""] * n
    for pos, s in enumerate(order):
        out[s] = names[(pos - base) % n]
    return out


def next_seat(state: KoiKoiState, seat: int) -> int:
    order = state.order
    return order[(order.index(seat) + 1) % len(order)]


def seats_from_oya(state: KoiKoiState) -> list[int]:
    order = state.order
    i = order.index(state.oya)
    return order[i:] + order[:i]


def seat_name(state: KoiKoiState, seat: int) -> str:
    return state.seats[seat].name


def yaku_list(pairs) -> list[dict[str, Any]]:
    return [{"id": y, "name": yaku_name(y), "points": p} for y, p in pairs]


def check_deck(deck: list[str]) -> list[str]:
    if len(deck) != 48 or set(deck) != set(DECK):
        raise GameError("An injected deck must hold each of the 48 cards exactly once.")
    return list(deck)
