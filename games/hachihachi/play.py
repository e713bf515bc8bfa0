"""A Hachi-Hachi month's play (§4, §8): a card's capture and the flip, the bonuses (Tobikomi, Nukeyaku,
Mizu-ten), the captured combos' Yoshi and Sa-gé, and the stock's exhaustion with its 88 settlement."""

from __future__ import annotations

from typing import Any

from games.fishing import Flipped
from games.hachihachi import events as E
from games.hachihachi import month
from games.hachihachi.combos import (
    KAN,
    NUKEYAKU_COMBOS,
    captured_combos,
    card_points,
)
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import (
    transfer,
)
from games.hachihachi.state import (
    HHState,
    seat_count,
)
from games.hanafuda import ORDER, take_matching
from games.hanafuda import matching as _matches
from games.hanafuda import sort_codes as _sort


def resolve(state: HHState, seat: int, code: str, target: str | None) -> list[str]:
    taken = take_matching(state.table, code, target)
    if not taken:
        return []
    caps = state.captures[seat]
    caps.extend([code, *taken])
    caps.sort(key=ORDER.__getitem__)
    return taken


def has_active_sage(state: HHState, seat: int) -> bool:
    return any(s.seat == seat for s in state.sages)


def flip(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    card = state.stock.pop(0)
    matches = _matches(state.table, card)
    if len(matches) == 2:
        state.pending = card
        state.pending_choices = _sort(matches)
        state.phase = "take"
        events.append(Flipped.choosing(seat, card, state.pending_choices))
        return
    taken = resolve(state, seat, card, None)
    events.append(Flipped.taking(seat, card, taken))
    end_turn(state, seat, events)


def bonuses(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    pts = card_points(state.captures[seat])
    if seat == state.active[0] and state.mizuten and not state.mizuten_void and not state.mizuten_success and pts >= 89:
        state.mizuten_success = True
        events.append(E.Bonus(player=seat, kind="mizuten", points=pts))
    d = state.declared[seat]
    if d:
        if d["kasu"] in NUKEYAKU_COMBOS and not state.nukeyaku[seat] and pts >= 89:
            state.nukeyaku[seat] = True
            events.append(E.Bonus(player=seat, kind="nukeyaku", points=pts))
        caps = set(state.captures[seat])
        for t in d["triplets"]:
            key = " ".join(t)
            if key not in state.tobikomi[seat] and set(t) <= caps:
                state.tobikomi[seat].append(key)
                events.append(E.Bonus(player=seat, kind="tobikomi", triplet=list(t)))


def end_turn(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    state.phase = "play"
    bonuses(state, seat, events)
    combos = captured_combos(state.captures[seat])
    new = [cid for cid, _ in combos if cid not in state.held[seat]]
    if new:
        value = sum(k for _, k in combos)
        state.held[seat] = [cid for cid, _ in combos]
        events.append(E.ComboMade(player=seat, new=new, combos=[{"id": c, "kan": k} for c, k in combos], value=value))
        state.phase = "decide"
        state.turn = seat
        state.acting = [seat]
        return
    advance(state, seat, events)


def exhausted(state: HHState) -> bool:
    return not state.stock and all(not state.hands[s] for s in state.active)


def advance(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    if exhausted(state):
        exhaustion(state, events)
        return
    idx = state.active.index(seat)
    nxt = state.active[(idx + 1) % 3]
    state.turn = nxt
    state.phase = "play"
    state.acting = [nxt]


def value_of(state: HHState, seat: int) -> int:
    return sum(k for _, k in captured_combos(state.captures[seat]))


def shown_combos(state: HHState, seat: int) -> list[dict[str, Any]]:
    """The combos of ``seat``'s captures as its winning event shows them: ``{"id", "kan"}`` each."""
    return [{"id": c, "kan": k} for c, k in captured_combos(state.captures[seat])]


def bonus_transfers(state: HHState) -> list[dict[str, Any]]:
    """Earned Tobikomi, Nukeyaku and Mizu-ten success (paid whatever the ending, §12)."""
    m = state.mult
    out = []
    for s in state.active:
        for why, k in (("tobikomi", len(state.tobikomi[s])), ("nukeyaku", 1 if state.nukeyaku[s] else 0)):
            for _ in range(k):
                for o in state.active:
                    if o != s:
                        out.append(transfer(o, s, KAN * m, why))
    out += mizuten_transfers(state, success=True) if state.mizuten_success else []
    return out


def mizuten_transfers(state: HHState, success: bool) -> list[dict[str, Any]]:
    oya = state.active[0]
    out = []
    for o in range(seat_count(state)):
        if o != oya and o != state.blank:
            if success:
                out.append(transfer(o, oya, KAN * state.mult, "mizuten_success"))
            else:
                out.append(transfer(oya, o, KAN * state.mult, "mizuten_failure"))
    return out


def yoshi(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    v = value_of(state, seat)
    split = state.options.split
    opponents = [o for o in state.active if o != seat]
    sagers = [s for s in sorted(state.sages, key=lambda s: s.order) if s.seat in opponents]
    transfers = []
    if sagers:  # S2 (the latest caller pays, §8)
        y = sagers[-1].seat
        transfers.append(transfer(y, seat, KAN * v * m * (1 if split else 2), "yoshi_sage"))
        case = "S2"
    else:  # S1
        for o in opponents:
            transfers.append(transfer(o, seat, KAN * v * m // (2 if split else 1), "yoshi"))
        case = "S1"
    events.append(E.Yoshi(player=seat, value=v, case=case, combos=shown_combos(state, seat)))
    _won(state, seat, events, "yoshi", transfers, case)


def cancel_sage(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    v = value_of(state, seat)
    per = KAN * v * m // (4 if state.options.split else 2)
    transfers = [transfer(o, seat, per, "cancel_sage") for o in state.active if o != seat]
    events.append(E.CancelSage(player=seat, value=v, combos=shown_combos(state, seat)))
    _won(state, seat, events, "cancel_sage", transfers, "S3")


def _won(
    state: HHState, seat: int, events: list[HachiHachiEvent], kind: str, transfers: list[dict[str, Any]], case: str
) -> None:
    """The month ends, won by ``seat`` (a Yoshi, or a Sage it cancelled): its ``transfers`` and every bonus paid,
    the settlement ``case`` and the value of its combos told."""
    extra = {"case": case, "value": value_of(state, seat)}
    month.end_month(state, events, kind=kind, winner=seat, transfers=transfers + bonus_transfers(state), extra=extra)


def exhaustion(state: HHState, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    split = state.options.split
    oya = state.active[0]
    pts = {s: card_points(state.captures[s]) for s in state.active}
    transfers: list[dict[str, Any]] = []
    counted = None
    winner = None
    double8 = [s for s in state.active if pts[s] >= 168]
    if double8:
        w = double8[0]
        kan = 10 + (pts[w] - 168)
        counted = {"id": "double8", "seat": w, "kan": kan}
        for o in state.active:
            if o != w:
                transfers.append(transfer(o, w, KAN * kan * m // (2 if split else 1), "double8"))
        winner = w
    elif all(pts[s] == 88 for s in state.active):
        counted = {"id": "tous8", "seat": oya, "kan": 10}
        for o in state.active:
            if o != oya:
                transfers.append(transfer(o, oya, KAN * 10 * m // (2 if split else 1), "tous8"))
        winner = oya
    else:
        # 88 settlement (§12)
        res = {s: (pts[s] - 88) * m for s in state.active}
        above = [s for s in state.active if res[s] > 0]
        below = [s for s in state.active if res[s] < 0]
        if len(above) == 1:
            for s in below:
                transfers.append(transfer(s, above[0], -res[s], "eighty_eight"))
        elif len(below) == 1:
            for s in above:
                transfers.append(transfer(below[0], s, res[s], "eighty_eight"))
        # S4
        for w in state.active:
            vw = value_of(state, w)
            if vw > 0:
                for o in state.active:
                    if o != w:
                        transfers.append(transfer(o, w, KAN * vw * m // (4 if split else 2), "sage_half"))
        transfers += [t for t in bonus_transfers(state) if t["why"] != "mizuten_success"]
        best = max(pts.values())
        winner = next(s for s in state.active if pts[s] == best)  # ties: Oya, then Dou-ni
    if state.mizuten and not state.mizuten_void:
        if state.mizuten_success:
            transfers += mizuten_transfers(state, success=True)
        elif pts[oya] <= 87:
            transfers += mizuten_transfers(state, success=False)
    events.append(E.Exhaustion(points={str(s): pts[s] for s in state.active}, counted=counted))
    month.end_month(
        state,
        events,
        kind="exhaustion",
        winner=winner,
        transfers=transfers,
        extra={"points": [pts.get(s) for s in range(seat_count(state))], "counted": counted},
    )
