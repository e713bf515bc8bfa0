"""What a win at this moment of the hand would score: its context (riichi, ippatsu, rinshan, haitei …), dora and ura
indicators, and the hand through :mod:`games.sanma.scoring` (docs/rules/sanma.md §5)."""

from __future__ import annotations

from typing import Any

from games.sanma.hands import is_complete
from games.sanma.scoring import Score, WinContext, score_hand
from games.sanma.state import SanmaState, WindowKind, dora_tiles, seat_wind, ura_tiles


def win_context(
    state: SanmaState,
    seat: int,
    *,
    tsumo: bool,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    honba: int | None = None,
    sticks: int | None = None,
) -> WinContext:
    first_draw = tsumo and state.first_round and not state.discarded[seat] and state.draw_kind == "normal"
    accepted = state.riichi[seat] == 2
    return WinContext(
        tsumo=tsumo,
        riichi=accepted,
        double_riichi=accepted and state.double_riichi[seat],
        ippatsu=accepted and state.ippatsu[seat],
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=first_draw and seat == state.dealer,
        chiihou=first_draw and seat != state.dealer,
        seat_wind=seat_wind(state, seat),
        round_wind=state.round_index // 3,
        honba=state.honba if honba is None else honba,
        sticks=state.sticks if sticks is None else sticks,
        kita=len(state.kita[seat]),
        red_fives=state.options.red_fives,
    )


def _meld_dicts(state: SanmaState, seat: int) -> list[dict[str, Any]]:
    return [{"type": m.type, "tiles": m.tiles} for m in state.melds[seat]]


def tsumo_score(state: SanmaState, seat: int) -> Score | None:
    """Score of a tsumo on the tile just drawn (None if not complete)."""
    if state.drawn is None or state.draw_kind == "call" or not is_complete(state.hands[seat]):
        return None
    rinshan = state.draw_kind == "replacement"
    dora = dora_tiles(state)
    ura = ura_tiles(state)
    if rinshan and state.pending_dora:  # a pending open-kan indicator is revealed first and counts
        extra = state.wall[94 + state.n_dora : 94 + min(5, state.n_dora + state.pending_dora)]
        dora = dora + extra
        ura = state.wall[99 : 99 + len(dora)]
    ctx = win_context(state, seat, tsumo=True, rinshan=rinshan, haitei=not rinshan and state.live == 0)
    return score_hand(state.hands[seat], state.drawn, _meld_dicts(state, seat), dora, ura, ctx)


def ron_score(
    state: SanmaState, seat: int, tile: int, kind: WindowKind, honba: int | None = None, sticks: int | None = None
) -> Score:
    """Score of a ron on ``tile`` (a discard, a kan's tile robbed, or a kita's North)."""
    ctx = win_context(
        state,
        seat,
        tsumo=False,
        chankan=kind in ("kakan", "ankan"),
        houtei=kind == "discard" and state.live == 0,
        honba=honba,
        sticks=sticks,
    )
    return score_hand(
        state.hands[seat] + [tile], tile, _meld_dicts(state, seat), dora_tiles(state), ura_tiles(state), ctx
    )
