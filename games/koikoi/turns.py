"""A Koi-Koi turn after its card is chosen: the card's capture, the flip, and the turn's end (a new yaku asks
Koi-Koi or Stop, or is a forced Stop; otherwise the next seat plays, or the round ends with every hand empty)."""

from __future__ import annotations

from games.fishing import Flipped
from games.hanafuda import ORDER, take_matching
from games.hanafuda import matching as _matches
from games.hanafuda import sort_codes as _sort
from games.koikoi import events as E
from games.koikoi.events import KoiKoiEvent
from games.koikoi.rounds import end_round
from games.koikoi.state import KoiKoiState, next_seat, seat_count, yaku_list
from games.koikoi.yaku import evaluate


def capture(state: KoiKoiState, seat: int, cards: list[str]) -> None:
    side = state.sides[state.side_of[seat]]
    caps = side.captures
    caps.extend(cards)
    caps.sort(key=ORDER.__getitem__)
    b, yaku, sake = evaluate(caps, state.options)
    d = side.__dict__
    d["points"] = b
    d["yaku"] = yaku
    d["sake_cup"] = sake


def resolve(state: KoiKoiState, seat: int, code: str, target: str | None) -> list[str]:
    """Resolve a played or flipped card against the table; returns the table cards taken."""
    taken = take_matching(state.field, code, target)
    if taken:
        capture(state, seat, [code, *taken])
    return taken


def hand_empty_for_side(state: KoiKoiState, seat: int) -> bool:
    side = state.sides[state.side_of[seat]]
    return all(not state.hands[s] for s in side.seats)


def forced_stop_reason(state: KoiKoiState, seat: int) -> str | None:
    if seat_count(state) == 3:
        others = {s for s in range(3) if s != seat}
        callers = {c.seat for c in state.calls}
        if others <= callers:
            return "both other players have called Koi-Koi"
    if hand_empty_for_side(state, seat):
        return "no turn left this round"
    return None


def end_turn(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    sidx = state.side_of[seat]
    side = state.sides[sidx]
    if side.points > side.reference:
        reason = forced_stop_reason(state, seat)
        events.append(
            E.Yaku(
                player=seat,
                side=sidx,
                points=side.points,
                previous=side.reference,
                yaku=yaku_list(side.yaku),
                sake_cup=side.sake_cup,
                forced_stop=reason is not None,
                reason=reason,
            )
        )
        if reason is not None:
            stop(state, seat, events, forced=True)
        else:
            d = state.__dict__
            d["phase"] = "decide"
            d["turn"] = seat
        return
    advance(state, seat, events)


def advance(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    if all(not h for h in state.hands):
        events.append(E.Ryukyoku(round=state.round))
        end_round(state, events, "ryukyoku", None, 0, [], None)
        return
    nxt = next_seat(state, seat)
    while not state.hands[nxt]:  # defensive: never happens with the counts of §1
        nxt = next_seat(state, nxt)
    d = state.__dict__
    d["turn"] = nxt
    d["phase"] = "play"


def stop(state: KoiKoiState, seat: int, events: list[KoiKoiEvent], forced: bool) -> None:
    side = state.sides[state.side_of[seat]]
    events.append(E.Stopped(player=seat, side=state.side_of[seat], points=side.points, forced=forced))
    end_round(state, events, "stop", seat, side.points, list(side.yaku), side.sake_cup)


def flip(state: KoiKoiState, seat: int, events: list[KoiKoiEvent]) -> None:
    if not state.pile:  # §12: cannot happen with the counts of §1
        end_turn(state, seat, events)
        return
    card = state.pile.pop(0)
    matches = _matches(state.field, card)
    if len(matches) == 2:
        d = state.__dict__
        d["pending"] = card
        d["pending_choices"] = _sort(matches)
        d["phase"] = "choose_take"
        events.append(Flipped.choosing(seat, card, state.pending_choices))
        return
    taken = resolve(state, seat, card, None)
    events.append(Flipped.taking(seat, card, taken))
    end_turn(state, seat, events)
