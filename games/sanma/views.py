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

from games.sanma.events import EndReason, MeldType
from games.sanma.hands import furiten, waits
from games.sanma.state import ROUND_NAMES, WIND, SanmaState, code, codes, dora_indicators
from games.sanma.tiles import kind_code, sort_key

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

    reason: EndReason
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


def public_view(state: SanmaState) -> PublicView:
    """What everyone at the table may see."""
    return PublicView.model_validate(_public_fields(state))


def _public_fields(state: SanmaState) -> dict[str, Any]:
    """The public view's fields, in its order, as plain data."""
    d = state.dealer
    w = state.window
    o = state.options
    return {
        "game": "sanma",
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "options": {"red_fives": o.red_fives, "east_only": o.east_only, "tobi": o.tobi, "double_ron": o.double_ron},
        "round": ROUND_NAMES[min(state.round_index, 5)],
        "round_index": state.round_index,
        "hand_no": state.hand_no,
        "dealer": d,
        "honba": state.honba,
        "sticks": state.sticks,
        "winds": [WIND[(s - d) % 3] for s in range(3)],
        "scores": list(state.scores),
        "phase": state.phase,
        "turn": state.turn if state.phase == "turn" else None,
        "waiting_calls": state.phase == "respond",
        "window": {"kind": w.kind, "tile": code(state, w.tile), "from_seat": w.from_seat}
        if w and state.phase == "respond"
        else None,
        "live": state.live,
        "dora_indicators": dora_indicators(state),
        "rivers": [
            [
                {"tile": code(state, r.tile), "riichi": r.riichi, "called": r.called, "tsumogiri": r.tsumogiri}
                for r in state.rivers[s]
            ]
            for s in range(3)
        ],
        "melds": [
            [
                {
                    "type": m.type,
                    "tiles": codes(state, m.tiles),
                    "from_seat": m.from_seat,
                    "called_index": None if m.called is None else m.tiles.index(m.called),
                }  # the tile taken
                for m in state.melds[s]
            ]
            for s in range(3)
        ],
        "kita": [len(k) for k in state.kita],
        "riichi": [r in (1, 2) for r in state.riichi],  # declared or accepted
        "hand_counts": [len(h) for h in state.hands],
        "hash": state.hand_hash,
        "last_hand": state.last_hand,
        "final": state.final,
    }


def view(state: SanmaState, seat: int) -> SeatView:
    """What ``seat`` sees: the public view, its own hand and what follows from it."""
    hand = state.hands[seat]
    own = state.drawn is not None and state.turn == seat and state.phase == "turn"
    return SeatView.model_validate(
        {
            **_public_fields(state),
            "seat": seat,
            "hand": codes(state, hand),
            "hand_ids": sorted(hand, key=sort_key),
            "drawn": code(state, state.drawn) if own and state.drawn is not None else None,
            "furiten": furiten(state, seat) if state.phase != "over" else False,
            "my_riichi": state.riichi[seat],
            "waits": [kind_code(k) for k in waits(hand)] if len(hand) % 3 == 1 else [],
            "kuikae": kind_code(state.kuikae) if state.kuikae is not None and state.turn == seat else None,
        }
    )


def hidden_cards(state: SanmaState) -> dict[int, list[str]]:
    """Each seat's concealed tiles (none once the game is over)."""
    if state.phase == "over":
        return {s: [] for s in range(3)}
    return {s: codes(state, state.hands[s]) for s in range(3)}
