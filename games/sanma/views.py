"""What sanma shows: the public view (everyone's) and a seat's own view, as models.

The public view holds what every player at the table may see (docs/rules/sanma.md): rivers, melds, kita, dora
indicators, points, sticks, the wall count, whose turn, and that calls are being decided (never who may call). A
seat's view adds that seat's own hand and what follows from it (waits, furiten, kuikae).

The engine builds a view as plain data and validates it: on every redraw and bot turn, validation costs about
10 µs a view, half of building it, and less than building the nested models without it (``model_construct``)
would (``python -m benchmarks.bench_sanma_views``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.sanma.events import MeldType

Phase = Literal["turn", "respond", "over"]


class TableOptions(BaseModel):
    """The options a player may want to know while playing."""

    red_fives: bool
    east_only: bool
    tobi: bool
    double_ron: bool


class Offer(BaseModel):
    """The tile others may call now, and whose it is (who may call stays secret)."""

    kind: Literal["discard", "kakan", "ankan", "kita"]
    tile: str
    from_seat: int


class RiverTile(BaseModel):
    """A tile of a river."""

    tile: str
    riichi: bool  # the riichi declaration tile, laid sideways
    called: bool  # taken by another seat's call
    tsumogiri: bool  # the tile just drawn


class Meld(BaseModel):
    type: MeldType
    tiles: list[str]
    from_seat: int | None  # whose discard was called (None: a closed kan)
    called_index: int | None  # which of ``tiles`` was taken from that seat


class Final(BaseModel):
    """The game's end: raw points, placings and the final scores in thousands after uma and oka."""

    reason: Literal["bust", "last_hand", "agari_yame"]
    points: list[int]
    ranks: list[int]
    scores: list[float]


class PublicView(BaseModel):
    game: Literal["sanma"] = "sanma"
    seats: list[str]
    bots: list[bool]
    options: TableOptions
    round: str  # "East 1" …
    round_index: int
    hand_no: int
    dealer: int
    honba: int
    sticks: int
    winds: list[str]  # per seat: East, South or West
    scores: list[int]
    phase: Phase
    turn: int | None  # the seat to play, None during a call window or at the end
    waiting_calls: bool
    window: Offer | None
    live: int  # tiles left in the live wall
    dora_indicators: list[str]
    rivers: list[list[RiverTile]]
    melds: list[list[Meld]]
    kita: list[int]  # Norths set aside, per seat
    riichi: list[bool]
    hand_counts: list[int]
    hash: str  # SHA-256 of the hand's seed
    last_hand: dict[str, Any] | None  # the last hand's end as the state keeps it (games/sanma/events.py HandRecord)
    final: Final | None


class SeatView(PublicView):
    seat: int
    hand: list[str]  # sorted, the drawn tile among them
    hand_ids: list[int]  # the same tiles' ids, for the bot's shape analysis
    drawn: str | None  # the tile just drawn, on the seat's own turn
    furiten: bool
    my_riichi: int  # 0 none, 1 declared, 2 accepted
    waits: list[str]  # kinds that complete the hand, when it has 3n+1 tiles
    kuikae: str | None  # the kind the seat may not discard right after its pon
