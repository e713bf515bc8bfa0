"""Sanma's legal moves: who is to act, what each may do on their turn or in a call window, and why a move is refused
(docs/rules/sanma.md §4)."""

from __future__ import annotations

from games.base import GameError
from games.sanma.actions import Action, Discard, OwnKan, Pon, Word, parse
from games.sanma.hands import furiten, kokushi_wait, outside, tenpai_discards, waits
from games.sanma.state import SanmaState, WindowKind, code, find_tile, is_closed
from games.sanma.tiles import KINDS, NORTH, RED_IDS, TERMINAL_HONOR, counts34, kind_code
from games.sanma.wins import ron_score, tsumo_score


def _discard_codes(state: SanmaState, seat: int) -> list[str]:
    hand = state.hands[seat]
    if state.riichi[seat] == 2 and state.drawn is not None:
        return [code(state, state.drawn)]
    out = []
    for t in hand:
        c = code(state, t)
        if state.kuikae is not None and t // 4 == state.kuikae:
            continue
        if c not in out:
            out.append(c)
    return out


def _riichi_codes(state: SanmaState, seat: int) -> list[str]:
    if (
        state.riichi[seat]
        or not is_closed(state, seat)
        or state.scores[seat] < 1000
        or state.live < 3
        or state.draw_kind == "call"
    ):
        return []
    hand = state.hands[seat]
    if len(hand) % 3 != 2:
        return []  # (set-up positions) no discard leaves a hand that can wait
    return list(tenpai_discards(tuple(hand), outside(state, seat), state.options.red_fives))


def _ankan_kinds(state: SanmaState, seat: int) -> list[int]:
    if state.draw_kind == "call" or state.live < 1 or len(state.kans) >= 4:
        return []
    c = counts34(state.hands[seat])
    kinds = [k for k in KINDS if c[k] == 4]
    if state.riichi[seat] == 2:
        if state.drawn is None:
            return []
        k = state.drawn // 4
        if k not in kinds:
            return []
        before = list(state.hands[seat])
        before.remove(state.drawn)
        after = [t for t in state.hands[seat] if t // 4 != k]
        if set(waits(before)) != set(waits(after)) or not waits(after):
            return []
        return [k]
    return kinds


def _kakan_kinds(state: SanmaState, seat: int) -> list[int]:
    if state.draw_kind == "call" or state.live < 1 or len(state.kans) >= 4:
        return []
    have = {t // 4 for t in state.hands[seat]}
    return [m.tiles[0] // 4 for m in state.melds[seat] if m.type == "pon" and m.tiles[0] // 4 in have]


def _can_kita(state: SanmaState, seat: int) -> bool:
    if state.draw_kind == "call" or state.live < 1:
        return False
    if state.riichi[seat] == 2:
        return state.drawn is not None and state.drawn // 4 == NORTH
    return any(t // 4 == NORTH for t in state.hands[seat])


def _can_kyuushu(state: SanmaState, seat: int) -> bool:
    if not state.options.kyuushu_kyuuhai or not state.first_round or state.discarded[seat]:
        return False
    if state.draw_kind != "normal":
        return False
    return len({t // 4 for t in state.hands[seat]} & TERMINAL_HONOR) >= 9


def _turn_actions(state: SanmaState, seat: int) -> list[str]:
    out: list[Action] = []
    s = tsumo_score(state, seat)
    if s is not None and s.ok:
        out.append(Word.TSUMO)
    out += [Discard(c, riichi=True) for c in _riichi_codes(state, seat)]
    out += [OwnKan(kind_code(k)) for k in _ankan_kinds(state, seat)]
    out += [OwnKan(kind_code(k), added=True) for k in _kakan_kinds(state, seat)]
    if _can_kita(state, seat):
        out.append(Word.KITA)
    if _can_kyuushu(state, seat):
        out.append(Word.KYUUSHU)
    out += [Discard(c) for c in _discard_codes(state, seat)]
    return [str(a) for a in out]


def _pon_options(state: SanmaState, seat: int, tile: int) -> list[str]:
    k = tile // 4
    same = [t for t in state.hands[seat] if t // 4 == k]
    if len(same) < 2:
        return []
    rest_after = len(state.hands[seat]) - 2
    others = [t for t in state.hands[seat] if t // 4 != k]
    if rest_after <= 0 or not others:
        return []  # kuikae would leave no legal discard
    red = [t for t in same if state.options.red_fives and t in RED_IDS]
    plain = [t for t in same if t not in red]
    out = []
    if len(plain) >= 2 or not red:
        out.append(str(Pon()))
    if red:
        out.append(str(Pon(red=len(plain) >= 2)))
    return list(dict.fromkeys(out))


def window_offers(state: SanmaState, kind: WindowKind, tile: int, from_seat: int) -> list[list[str]]:
    """What each other seat may answer ``from_seat``'s tile with (ron, pon, kan, then pass); empty: nothing."""
    offers: list[list[str]] = [[], [], []]
    k = tile // 4
    for s in range(3):
        if s == from_seat:
            continue
        acts: list[str] = []
        if k in waits(state.hands[s]) and not furiten(state, s):
            if kind != "ankan" or kokushi_wait(state.hands[s], k):
                sc = ron_score(state, s, tile, kind)
                if sc.ok:
                    acts.append(str(Word.RON))
        if kind == "discard" and state.riichi[s] != 2 and state.live >= 1 and not state.suukaikan_pending:
            acts += _pon_options(state, s, tile)
            if sum(1 for t in state.hands[s] if t // 4 == k) >= 3 and len(state.kans) < 4:
                acts.append(str(Word.KAN))
        if acts:
            offers[s] = acts + [str(Word.PASS)]
    return offers


def to_act(state: SanmaState) -> list[int]:
    """The seat whose turn it is, or the seats of a call window yet to answer."""
    if state.phase == "turn":
        return [state.turn]
    if state.phase == "respond" and state.window is not None:
        w = state.window
        return [s for s in range(3) if w.offers[s] and w.answers[s] is None]
    return []


def legal_actions(state: SanmaState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    if state.phase == "turn":
        return _turn_actions(state, seat)
    return [] if state.window is None else list(state.window.offers[seat])


def refusal(state: SanmaState, seat: int, action: str) -> GameError:
    """Why ``action`` is not legal for ``seat`` now, in a sentence for the player."""
    if state.phase == "over":
        return GameError("The game is over.")
    if seat not in to_act(state):
        return GameError("It is not your turn to act.")
    if state.phase == "respond" and state.window is not None:
        return GameError("Answer the call window: " + ", ".join(state.window.offers[seat]) + ".")
    try:
        act = parse(action)
    except GameError as error:
        return error
    if isinstance(act, Discard):
        if find_tile(state, seat, act.tile) is None:
            return GameError(f"You do not hold {act.tile}.")
        if act.riichi:
            return GameError(f"You cannot declare riichi by discarding {act.tile}.")
        if state.riichi[seat] == 2:
            return GameError("After riichi you must discard the tile you drew (or win with it).")
        if state.kuikae is not None:
            return GameError(f"Right after a pon you may not discard {kind_code(state.kuikae)} (kuikae).")
    if act == Word.TSUMO:
        return GameError("Your hand does not win with a yaku on this tile.")
    return GameError(f"That move ({action}) is not possible right now.")
