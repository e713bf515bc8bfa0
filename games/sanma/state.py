"""Sanma's state: the model a table keeps (its snapshot is ``model_dump_json()``) and the small questions every part of
the engine asks of it (a tile's code, the dora indicators, the dealer, whether a hand is closed)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.sanma.events import SanmaEvent
from games.sanma.options import Options
from games.sanma.tiles import sort_key, tile_code
from games.table_state import TableState

ROUND_NAMES = ["East 1", "East 2", "East 3", "South 1", "South 2", "South 3"]
WIND = ["East", "South", "West"]
WindowKind = Literal["discard", "kakan", "ankan", "kita"]


def _per_seat() -> list[list[Any]]:
    """An empty list for each seat."""
    return [[], [], []]


def _no_pao() -> list[dict[str, int | str] | None]:
    return [None, None, None]


class MeldM(BaseModel):
    type: str  # pon | daiminkan | ankan | shouminkan
    tiles: list[int]
    called: int | None = None
    from_seat: int | None = None


class RiverTile(BaseModel):
    tile: int
    riichi: bool = False
    called: bool = False
    tsumogiri: bool = False


class Window(BaseModel):
    kind: WindowKind
    tile: int
    from_seat: int
    offers: list[list[str]]  # per seat
    answers: list[str | None]
    riichi_discard: bool = False


class SanmaState(TableState[Options]):
    game: str = "sanma"
    scores: list[int]
    round_index: int = 0  # 0 = E1 … 5 = S3
    honba: int = 0
    sticks: int = 0
    hand_no: int = 0
    hand_seed: str = ""
    hand_hash: str = ""
    walls: list[list[int]] | None = None
    wall_pos: int = 0
    wall: list[int] = Field(default_factory=list)
    live_pos: int = 39
    live_end: int = 94
    rinshan: list[int] = Field(default_factory=list)
    n_dora: int = 1
    pending_dora: int = 0
    hands: list[list[int]] = Field(default_factory=_per_seat)
    melds: list[list[MeldM]] = Field(default_factory=_per_seat)
    kita: list[list[int]] = Field(default_factory=_per_seat)
    rivers: list[list[RiverTile]] = Field(default_factory=_per_seat)
    riichi: list[int] = Field(default_factory=lambda: [0, 0, 0])  # 0 no, 1 declared, 2 accepted
    double_riichi: list[bool] = Field(default_factory=lambda: [False] * 3)
    ippatsu: list[bool] = Field(default_factory=lambda: [False] * 3)
    temp_furiten: list[bool] = Field(default_factory=lambda: [False] * 3)
    riichi_furiten: list[bool] = Field(default_factory=lambda: [False] * 3)
    first_round: bool = True  # no pon, kan or kita yet this hand
    discarded: list[bool] = Field(default_factory=lambda: [False] * 3)
    phase: str = "turn"  # turn | respond | over
    turn: int = 0
    drawn: int | None = None
    draw_kind: str = "normal"  # normal | replacement | call
    kuikae: int | None = None
    window: Window | None = None
    kans: list[int] = Field(default_factory=list)  # seat of each kan this hand
    suukaikan_pending: bool = False
    pao: list[dict[str, int | str] | None] = Field(default_factory=_no_pao)
    normal_draws: int = 0
    replacement_draws: int = 0
    last_hand: dict[str, Any] | None = None
    hands_log: list[dict[str, Any]] = Field(default_factory=list)
    final: dict[str, Any] | None = None
    opening_events: list[SanmaEvent] = Field(default_factory=list)
    actions: int = 0

    @property
    def dealer(self) -> int:
        return self.round_index % 3

    @property
    def live(self) -> int:
        return self.live_end - self.live_pos


def code(state: SanmaState, tile: int) -> str:
    """A tile's code at this table (``0p`` for the red five when red fives are played)."""
    return tile_code(tile, state.options.red_fives)


def codes(state: SanmaState, tiles: Iterable[int]) -> list[str]:
    """Tiles' codes in display order."""
    return [code(state, t) for t in sorted(tiles, key=sort_key)]


def dora_tiles(state: SanmaState) -> list[int]:
    return state.wall[94 : 94 + state.n_dora]


def ura_tiles(state: SanmaState) -> list[int]:
    return state.wall[99 : 99 + state.n_dora]


def dora_indicators(state: SanmaState) -> list[str]:
    return [code(state, t) for t in dora_tiles(state)]


def is_closed(state: SanmaState, seat: int) -> bool:
    return all(m.type == "ankan" for m in state.melds[seat])


def seat_wind(state: SanmaState, seat: int) -> int:
    return (seat - state.dealer) % 3


def find_tile(state: SanmaState, seat: int, wanted: str, prefer: int | None = None) -> int | None:
    """A tile of the hand with this code (the drawn tile first when it matches)."""
    hand = state.hands[seat]
    if prefer is not None and prefer in hand and code(state, prefer) == wanted:
        return prefer
    for t in hand:
        if code(state, t) == wanted:
            return t
    return None
