"""Hachi-Hachi's moves: what each seat may do now, why anything else is refused, and applying one action."""

from __future__ import annotations

from collections.abc import Callable

from games.base import GameError
from games.fishing import Play, Played, Take, Taken, check_seat, play_refusal, plays
from games.hachihachi import events as E
from games.hachihachi import month, play
from games.hachihachi.actions import Action, Call, Declare, Repay, parse
from games.hachihachi.declarations import declare, declare_options
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import can_repay, repay
from games.hachihachi.state import (
    REPAY_STEP,
    HHState,
    Sage,
    check_invariant,
    seat_count,
)
from games.hanafuda import ORDER


def legal_actions(state: HHState, seat: int) -> list[str]:
    if state.phase == "over" or seat not in state.acting:
        return []
    ph = state.phase
    if ph == "mizuten":
        return [str(Call.NO_MIZUTEN), str(Call.MIZUTEN)]
    if ph == "bidding":
        out = [str(Call.STAY)]
        n = seat_count(state)
        und = month.undecided(state)
        if n > 3 and not (len(state.active) == 0 and und == [seat]):
            out.append(str(Call.PASS))
        return out
    if ph == "declare":
        return declare_options(state.dealt[seat])
    if ph == "play":
        return ([str(Call.CANCEL_SAGE)] if play.has_active_sage(state, seat) else []) + plays(
            state.hands[seat], state.table
        )
    if ph == "take":
        return [str(Take(t)) for t in state.pending_choices]
    if ph == "decide":
        return [str(Call.YOSHI), str(Call.SAGE)]
    if ph == "repay":
        top = can_repay(state, seat)
        return [str(Repay(a)) for a in range(top, -1, -REPAY_STEP)]
    return []


def _illegal(state: HHState, seat: int, action: Play | Take | Call | Declare | Repay) -> GameError:
    ph = state.phase
    if ph == "mizuten":
        return GameError("As dealer, first say whether you declare Mizu-ten (mizuten or no_mizuten).")
    if ph == "bidding":
        if action is Call.PASS:
            if seat_count(state) == 3:
                return GameError("With three players nobody may pass: everyone plays every month.")
            return GameError("You are the last to decide and nobody has stayed: you must stay.")
        return GameError("Say whether you stay or pass.")
    if ph == "declare":
        return GameError("Choose which of your hand combos to declare (or declare none).")
    if ph == "play":
        if action is Call.CANCEL_SAGE:
            return GameError("You have no Sa-gé to cancel.")
        if isinstance(action, Play):
            return GameError(play_refusal(action, state.hands[seat], state.table))
        return GameError("Play a card from your hand.")
    if ph == "take":
        return GameError(
            f"Choose which table card the flipped {state.pending} takes: "
            f"{' or '.join(str(Take(c)) for c in state.pending_choices)}."
        )
    if ph == "decide":
        return GameError("You completed a combo: call Yoshi (stop and win) or Sa-gé (play on).")
    if ph == "repay":
        return GameError(f"Repay a multiple of 60 points, at most {can_repay(state, seat)} (0 to keep your cash).")
    return GameError("That move is not possible now.")


def _mizuten(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    state.mizuten = act is Call.MIZUTEN
    events.append(E.Mizuten(player=seat, declared=state.mizuten))
    state.acting = []
    month.deal_month(state, events)


def _bid(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    month.bid(state, seat, str(act), events)
    if state.phase == "bidding":
        month.next_bidder(state, events)


def _declare(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    assert isinstance(act, Declare)  # legal in this phase
    declare(state, seat, act, events)


def _play(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    if act is Call.CANCEL_SAGE:
        play.cancel_sage(state, seat, events)
        return
    assert isinstance(act, Play)  # legal in this phase
    code, target = act.card, act.capture
    state.hands[seat].remove(code)
    if d := state.declared[seat]:
        for key in ("up", "down"):
            if code in d[key]:
                d[key].remove(code)
    taken = play.resolve(state, seat, code, target)
    events.append(Played(player=seat, card=code, captured=taken))
    play.flip(state, seat, events)


def _take(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    assert isinstance(act, Take) and state.pending is not None  # legal in this phase: a flipped card waits
    card = state.pending
    target = act.card
    state.pending = None
    state.pending_choices = []
    state.table.remove(target)
    state.captures[seat].extend([card, target])
    state.captures[seat].sort(key=ORDER.__getitem__)
    events.append(Taken(player=seat, card=card, captured=[target]))
    play.end_turn(state, seat, events)


def _decide(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    if act is Call.YOSHI:
        play.yoshi(state, seat, events)
        return
    state.sage_counter += 1
    state.sages = [s for s in state.sages if s.seat != seat]
    state.sages.append(Sage(seat=seat, order=state.sage_counter, value=play.value_of(state, seat)))
    events.append(E.Sage(player=seat, value=play.value_of(state, seat), order=state.sage_counter))
    play.advance(state, seat, events)


def _repay(state: HHState, seat: int, act: Action, events: list[HachiHachiEvent]) -> None:
    assert isinstance(act, Repay)  # legal in this phase
    repay(state, seat, act.amount, events)
    state.acting = [s for s in state.acting if s != seat]
    if not state.acting:
        month.after_interlude(state, events)


STEPS: dict[str, Callable[[HHState, int, Action, list[HachiHachiEvent]], None]] = {
    "mizuten": _mizuten,
    "bidding": _bid,
    "declare": _declare,
    "play": _play,
    "take": _take,
    "decide": _decide,
    "repay": _repay,
}  # what a legal action does in each phase


def apply(state: HHState, seat: int, action: str) -> list[HachiHachiEvent]:
    check_seat(state.phase, seat, seat_count(state))
    if seat not in state.acting:
        who = ", ".join(state.seats[s].name for s in state.acting)
        raise GameError(f"It is not your turn: waiting for {who}.")
    act = parse(action)
    if action not in legal_actions(state, seat):
        raise _illegal(state, seat, act)
    events: list[HachiHachiEvent] = []
    state.actions += 1
    STEPS[state.phase](state, seat, act, events)
    check_invariant(state)  # §1 after every step
    return events
