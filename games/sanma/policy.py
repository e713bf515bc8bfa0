"""Sanma bot policy: sees only its own view (hand, rivers, melds, indicators).

* wins whenever it can (tsumo, ron);
* riichi when tenpai with a closed hand, picking the riichi discard with the most live waits;
* otherwise discards the tile that keeps the lowest shanten and, among those, the most
  acceptance (tiles that would lower the shanten, minus the copies it can see);
* pons yakuhai (dragons, its own seat wind, the round wind) and pons anything once it has an
  open yaku in hand or the pon lowers its shanten while already open;
* kita whenever allowed (a free dora and a replacement draw);
* folds against a riichi when its hand is poor (2+ shanten): discards the safest tile —
  genbutsu (tiles in the riichi player's river) first, then honors seen 3 times, then terminals.

Shanten and acceptance come from :mod:`games.sanma.shanten` (table based, incremental), so a
decision takes well under a millisecond.
"""

from __future__ import annotations

import random
from functools import lru_cache

from games.sanma.actions import Action, Discard, OwnKan, Pon, Word, parse
from games.sanma.shanten import Hand
from games.sanma.tiles import KINDS, code_kind, dora_of, kind_code
from games.sanma.views import SeatView

TERMINALS = {0, 8, 9, 17, 18, 26}
_parse = lru_cache(maxsize=4096)(parse)  # actions are immutable and few: parse each string once


def _counts(view: SeatView) -> list[int]:
    c = [0] * 34
    for tile in view.hand_ids:
        c[tile // 4] += 1
    return c


def _visible(view: SeatView, own: list[int]) -> list[int]:
    """Copies of each kind the bot can see: rivers, melds, indicators, kita and its own hand."""
    seen = list(own)
    for river in view.rivers:
        for r in river:
            seen[code_kind(r.tile)] += 1
    for melds in view.melds:
        for m in melds:
            for t in m.tiles:
                seen[code_kind(t)] += 1
    for ind in view.dora_indicators:
        seen[code_kind(ind)] += 1
    seen[30] += sum(view.kita)
    return seen


def _near(k: int) -> tuple[int, ...]:
    """A kind and, in pinzu and souzu, its suit neighbours up to two away."""
    if not 9 <= k < 27:
        return (k,)
    base = k - k % 9
    return tuple(x for x in range(k - 2, k + 3) if base <= x < base + 9)


NEAR = {k: _near(k) for k in KINDS}


def _relevant(c: list[int]) -> set[int]:
    """Kinds that can possibly lower the shanten: held kinds and their suit neighbours (±2)."""
    out: set[int] = set()
    for k in KINDS:
        if c[k]:
            out.update(NEAR[k])
    return out


def _acceptance(hand: Hand, base: int, seen: list[int]) -> int:
    return sum(4 - seen[k] for k in hand.improving(base, _relevant(hand.c)) if seen[k] < 4)


def _best_discard(view: SeatView, options: list[str], c: list[int], seen: list[int]) -> tuple[str, int, int]:
    """(code, shanten after, acceptance) of the best efficiency discard among ``options`` codes."""
    hand = Hand(c)
    dora = {dora_of(code_kind(i)) for i in view.dora_indicators}
    after = hand.after_discards()
    by_kind = {k: after[k] for k in map(code_kind, options)}
    low = min(by_kind.values())
    acceptance: dict[int, int] = {}
    best = None
    for code in dict.fromkeys(options):
        k = code_kind(code)
        sh = by_kind[k]
        if sh > low:
            continue
        if k not in acceptance:
            hand.remove(k)
            acceptance[k] = _acceptance(hand, sh, seen) if sh <= 2 else 0
            hand.add(k)
        acc = acceptance[k]
        # keep dora and red fives a little longer; throw isolated honors/terminals first
        keep = (2 if k in dora else 0) + (1 if code[0] == "0" else 0)
        score = (sh, -acc, keep, 0 if k >= 27 or k in TERMINALS else 1)
        if best is None or score < best[0]:
            best = (score, code, sh, acc)
    assert best is not None  # the kind of lowest shanten is among the options
    return best[1], best[2], best[3]


def _danger(view: SeatView, seen: list[int], code: str, riichi_seats: list[int]) -> int:
    k = code_kind(code)
    worst = 0
    for s in riichi_seats:
        river = [code_kind(r.tile) for r in view.rivers[s]]
        if k in river:
            d = 0
        elif k >= 27:
            d = 1 if seen[k] >= 3 else 3 if seen[k] == 2 else 5
        elif k in TERMINALS:
            d = 4
        else:
            n = k % 9
            suji = any(r // 9 == k // 9 and abs(r % 9 - n) == 3 for r in river)
            d = 6 if suji else 9
        worst = max(worst, d)
    return worst


def _yakuhai(view: SeatView, k: int) -> bool:
    if k in (31, 32, 33):
        return True
    seat_wind = 27 + ["East", "South", "West"].index(view.winds[view.seat])
    round_wind = 27 + view.round_index // 3
    return k in (seat_wind, round_wind)


def bot_choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
    if not legal:
        raise ValueError("no legal action")
    for win in (Word.TSUMO, Word.RON):
        if str(win) in legal:
            return str(win)
    moves = [_parse(a) for a in legal]
    if Word.PASS in moves:
        return _respond(view, moves)
    if Word.KITA in moves:
        return str(Word.KITA)
    c = _counts(view)
    seen = _visible(view, c)
    riichi = [m.tile for m in moves if isinstance(m, Discard) and m.riichi]
    if riichi:
        code, _, _ = _best_discard(view, riichi, c, seen)
        return str(Discard(code, riichi=True))
    if view.my_riichi == 2:
        closed_kan = next((m for m in moves if isinstance(m, OwnKan) and not m.added), None)
        if closed_kan is not None:
            return str(closed_kan)
    discards = [m.tile for m in moves if isinstance(m, Discard) and not m.riichi]
    if not discards:
        return random.Random(rng_seed).choice(legal)
    code, sh, _ = _best_discard(view, discards, c, seen)
    me = view.seat
    others_riichi = [s for s in range(3) if s != me and view.riichi[s]]
    if others_riichi and sh >= 2:
        code = min(discards, key=lambda code: (_danger(view, seen, code, others_riichi), -code_kind(code)))
        return str(Discard(code))
    added_kan = next((m for m in moves if isinstance(m, OwnKan) and m.added), None)
    if added_kan is not None and sh >= 1:
        return str(added_kan)
    return str(Discard(code))


def _respond(view: SeatView, moves: list[Action]) -> str:
    pon = next((m for m in moves if isinstance(m, Pon)), None)
    if view.window is None or pon is None:
        return str(Word.PASS)
    k = code_kind(view.window.tile)
    me = view.seat
    if any(view.riichi[s] for s in range(3) if s != me):
        return str(Word.PASS)
    hand = Hand(_counts(view))
    before = hand.shanten()
    hand.remove(k)
    hand.remove(k)
    after = _shanten_after_pon(hand)
    open_hand = bool(view.melds[me])
    if _yakuhai(view, k) and after <= before:
        return str(pon)
    if open_hand and after < before and _has_open_yaku(view, k):
        return str(pon)
    return str(Word.PASS)


def _shanten_after_pon(hand: Hand) -> int:
    """Shanten of the 11-tile hand after a pon, before the discard (best discard)."""
    return min(hand.after_discards().values(), default=9)


def _has_open_yaku(view: SeatView, k: int) -> bool:
    me = view.seat
    kinds = [code_kind(t) for m in view.melds[me] for t in m.tiles] + [k]
    if any(_yakuhai(view, x) for x in kinds):
        return True
    hand = [code_kind(t) for t in view.hand]
    tanyao = all(x < 27 and x not in TERMINALS for x in kinds + hand)
    return tanyao


__all__ = ["bot_choose", "kind_code"]
