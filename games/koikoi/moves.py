"""Koi-Koi's moves: what a seat may do now, why anything else is refused, and applying one action."""

from __future__ import annotations

from games.base import GameError
from games.fishing import Play, Played, Take, Taken, check_seat, play_is_legal, play_refusal, plays
from games.koikoi import events as E
from games.koikoi.actions import Decision, parse
from games.koikoi.events import KoiKoiEvent
from games.koikoi.state import Call, KoiKoiState, role_of, seat_count, seat_name
from games.koikoi.turns import advance, capture, end_turn, flip, resolve, stop


def legal_actions(state: KoiKoiState, seat: int) -> list[str]:
    if state.phase == "over" or seat != state.turn:
        return []
    if state.phase == "play":
        return plays(state.hands[seat], state.field)
    if state.phase == "choose_take":
        return [str(Take(t)) for t in state.pending_choices]
    if state.phase == "decide":
        return [str(Decision.KOIKOI), str(Decision.STOP)]
    return []


def _is_legal(state: KoiKoiState, seat: int, action: Play | Take | Decision) -> bool:
    """Same answer as ``str(action) in legal_actions(state, seat)``, without building the list."""
    match action:
        case Play():
            return state.phase == "play" and play_is_legal(action, state.hands[seat], state.field)
        case Take(card):
            return state.phase == "choose_take" and card in state.pending_choices
        case Decision():
            return state.phase == "decide"
    return False


def _illegal(state: KoiKoiState, seat: int, action: Play | Take | Decision) -> GameError:
    if state.phase == "play":
        if isinstance(action, Play):
            return GameError(play_refusal(action, state.hands[seat], state.field))
        return GameError("Play a card from your hand first.")
    if state.phase == "choose_take":
        return GameError(
            f"Choose which table card the flipped {state.pending} takes: {' or '.join(str(Take(c)) for c in state.pending_choices)}."
        )
    return GameError("You made a yaku: call koikoi or stop.")


def apply(state: KoiKoiState, seat: int, action: str) -> list[KoiKoiEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
    check_seat(state.phase, seat, seat_count(state))
    if seat != state.turn:
        turn = state.turn
        assert turn is not None  # a game not over always has a seat to act
        raise GameError(f"It is not your turn: {seat_name(state, turn)} ({role_of(state, turn)}) must act now.")
    act = parse(action)
    if not _is_legal(state, seat, act):
        raise _illegal(state, seat, act)
    events: list[KoiKoiEvent] = []
    state.__dict__["actions"] = state.actions + 1
    if isinstance(act, Play):
        state.hands[seat].remove(act.card)
        taken = resolve(state, seat, act.card, act.capture)
        events.append(Played(player=seat, card=act.card, captured=taken))
        flip(state, seat, events)
    elif isinstance(act, Take):
        card = state.pending
        assert card is not None  # a take answers the flipped card
        target = act.card
        d = state.__dict__
        d["pending"] = None
        d["pending_choices"] = []
        d["phase"] = "play"
        state.field.remove(target)
        capture(state, seat, [card, target])
        events.append(Taken(player=seat, card=card, captured=[target]))
        end_turn(state, seat, events)
    elif act is Decision.KOIKOI:
        sidx = state.side_of[seat]
        side = state.sides[sidx]
        side.called = True
        side.reference = side.points
        call = Call(seat=seat, side=sidx, order=len(state.calls) + 1, points=side.points)
        state.calls.append(call)
        events.append(E.KoiKoiCalled(player=seat, side=sidx, points=side.points, order=call.order))
        advance(state, seat, events)
    else:  # stop
        stop(state, seat, events, forced=False)
    return events
