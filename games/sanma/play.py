"""Playing sanma: a move applied to the state — a discard, riichi, a kan, a kita, a tsumo, nine kinds — and the call
window it opens (ron, pon, open kan, or every seat passing), up to the next draw or the hand's end
(docs/rules/sanma.md §4-§7)."""

from __future__ import annotations

from games.base import GameError
from games.sanma.actions import Action, Discard, OwnKan, Pon, Word, parse
from games.sanma.deal import draw, reveal_dora, reveal_pending
from games.sanma.events import (
    Called,
    CallWindow,
    Discarded,
    KanDeclared,
    Kita,
    KitaDeclared,
    Riichi,
    RiichiAccepted,
    SanmaEvent,
)
from games.sanma.hands import is_complete, waits
from games.sanma.legal import legal_actions, refusal, window_offers
from games.sanma.settle import abortive_draw, exhaustive_draw, win
from games.sanma.state import MeldM, RiverTile, SanmaState, Window, WindowKind, code, codes, find_tile
from games.sanma.tiles import NORTH, RED_IDS, code_kind, kind_code

DRAGONS = (31, 32, 33)
WINDS4 = (27, 28, 29, 30)


def apply(state: SanmaState, seat: int, action: str) -> list[SanmaEvent]:
    """Plays ``action`` for ``seat``; a move that is not legal now is refused (GameError) and changes nothing."""
    if state.phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < 3:
        raise GameError(f"There is no seat {seat} at this table.")
    if not isinstance(action, str) or action not in legal_actions(state, seat):
        raise refusal(state, seat, action if isinstance(action, str) else repr(action))
    events: list[SanmaEvent] = []
    state.actions += 1
    if state.window is not None and state.phase == "respond":
        _answer(state, state.window, seat, action, events)
    else:
        _own_turn(state, seat, parse(action), events)
    return events


def _answer(state: SanmaState, w: Window, seat: int, action: str, events: list[SanmaEvent]) -> None:
    """A seat's answer in a call window; the window resolves once every seat offered a call has answered."""
    w.answers[seat] = action
    if all(a is not None for s, a in enumerate(w.answers) if w.offers[s]):
        _resolve_window(state, events)


def _own_turn(state: SanmaState, seat: int, act: Action, events: list[SanmaEvent]) -> None:
    hand_complete = state.drawn is not None and state.draw_kind != "call" and is_complete(state.hands[seat])
    if hand_complete and act != Word.TSUMO:  # a declined tsumo (shape-based) is temporary / riichi furiten
        state.temp_furiten[seat] = True
        if state.riichi[seat] == 2:
            state.riichi_furiten[seat] = True
    match act:
        case Discard(tile, riichi):
            _discard(state, seat, tile, riichi=riichi, events=events)
        case OwnKan(kind, added):
            _declare_kan(state, seat, code_kind(kind), "kakan" if added else "ankan", events)
        case Word.TSUMO if state.drawn is not None:
            reveal_pending(state, events)
            win(state, events, [seat], None, state.drawn, "tsumo")
        case Word.KITA:
            _declare_kita(state, seat, events)
        case Word.KYUUSHU:
            abortive_draw(state, events, "kyuushu_kyuuhai", seat, revealed=codes(state, state.hands[seat]))


def _discard(state: SanmaState, seat: int, tile_code: str, riichi: bool, events: list[SanmaEvent]) -> None:
    tile = find_tile(state, seat, tile_code, prefer=state.drawn)
    assert tile is not None  # a legal discard names a tile of the hand
    tsumogiri = tile == state.drawn and state.draw_kind != "call"
    state.hands[seat].remove(tile)
    if state.riichi[seat] == 2:
        state.ippatsu[seat] = False
    if riichi:
        state.riichi[seat] = 1
        state.double_riichi[seat] = state.first_round and not state.discarded[seat]
    state.rivers[seat].append(RiverTile(tile=tile, riichi=riichi, tsumogiri=tsumogiri))
    state.discarded[seat] = True
    state.temp_furiten[seat] = False
    state.drawn, state.kuikae = None, None
    if riichi:
        events.append(Riichi(player=seat, double=state.double_riichi[seat]))
    events.append(Discarded(player=seat, tile=code(state, tile), riichi=riichi, tsumogiri=tsumogiri, live=state.live))
    reveal_pending(state, events)
    _open_window(state, events, "discard", tile, seat, riichi_discard=riichi)


def _open_window(
    state: SanmaState,
    events: list[SanmaEvent],
    kind: WindowKind,
    tile: int,
    from_seat: int,
    riichi_discard: bool = False,
) -> None:
    offers = window_offers(state, kind, tile, from_seat)
    state.window = Window(
        kind=kind, tile=tile, from_seat=from_seat, offers=offers, answers=[None] * 3, riichi_discard=riichi_discard
    )
    if any(offers):
        state.phase = "respond"
        events.append(CallWindow(kind=kind, tile=code(state, tile), from_seat=from_seat))
    else:
        _resolve_window(state, events)


def _passers_furiten(state: SanmaState, w: Window) -> None:
    """Every other seat waiting on the tile passed it: furiten until its next discard (for good in riichi)."""
    k = w.tile // 4
    for s in range(3):
        if s == w.from_seat:
            continue
        if k in waits(state.hands[s]):
            state.temp_furiten[s] = True
            if state.riichi[s] == 2:
                state.riichi_furiten[s] = True


def _accept_riichi(state: SanmaState, seat: int, events: list[SanmaEvent]) -> None:
    state.riichi[seat] = 2
    state.scores[seat] -= 1000
    state.sticks += 1
    state.ippatsu[seat] = True
    events.append(RiichiAccepted(player=seat, scores=list(state.scores), sticks=state.sticks))


def _resolve_window(state: SanmaState, events: list[SanmaEvent]) -> None:
    """Every seat has answered: the rons win, else the riichi stands and a call is made or the next seat draws."""
    w = state.window
    assert w is not None
    state.phase = "turn"
    order = [(w.from_seat + i) % 3 for i in (1, 2)]
    answers = [parse(a) if a is not None else None for a in w.answers]
    ronners = [s for s in order if answers[s] == Word.RON]
    if ronners and not state.options.double_ron:
        ronners = ronners[:1]
    if ronners:
        state.window = None
        if w.riichi_discard:  # a ronned riichi declaration is void
            state.riichi[w.from_seat] = 0
            state.double_riichi[w.from_seat] = False
        win(state, events, ronners, w.from_seat, w.tile, w.kind)
        return
    _passers_furiten(state, w)
    state.window = None
    if w.kind == "discard":
        _after_discard(state, w, [answers[s] for s in order], order, events)
    elif w.kind in ("kakan", "ankan"):
        _complete_kan(state, w.from_seat, w.tile // 4, w.kind, events)
    elif w.kind == "kita":
        _complete_kita(state, w.from_seat, w.tile, events)


def _after_discard(
    state: SanmaState, w: Window, answers: list[Action | None], order: list[int], events: list[SanmaEvent]
) -> None:
    """A discard nobody ronned: its riichi stands, then a pon or kan is made, or the hand ends, or the next seat
    draws. ``answers``: those of the seats in ``order``, the next seat first."""
    if w.riichi_discard:
        _accept_riichi(state, w.from_seat, events)
        if state.phase == "over":
            return
    call = next(((s, a) for s, a in zip(order, answers) if a is not None and a != Word.PASS), None)
    if call is not None:
        _call(state, call[0], call[1], w, events)
    elif state.suukaikan_pending:
        abortive_draw(state, events, "suukaikan", None)
    elif state.live == 0:
        exhaustive_draw(state, events)
    else:
        draw(state, (w.from_seat + 1) % 3, events)


def _interrupt(state: SanmaState) -> None:
    state.ippatsu = [False] * 3
    state.first_round = False


def _call(state: SanmaState, seat: int, action: Action, w: Window, events: list[SanmaEvent]) -> None:
    k = w.tile // 4
    same = sorted((t for t in state.hands[seat] if t // 4 == k), key=lambda t: (t in RED_IDS, t))
    if action == Word.KAN:
        use = same[:3]
        mtype = "daiminkan"
    else:
        red = [t for t in same if state.options.red_fives and t in RED_IDS]
        plain = [t for t in same if t not in red]
        if action == Pon(red=True) or len(plain) < 2:
            use = red[:1] + plain[:1]
        else:
            use = plain[:2]
        mtype = "pon"
    for t in use:
        state.hands[seat].remove(t)
    state.rivers[w.from_seat][-1].called = True
    meld = MeldM(type=mtype, tiles=sorted(use + [w.tile]), called=w.tile, from_seat=w.from_seat)
    state.melds[seat].append(meld)
    _interrupt(state)
    _check_pao(state, seat, k, w.from_seat)
    events.append(
        Called(player=seat, meld=mtype, tiles=codes(state, meld.tiles), from_seat=w.from_seat, tile=code(state, w.tile))
    )
    state.turn, state.drawn = seat, None
    if mtype == "pon":
        state.draw_kind, state.kuikae, state.phase = "call", k, "turn"
    else:
        state.kans.append(seat)
        state.pending_dora += 1
        _after_kan(state)
        draw(state, seat, events, replacement=True)


def _check_pao(state: SanmaState, seat: int, k: int, from_seat: int) -> None:
    if not state.options.pao:
        return
    sets = {m.tiles[0] // 4 for m in state.melds[seat]}
    if k in DRAGONS and len([d for d in DRAGONS if d in sets]) == 3:
        state.pao[seat] = {"yakuman": "daisangen", "from": from_seat}
    elif k in WINDS4 and len([d for d in WINDS4 if d in sets]) == 4:
        state.pao[seat] = {"yakuman": "daisuushii", "from": from_seat}


def _after_kan(state: SanmaState) -> None:
    if len(state.kans) == 4 and len(set(state.kans)) >= 2:
        state.suukaikan_pending = True


def _declare_kan(state: SanmaState, seat: int, k: int, kind: WindowKind, events: list[SanmaEvent]) -> None:
    reveal_pending(state, events)
    tile = next(t for t in state.hands[seat] if t // 4 == k)
    events.append(KanDeclared(player=seat, meld="shouminkan" if kind == "kakan" else "ankan", tile=kind_code(k)))
    state.drawn = None
    _open_window(state, events, kind, tile, seat)


def _complete_kan(state: SanmaState, seat: int, k: int, kind: WindowKind, events: list[SanmaEvent]) -> None:
    if kind == "kakan":
        tile = next(t for t in state.hands[seat] if t // 4 == k)
        state.hands[seat].remove(tile)
        meld = next(m for m in state.melds[seat] if m.type == "pon" and m.tiles[0] // 4 == k)
        meld.type = "shouminkan"
        meld.tiles = sorted(meld.tiles + [tile])
        state.pending_dora += 1
        mtype = "shouminkan"
    else:
        tiles = [t for t in state.hands[seat] if t // 4 == k]
        for t in tiles:
            state.hands[seat].remove(t)
        meld = MeldM(type="ankan", tiles=sorted(tiles))
        state.melds[seat].append(meld)
        mtype = "ankan"
    state.kans.append(seat)
    _interrupt(state)
    events.append(
        Called(player=seat, meld=mtype, tiles=codes(state, meld.tiles), from_seat=meld.from_seat, tile=kind_code(k))
    )
    if mtype == "ankan":
        reveal_dora(state, events)
    _after_kan(state)
    draw(state, seat, events, replacement=True)


def _declare_kita(state: SanmaState, seat: int, events: list[SanmaEvent]) -> None:
    reveal_pending(state, events)
    if state.drawn is not None and state.drawn // 4 == NORTH:
        tile = state.drawn
    else:
        tile = next(t for t in state.hands[seat] if t // 4 == NORTH)
    events.append(KitaDeclared(player=seat))
    state.drawn = None
    state.hands[seat].remove(tile)
    state.kita[seat].append(tile)  # set aside at once; a ron takes it back (below)
    _open_window(state, events, "kita", tile, seat)


def _complete_kita(state: SanmaState, seat: int, tile: int, events: list[SanmaEvent]) -> None:
    _interrupt(state)
    events.append(Kita(player=seat, count=len(state.kita[seat])))
    draw(state, seat, events, replacement=True)
