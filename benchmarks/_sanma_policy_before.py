"""The sanma bot as it was before the table-based shanten core, kept only as the
opponent of ``bench_sanma_strength``: the same rules of play, with the ``mahjong`` library's
recursive shanten (memoised as the engine did). Not part of the package.

Original description:

* wins whenever it can (tsumo, ron);
* riichi when tenpai with a closed hand, picking the riichi discard with the most live waits;
* otherwise discards the tile that keeps the lowest shanten and, among those, the most
  acceptance (tiles that would lower the shanten, minus the copies it can see);
* pons yakuhai (dragons, its own seat wind, the round wind) and pons anything once it has an
  open yaku in hand or the pon lowers its shanten while already open;
* kita whenever allowed (a free dora and a replacement draw);
* folds against a riichi when its hand is poor (2+ shanten): discards the safest tile —
  genbutsu (tiles in the riichi player's river) first, then honors seen 3 times, then terminals.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from mahjong.shanten import Shanten

from games.sanma.tiles import KINDS, code_kind, kind_code

TERMINALS = {0, 8, 9, 17, 18, 26}


def _counts(codes: list[str]) -> list[int]:
    c = [0] * 34
    for code in codes:
        c[code_kind(code)] += 1
    return c


@lru_cache(maxsize=200_000)
def _shanten_counts(counts: tuple[int, ...]) -> int:
    return Shanten.calculate_shanten(list(counts), is_three_player=True)


def _shanten(c: list[int]) -> int:
    return _shanten_counts(tuple(c))


def _visible(view: dict[str, Any]) -> list[int]:
    seen = [0] * 34
    for river in view["rivers"]:
        for r in river:
            seen[code_kind(r["tile"])] += 1
    for melds in view["melds"]:
        for m in melds:
            for t in m["tiles"]:
                seen[code_kind(t)] += 1
    for ind in view["dora_indicators"]:
        seen[code_kind(ind)] += 1
    seen[30] += sum(view["kita"])
    for t in view["hand"]:
        seen[code_kind(t)] += 1
    return seen


def _relevant(c: list[int]) -> list[int]:
    """Kinds that can possibly lower the shanten: held kinds and their suit neighbours (±2)."""
    out = set()
    for k in KINDS:
        if c[k]:
            out.add(k)
            if k < 27 and k >= 9:
                base = k - k % 9
                for d in (-2, -1, 1, 2):
                    if base <= k + d < base + 9:
                        out.add(k + d)
    return sorted(out)


def _acceptance(c: list[int], base: int, seen: list[int]) -> int:
    total = 0
    for k in _relevant(c):
        if seen[k] >= 4 or c[k] >= 4:
            continue
        c[k] += 1
        if _shanten(c) < base:
            total += 4 - seen[k]
        c[k] -= 1
    return total


def _dora_kinds(view: dict[str, Any]) -> set[int]:
    from games.sanma.tiles import dora_of

    return {dora_of(code_kind(i)) for i in view["dora_indicators"]}


def _best_discard(view: dict[str, Any], options: list[str]) -> tuple[str, int, int]:
    """(code, shanten after, acceptance) of the best efficiency discard among ``options`` codes."""
    c = _counts(view["hand"])
    seen = _visible(view)
    dora = _dora_kinds(view)
    shs = {}
    for code in dict.fromkeys(options):
        k = code_kind(code)
        c[k] -= 1
        shs[code] = _shanten(c)
        c[k] += 1
    low = min(shs.values())
    best = None
    for code, sh in shs.items():
        if sh > low:
            continue
        k = code_kind(code)
        c[k] -= 1
        acc = _acceptance(c, sh, seen) if sh <= 2 else 0
        c[k] += 1
        # keep dora and red fives a little longer; throw isolated honors/terminals first
        keep = (2 if k in dora else 0) + (1 if code[0] == "0" else 0)
        score = (sh, -acc, keep, 0 if k >= 27 or k in TERMINALS else 1)
        if best is None or score < best[0]:
            best = (score, code, sh, acc)
    assert best is not None, "a hand always has a tile to discard"
    return best[1], best[2], best[3]


def _danger(view: dict[str, Any], code: str, riichi_seats: list[int]) -> int:
    k = code_kind(code)
    seen = _visible(view)
    worst = 0
    for s in riichi_seats:
        river = {code_kind(r["tile"]) for r in view["rivers"][s]}
        if k in river:
            d = 0
        elif k >= 27:
            d = 1 if seen[k] >= 3 else 3 if seen[k] == 2 else 5
        elif k in TERMINALS:
            d = 4
        else:
            n = k % 9
            suji = any(
                code_kind(r["tile"]) // 9 == k // 9 and abs(code_kind(r["tile"]) % 9 - n) == 3
                for r in view["rivers"][s]
            )
            d = 6 if suji else 9
        worst = max(worst, d)
    return worst


def _yakuhai(view: dict[str, Any], k: int) -> bool:
    if k in (31, 32, 33):
        return True
    seat_wind = 27 + ["East", "South", "West"].index(view["winds"][view["seat"]])
    round_wind = 27 + view["round_index"] // 3
    return k in (seat_wind, round_wind)


def bot_choose(view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
    rng = random.Random(rng_seed)
    if not legal:
        raise ValueError("no legal action")
    for win in ("tsumo", "ron"):
        if win in legal:
            return win
    if "pass" in legal:
        return _respond(view, legal)
    if "kita" in legal:
        return "kita"
    discards = [a[2:] for a in legal if a.startswith("d:")]
    me = view["seat"]
    others_riichi = [s for s in range(3) if s != me and view["riichi"][s]]
    riichi = [a[2:] for a in legal if a.startswith("r:")]
    if riichi:
        code, _, _ = _best_discard(view, riichi)
        return "r:" + code
    for a in legal:
        if a.startswith("ankan:") and view.get("my_riichi") == 2:
            return a
    if not discards:
        return rng.choice(legal)
    code, sh, _ = _best_discard(view, discards)
    if others_riichi and sh >= 2:
        safest = min(discards, key=lambda c: (_danger(view, c, others_riichi), -code_kind(c)))
        return "d:" + safest
    for a in legal:
        if a.startswith("kakan:") and sh >= 1:
            return a
    return "d:" + code


def _respond(view: dict[str, Any], legal: list[str]) -> str:
    window = view.get("window") or {}
    tile = window.get("tile")
    if not tile or not any(a.startswith("pon") or a == "kan" for a in legal):
        return "pass"
    k = code_kind(tile)
    me = view["seat"]
    if any(view["riichi"][s] for s in range(3) if s != me):
        return "pass"
    c = _counts(view["hand"])
    before = _shanten(c)
    c[k] -= 2
    after = _shanten_after_pon(c)
    c[k] += 2
    open_hand = bool(view["melds"][me])
    pon = next(a for a in legal if a.startswith("pon")) if any(a.startswith("pon") for a in legal) else None
    if pon is None:
        return "pass"
    if _yakuhai(view, k) and after <= before:
        return pon
    if open_hand and after < before and _has_open_yaku(view, k):
        return pon
    return "pass"


def _shanten_after_pon(c: list[int]) -> int:
    """Shanten of the 11-tile hand after a pon, before the discard (best discard)."""
    best = 9
    for k in KINDS:
        if c[k]:
            c[k] -= 1
            best = min(best, _shanten(c))
            c[k] += 1
    return best


def _has_open_yaku(view: dict[str, Any], k: int) -> bool:
    me = view["seat"]
    kinds = [code_kind(t) for m in view["melds"][me] for t in m["tiles"]] + [k]
    if any(_yakuhai(view, x) for x in kinds):
        return True
    hand = [code_kind(t) for t in view["hand"]]
    tanyao = all(x < 27 and x not in TERMINALS for x in kinds + hand)
    return tanyao


__all__ = ["bot_choose", "kind_code"]
