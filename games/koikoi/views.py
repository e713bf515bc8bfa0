"""What Koi-Koi shows: the public view (everyone's) and a seat's view (the public view and that seat's hand).

Renderers, pictures, the bot policy and the tests read these models by attribute. Their ``model_dump()`` is the
view as the table stores and hashes it: keys in the order declared here.
"""

from __future__ import annotations

from typing import Any, Literal

from games.fishing import FlipChoice, ViewPart
from games.koikoi.state import KoiKoiState, roles, seat_count
from games.koikoi.yaku import yaku_name

Phase = Literal["play", "choose_take", "decide", "over"]


class YakuScore(ViewPart):
    id: str
    name: str
    points: int


class OptionsShown(ViewPart):
    players: int
    toppa: bool
    viewing_yaku: bool
    double_over_7: bool
    months: int


class SideView(ViewPart):
    """A side (one seat, or a team of two with four players): its pooled captures and yaku."""

    seats: list[int]
    captures: list[str]
    yaku: list[YakuScore]
    points: int  # the yaku total now
    sake_cup: str | None  # what the Sake cup counts as, when it counts
    called: bool  # Koi-Koi called this round
    reference: int  # the points at its last call: a yaku must beat them


class CallView(ViewPart):
    seat: int
    order: int  # 1-based, within the round
    points: int


class PublicView(ViewPart):
    game: Literal["koikoi"]
    variant: str  # "2p", "2p_toppa", "3p", "4p"
    players: int
    options: OptionsShown
    seats: list[str]  # names
    bots: list[bool]
    month: int
    months: int
    round: int
    oya: int
    order: list[int]  # turn order; order[0] was the first Oya
    roles: list[str]  # per seat: "Oya", "Ko", …
    teams: list[list[int]] | None  # four players: the two teams
    side_of: list[int]
    phase: Phase
    turn: int | None
    field: list[str]
    pile_count: int
    hand_counts: list[int]
    sides: list[SideView]
    calls: list[CallView]
    scores: list[int]
    round_hash: str
    pending: FlipChoice | None
    last_round: dict[str, Any] | None  # the last round's end, the fields of its ``round_end`` event


class SeatView(PublicView):
    seat: int
    hand: list[str]


def _shown(state: KoiKoiState) -> dict[str, Any]:
    """The public view's fields, in their order, as plain data: validated into the view at once (a third cheaper
    than building its parts as models first), and copied by the validation, so a view shares no list with the
    state."""
    n = seat_count(state)
    over = state.phase == "over"
    o = state.options
    return {
        "game": "koikoi",
        "variant": o.variant,
        "players": n,
        "options": {
            "players": o.players,
            "toppa": o.toppa,
            "viewing_yaku": o.viewing_yaku,
            "double_over_7": o.double_over_7,
            "months": o.months,
        },
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "month": state.months_done if over else state.months_done + 1,
        "months": o.months,
        "round": state.round,
        "oya": state.oya,
        "order": list(state.order),
        "roles": roles(state),
        "teams": [list(s.seats) for s in state.sides] if n == 4 else None,
        "side_of": list(state.side_of),
        "phase": state.phase,
        "turn": state.turn,
        "field": list(state.field),
        "pile_count": len(state.pile),
        "hand_counts": [len(h) for h in state.hands],
        "sides": [
            {
                "seats": s.seats,
                "captures": s.captures,
                "yaku": [{"id": y, "name": yaku_name(y), "points": p} for y, p in s.yaku],
                "points": s.points,
                "sake_cup": s.sake_cup,
                "called": s.called,
                "reference": s.reference,
            }
            for s in state.sides
        ],
        "calls": [{"seat": c.seat, "order": c.order, "points": c.points} for c in state.calls],
        "scores": list(state.scores),
        "round_hash": state.round_hash,
        "pending": {"card": state.pending, "choices": state.pending_choices} if state.pending else None,
        "last_round": state.last_round,
    }


def public_view(state: KoiKoiState) -> PublicView:
    return PublicView.model_validate(_shown(state))


def view(state: KoiKoiState, seat: int) -> SeatView:
    return SeatView.model_validate({**_shown(state), "seat": seat, "hand": state.hands[seat]})
