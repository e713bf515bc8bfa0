"""What the seat to act may do (docs/rules/bcpoker.md §3-§7): the buttons a seat is offered are exactly
:func:`legal_actions`."""

from __future__ import annotations

from games.bcpoker.actions import Discard, Under, Word
from games.bcpoker.cards import beats, is_black, names_for, sort_codes, trigger_number
from games.bcpoker.state import HAND_SIZE, BCState, Hit, tenpai, to_act, wins, without


def legal_actions(state: BCState, seat: int) -> list[str]:
    if state.phase == "over" or seat not in to_act(state):
        return []
    offer = OFFERS.get(state.phase)
    return [] if offer is None else offer(state, seat)


def _ron(state: BCState, seat: int) -> list[str]:
    return [str(Word.RON), str(Word.PASS)]


def _draw(state: BCState, seat: int) -> list[str]:
    out = [str(Word.DRAW)]
    if state.pile and (not state.riichi[seat] or wins(state, state.hands[seat] + [state.pile[-1]])):
        out.append(str(Word.TAKE))  # in Riichi only to win with it
    return out


def _hit_draw(state: BCState, seat: int) -> list[str]:
    return [str(Word.DRAW)]


def _discard(state: BCState, seat: int) -> list[str]:
    out = [str(Word.WIN)] if can_self_win(state, seat) else []
    if state.riichi[seat]:
        return out + _discard_actions(state, seat, _drawn(state), False)
    codes = [c for c in state.hands[seat] if c != state.taken]
    return out + _discard_actions(state, seat, codes, _may_declare_riichi(state, seat))


def _hit_riichi(state: BCState, seat: int) -> list[str]:
    out = [str(Word.WIN)] if wins(state, state.hands[seat]) else []
    if state.drawn is not None and is_black(state.drawn):
        out += _discard_actions(state, seat, [state.drawn], False, chain=True, hit=state.hit)
    return out + [str(Word.GIVEUP)]


def _hit_decide(state: BCState, seat: int) -> list[str]:
    out = [str(Word.WIN)] if can_self_win(state, seat) else []
    blacks = [c for c in state.hands[seat] if is_black(c)]
    out += _discard_actions(state, seat, blacks, _may_declare_riichi(state, seat), chain=True, hit=state.hit)
    return out + [str(Word.EXCHANGE)]


def _exchange(state: BCState, seat: int) -> list[str]:
    return [str(Under(c)) for c in sort_codes(set(state.hands[seat]))]


OFFERS = {
    "ron": _ron,
    "draw": _draw,
    "hit_draw": _hit_draw,
    "discard": _discard,
    "hit_riichi": _hit_riichi,
    "hit_decide": _hit_decide,
    "exchange": _exchange,
}


def _drawn(state: BCState) -> list[str]:
    """The card drawn this turn, the only one a Riichi hand may discard."""
    return [] if state.drawn is None else [state.drawn]


def _discard_actions(
    state: BCState, seat: int, codes: list[str], riichi_ok: bool, chain: bool = False, hit: Hit | None = None
) -> list[str]:
    """A discard (or chain) of each code, and its Riichi declaration where the rest is tenpai."""
    hand = state.hands[seat]
    out = []
    for code in sort_codes(set(codes)):
        for named in names_for(code):
            if hit is not None and not beats(trigger_number(code, named), hit.card, hit.number):
                continue
            out.append(str(Discard(code, named, chain=chain)))
            if riichi_ok and tenpai(state, without(hand, code)):
                out.append(str(Discard(code, named, riichi=True, chain=chain)))
    return out


def _may_declare_riichi(state: BCState, seat: int) -> bool:
    return state.options.riichi_required and not state.riichi[seat]


def can_self_win(state: BCState, seat: int) -> bool:
    """May the seat (holding 8 cards, not locked) declare a win now? (§5)"""
    hand = state.hands[seat]
    if len(hand) != HAND_SIZE + 1 or not wins(state, hand):
        return False
    if state.after_exchange:
        return True  # Black Gift
    if state.drawn_from == "deck" and state.draws[seat] == 1 and state.discards[seat] == 0:
        return True  # Surprise Gift
    if state.riichi[seat]:
        return state.drawn_from == "deck"
    return not state.options.riichi_required
