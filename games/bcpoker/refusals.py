"""Why an action is refused, in a sentence the player can act on (an action not in ``legal_actions``)."""

from __future__ import annotations

from games.base import GameError
from games.bcpoker.actions import Action, Discard, Under, Word, parse, token
from games.bcpoker.cards import is_black
from games.bcpoker.state import BCState

# what each phase asks, when the action says nothing more precise
PHASE_ASKS = {
    "draw": "Draw a card first.",
    "hit_draw": "Draw a card first.",
    "hit_decide": "Black Christmas: chain with a higher black card or exchange cards.",
    "hit_riichi": "Win, chain with the card you drew, or give up Riichi.",
}


def refusal(state: BCState, seat: int, action: str) -> GameError:
    """The error refusing ``action`` of ``seat``, who is to act but may not do that now."""
    if state.phase == "ron":
        return GameError("Declare Ron or pass on this discard.")
    try:
        act = parse(action)
    except GameError as e:
        return e
    return GameError(_about(state, seat, act) or _asked(state))


def _about(state: BCState, seat: int, act: Action) -> str | None:
    """What is wrong with this very action, or None when only the phase can say."""
    if isinstance(act, Discard):
        return _discard(state, seat, act)
    if isinstance(act, Under):
        return "Choose the exchange first." if state.phase != "exchange" else f"You do not hold {act.card}."
    if act == Word.WIN:
        return "Your 8 cards cannot win right now." if len(state.hands[seat]) == 8 else "Draw a card first."
    if act == Word.TAKE:
        return _take(state, seat)
    return None


def _discard(state: BCState, seat: int, act: Discard) -> str | None:
    code, phase = act.card, state.phase
    if code not in state.hands[seat]:
        return f"You do not hold {code}."
    if act.chain and phase not in ("hit_decide", "hit_riichi"):
        return "A chain is only possible when Black Christmas hits you."
    if act.chain and state.hit is not None:
        if not is_black(code):
            return f"Only a black card can chain, and {code} is not black."
        return f"{token(code, act.named)} does not beat the hitting {token(state.hit.card, state.hit.number)}."
    if phase == "discard" and state.riichi[seat]:
        return f"Your hand is locked by Riichi: you must discard the card you drew ({state.drawn})."
    if phase == "discard" and code == state.taken:
        return f"You took {code} from the discard pile this turn, so you cannot discard it again."
    if act.riichi:
        return _riichi(state, seat)
    return None


def _riichi(state: BCState, seat: int) -> str:
    if not state.options.riichi_required:
        return "Riichi is not part of this game (riichi_required is off)."
    if state.riichi[seat]:
        return "You are already in Riichi."
    return "You can declare Riichi only when the 7 cards you keep are one card from a winning hand."


def _take(state: BCState, seat: int) -> str | None:
    if not state.pile:
        return "The discard pile is empty: draw from the deck."
    if state.phase == "hit_draw":
        return "Black Christmas: you must draw from the deck, not take the hitting card."
    if state.riichi[seat]:
        return "In Riichi you may take the top discard only to win with it."
    return None


def _asked(state: BCState) -> str:
    if state.phase == "exchange":
        left = state.exchange_left
        return f"Put {left} more card{'s' if left != 1 else ''} under the deck."
    return PHASE_ASKS.get(state.phase, "That move is not possible now.")
