"""What Koi-Koi shows: the public view (everyone's) and a seat's view (the public view and that seat's hand).

Renderers, pictures, the bot policy and the tests read these models by attribute. Their ``model_dump()`` is the
view as the table stores and hashes it: keys in the order declared here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.fishing import FlipChoice

Phase = Literal["play", "choose_take", "decide", "over"]


class YakuScore(BaseModel):
    id: str
    name: str
    points: int


class OptionsShown(BaseModel):
    players: int
    toppa: bool
    viewing_yaku: bool
    double_over_7: bool
    months: int


class SideView(BaseModel):
    """A side (one seat, or a team of two with four players): its pooled captures and yaku."""

    seats: list[int]
    captures: list[str]
    yaku: list[YakuScore]
    points: int  # the yaku total now
    sake_cup: str | None  # what the Sake cup counts as, when it counts
    called: bool  # Koi-Koi called this round
    reference: int  # the points at its last call: a yaku must beat them


class CallView(BaseModel):
    seat: int
    order: int  # 1-based, within the round
    points: int


class PublicView(BaseModel):
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
