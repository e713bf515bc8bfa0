"""What a sanma hand is waiting on: waits, completeness, tenpai (no karaten) and furiten (docs/rules/sanma.md §4, §7).

The shape questions are pure functions of tiles (answered by :mod:`games.sanma.shanten`'s tables); the others read
the seat's melds, kita and river from the state.
"""

from __future__ import annotations

from functools import lru_cache

from games.sanma import shanten as hand_shapes
from games.sanma.state import SanmaState
from games.sanma.tiles import NORTH, counts34, tile_code


def waits(concealed: list[int]) -> tuple[int, ...]:
    """Kinds that would complete this (3n+1)-tile concealed hand, by shape."""
    return hand_shapes.waits_of(tuple(counts34(concealed)))


def is_complete(concealed: list[int]) -> bool:
    return hand_shapes.is_complete(counts34(concealed))


def kokushi_wait(concealed: list[int], kind: int) -> bool:
    c = counts34(concealed)
    if sum(c) != 13 or hand_shapes.kokushi_shanten(c) != 0:
        return False
    return kind in waits(concealed)


def outside(state: SanmaState, seat: int) -> tuple[int, ...]:
    """Kinds the seat holds outside its concealed hand: meld tiles and kita Norths."""
    return tuple(t // 4 for m in state.melds[seat] for t in m.tiles) + (NORTH,) * len(state.kita[seat])


def _tenpai(concealed: list[int], held_outside: tuple[int, ...]) -> bool:
    w = waits(concealed)
    if not w:
        return False
    c = counts34(concealed)
    for k in held_outside:
        c[k] += 1
    return any(c[k] < 4 for k in w)


def is_tenpai(state: SanmaState, seat: int, concealed: list[int] | None = None) -> bool:
    """Waits exist and not all of them are already held 4 times (no karaten)."""
    return _tenpai(state.hands[seat] if concealed is None else concealed, outside(state, seat))


@lru_cache(maxsize=1024)
def tenpai_discards(hand: tuple[int, ...], held_outside: tuple[int, ...], red_fives: bool) -> tuple[str, ...]:
    """Codes of the discards that leave this 3n+2 hand tenpai, each once, in hand order. Memoised:
    a turn's legal actions are listed, then checked again when the action is applied."""
    after = hand_shapes.Hand(counts34(hand)).after_discards()  # shanten 0 first: cheap, and most are not
    out: list[str] = []
    tenpai_after: dict[int, bool] = {}
    for t in hand:
        code = tile_code(t, red_fives)
        if code in out:
            continue
        k = t // 4
        if k not in tenpai_after:
            tenpai_after[k] = after[k] == 0 and _tenpai([x for x in hand if x != t], held_outside)
        if tenpai_after[k]:
            out.append(code)
    return tuple(out)


def furiten(state: SanmaState, seat: int) -> bool:
    """The seat may not ron: a win passed since its last discard, one passed in riichi, or a wait in its river."""
    if state.temp_furiten[seat] or state.riichi_furiten[seat]:
        return True
    w = waits(state.hands[seat])
    if not w:
        return False
    river = {r.tile // 4 for r in state.rivers[seat]}
    return any(k in river for k in w)
