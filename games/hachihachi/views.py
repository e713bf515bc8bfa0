"""What Hachi-Hachi shows: the public view (everyone's) and a seat's view (the public view, that seat's hand, its
hand combos and what it may repay).

Renderers, pictures, the bot policy and the tests read these models by attribute. Their ``model_dump()`` is the
view as the table stores and hashes it: keys in the order declared here. Declared hands show what the rules let
the table see: the face-up cards by code, the others by their kind only.
"""

from __future__ import annotations

from typing import Any, Literal

from games.fishing import FlipChoice, ViewPart
from games.hachihachi.combos import ComboKan, HandCombos, captured_combos, card_points, combo_class, hand_combos
from games.hachihachi.payments import can_repay
from games.hachihachi.state import FIELD_NAMES, ROLES, HHState, seat_count

Phase = Literal["mizuten", "bidding", "declare", "play", "take", "decide", "repay", "over"]
Bid = Literal["stay", "pass", "chased", "out"]  # "out": the blank card's holder; None: not spoken yet


class OptionsShown(ViewPart):
    players: int
    payment: Literal["each-opponent-full", "split"]
    months: Literal[12, 10, 6]
    campaign: bool
    shiso_ends_game: bool


class Declared(ViewPart):
    """A declared hand as the table sees it: the cards still in the hand, face up or as their kind."""

    kasu: str | None
    suit: str | None
    kan: int
    kasu_kan: int
    suit_kan: int
    face_up: list[str]
    face_down: list[str]  # the kinds ("L", "A", "R", "K") of the cards shown face down


class SageCall(ViewPart):
    seat: int
    order: int
    value: int  # Kan


class Bonuses(ViewPart):
    mizuten: bool  # the dealer's Mizu-ten succeeded
    tobikomi: list[int]  # per seat, the Tobikomi triplets earned
    nukeyaku: list[bool]


class PublicView(ViewPart):
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


def _declared_public(state: HHState, seat: int) -> dict[str, Any] | None:
    """A seat's declared hand as the table sees it (a ``Declared``'s fields)."""
    d = state.declared[seat]
    if not d:
        return None
    return {
        "kasu": d["kasu"],
        "suit": d["suit"],
        "kan": d["kan"],
        "kasu_kan": d["kasu_kan"],
        "suit_kan": d["suit_kan"],
        "face_up": [c for c in d["up"] if c in state.hands[seat]],
        "face_down": [combo_class(c) for c in d["down"] if c in state.hands[seat]],
    }


def _bonuses(state: HHState) -> dict[str, Any]:
    """The month's bonuses (a ``Bonuses``' fields)."""
    return {"mizuten": state.mizuten_success, "tobikomi": [len(t) for t in state.tobikomi], "nukeyaku": state.nukeyaku}


def _shown(state: HHState) -> dict[str, Any]:
    """The public view's fields, in their order, as plain data: validated into the view at once (cheaper than
    building its parts as models first), and copied by the validation, so a view shares no list with the state."""
    n = seat_count(state)
    o = state.options
    return {
        "game": "hachihachi",
        "players": n,
        "options": {
            "players": n,
            "payment": o.payment,
            "months": o.months,
            "campaign": o.campaign,
            "shiso_ends_game": o.shiso_ends_game,
        },
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "game_no": state.game_no,
        "games_total": state.games_total,
        "month": state.month,
        "months": o.months,
        "phase": state.phase,
        "acting": list(state.acting),
        "turn": state.turn,
        "dealer": state.dealer,
        "field": state.mult,
        "field_name": FIELD_NAMES[state.mult],
        "pending_tokens": list(state.pending_tokens),
        "track": list(state.track),
        "track_fields": list(state.track_fields),
        "pot": state.pot,
        "bank": state.bank,
        "cash": list(state.cash),
        "debt": list(state.debt),
        "loans": list(state.loans),
        "table": list(state.table),
        "stock_count": len(state.stock),
        "hand_counts": [len(h) for h in state.hands],
        "blank": state.blank,
        "mizuten": state.mizuten and not state.mizuten_void and state.phase != "mizuten",
        "bids": list(state.bids),
        "bid_order": list(state.bid_order),
        "active": list(state.active),
        "roles": {str(s): ROLES[i] for i, s in enumerate(state.active)},
        "declared": [_declared_public(state, s) for s in range(n)],
        "captures": [list(c) for c in state.captures],
        "card_points": [card_points(c) for c in state.captures],
        "combos": [[{"id": c, "kan": k} for c, k in captured_combos(cap)] for cap in state.captures],
        "sages": [
            {"seat": s.seat, "order": s.order, "value": s.value} for s in sorted(state.sages, key=lambda x: x.order)
        ],
        "pending": {"card": state.pending, "choices": state.pending_choices} if state.pending else None,
        "bonuses": _bonuses(state),
        "month_hash": state.month_hash,
        "last_summary": state.last_summary,
        "totals": list(state.totals),
    }


def public_view(state: HHState) -> PublicView:
    return PublicView.model_validate(_shown(state))


def view(state: HHState, seat: int) -> SeatView:
    dealt = state.dealt[seat]
    return SeatView.model_validate(
        {
            **_shown(state),
            "seat": seat,
            "hand": state.hands[seat],
            "hand_combos": hand_combos(dealt) if dealt else None,
            "can_repay": can_repay(state, seat),
        }
    )
