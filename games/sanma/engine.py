"""Sanma state machine (docs/rules/sanma.md §2-§8).

Seeds and fair shuffles
-----------------------
``new_game(options, seats, seed)`` takes a secret master seed. Hand ``n`` (1, 2, … in the
order hands are started, renchan and draws included) uses ``hand_seed = sha256_hex(f"{seed}:{n}")``.
The ``round_start`` event shows ``hash = sha256_hex(hand_seed)``; ``hand_end`` reveals the seed.
The wall is ``seeded_shuffle(hand_seed, 0, deck=ALL_IDS)`` (games/shuffle.py: SHA-256 stream
Fisher-Yates) over the 108 ids in ascending order; its layout is docs/rules/sanma.md §3. Tests may inject
walls (``walls=[[…108 ids…], …]``: each hand takes the next one, then the seeded shuffle resumes).

Actions: :mod:`games.sanma.actions`. Events: :mod:`games.sanma.events` (public events never carry a
concealed tile; ``dealt`` and ``drew`` are private).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo
from games.sanma import shanten as hand_shapes
from games.sanma.actions import Action, Discard, OwnKan, Pon, Word, describe, parse
from games.sanma.events import (
    AbortOutcome, CallWindow, Called, Dealt, Dora, Draw, Drew, Discarded, ExhaustiveOutcome, GameEnd, HandEnd,
    HandOutcome, KanDeclared, Kita, KitaDeclared, Riichi, RiichiAccepted, RoundStart, SanmaEvent, ShownMeld,
    Transfer, WinEntry, WinOutcome, YakuHan,
)
from games.sanma.options import Options, parse_options
from games.sanma.scoring import WinContext, nagashi_score, ron_payment, score_hand, tsumo_payments
from games.sanma.views import PublicView, SeatView
from games.sanma.tiles import (
    ALL_IDS, KINDS, NORTH, TERMINAL_HONOR, code_kind, counts34, kind_code, sort_key,
    tile_code,
)
from games.shuffle import seeded_shuffle, sha256_hex

ROUND_NAMES = ["East 1", "East 2", "East 3", "South 1", "South 2", "South 3"]
WIND = ["East", "South", "West"]
DRAGONS = (31, 32, 33)
WINDS4 = (27, 28, 29, 30)
DAISANGEN_IDS = {103}
DAISUUSHII_IDS = {111, 110}


class MeldM(BaseModel):
    type: str  # pon | daiminkan | ankan | shouminkan
    tiles: list[int]
    called: int | None = None
    from_seat: int | None = None


class RiverTile(BaseModel):
    tile: int
    riichi: bool = False
    called: bool = False
    tsumogiri: bool = False


class Window(BaseModel):
    kind: str  # discard | kakan | ankan | kita
    tile: int
    from_seat: int
    offers: list[list[str]]  # per seat
    answers: list[str | None]
    riichi_discard: bool = False


class SanmaState(BaseModel):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str = "sanma"
    options: Options
    seats: list[SeatInfo]
    seed: str
    scores: list[int]
    round_index: int = 0  # 0 = E1 … 5 = S3
    honba: int = 0
    sticks: int = 0
    hand_no: int = 0
    hand_seed: str = ""
    hand_hash: str = ""
    walls: list[list[int]] | None = None
    wall_pos: int = 0
    wall: list[int] = Field(default_factory=list)
    live_pos: int = 39
    live_end: int = 94
    rinshan: list[int] = Field(default_factory=list)
    n_dora: int = 1
    pending_dora: int = 0
    hands: list[list[int]] = Field(default_factory=lambda: [[], [], []])
    melds: list[list[MeldM]] = Field(default_factory=lambda: [[], [], []])
    kita: list[list[int]] = Field(default_factory=lambda: [[], [], []])
    rivers: list[list[RiverTile]] = Field(default_factory=lambda: [[], [], []])
    riichi: list[int] = Field(default_factory=lambda: [0, 0, 0])  # 0 no, 1 declared, 2 accepted
    double_riichi: list[bool] = Field(default_factory=lambda: [False] * 3)
    ippatsu: list[bool] = Field(default_factory=lambda: [False] * 3)
    temp_furiten: list[bool] = Field(default_factory=lambda: [False] * 3)
    riichi_furiten: list[bool] = Field(default_factory=lambda: [False] * 3)
    first_round: bool = True  # no pon, kan or kita yet this hand
    discarded: list[bool] = Field(default_factory=lambda: [False] * 3)
    phase: str = "turn"  # turn | respond | over
    turn: int = 0
    drawn: int | None = None
    draw_kind: str = "normal"  # normal | replacement | call
    kuikae: int | None = None
    window: Window | None = None
    kans: list[int] = Field(default_factory=list)  # seat of each kan this hand
    suukaikan_pending: bool = False
    pao: list[dict[str, int | str] | None] = Field(default_factory=lambda: [None] * 3)
    normal_draws: int = 0
    replacement_draws: int = 0
    last_hand: dict[str, Any] | None = None
    hands_log: list[dict[str, Any]] = Field(default_factory=list)
    final: dict[str, Any] | None = None
    opening_events: list[SanmaEvent] = Field(default_factory=list)
    actions: int = 0

    @property
    def dealer(self) -> int:
        return self.round_index % 3

    @property
    def live(self) -> int:
        return self.live_end - self.live_pos


# ---------------------------------------------------------------------------
# hand analysis helpers (pure functions of tiles)
# ---------------------------------------------------------------------------


def waits(concealed: list[int]) -> tuple[int, ...]:
    """Kinds that would complete this (3n+1)-tile concealed hand, by shape."""
    return hand_shapes.waits_of(tuple(counts34(concealed)))


def is_complete(concealed: list[int]) -> bool:
    return hand_shapes.is_complete(counts34(concealed))


def shanten(concealed: list[int]) -> int:
    return hand_shapes.shanten(counts34(concealed))


def kokushi_wait(concealed: list[int], kind: int) -> bool:
    c = counts34(concealed)
    if sum(c) != 13 or hand_shapes.kokushi_shanten(c) != 0:
        return False
    return kind in waits(concealed)


def held_counts(state: SanmaState, seat: int) -> list[int]:
    """Every tile the seat owns (concealed, melds, kita) by kind."""
    c = counts34(state.hands[seat])
    for m in state.melds[seat]:
        for t in m.tiles:
            c[t // 4] += 1
    c[NORTH] += len(state.kita[seat])
    return c


def _outside(state: SanmaState, seat: int) -> tuple[int, ...]:
    """Kinds the seat holds outside its concealed hand: meld tiles and kita Norths."""
    return tuple(t // 4 for m in state.melds[seat] for t in m.tiles) + (NORTH,) * len(state.kita[seat])


def _tenpai(concealed, outside: tuple[int, ...]) -> bool:
    w = waits(concealed)
    if not w:
        return False
    c = counts34(concealed)
    for k in outside:
        c[k] += 1
    return any(c[k] < 4 for k in w)


def is_tenpai(state: SanmaState, seat: int, concealed: list[int] | None = None) -> bool:
    """§7: waits exist and not all of them are already held 4 times (no karaten)."""
    return _tenpai(state.hands[seat] if concealed is None else concealed, _outside(state, seat))


@lru_cache(maxsize=1024)
def _tenpai_discards(hand: tuple[int, ...], outside: tuple[int, ...], red_fives: bool) -> tuple[str, ...]:
    """Codes of the discards that leave this 3n+2 hand tenpai, each once, in hand order. Memoised:
    a turn's legal actions are listed, then checked again when the action is applied."""
    after = hand_shapes.Hand(counts34(hand)).after_discards()  # shanten 0 first: cheap, and most are not
    out: list[str] = []
    tenpai_after: dict[int, bool] = {}
    for t in hand:
        code = tile_code(t, red_fives)
        if code in out:
            continue
        k = t // 4
        if k not in tenpai_after:
            tenpai_after[k] = after[k] == 0 and _tenpai([x for x in hand if x != t], outside)
        if tenpai_after[k]:
            out.append(code)
    return tuple(out)


# ---------------------------------------------------------------------------
# set-up
# ---------------------------------------------------------------------------


def _code(state: SanmaState, tile: int) -> str:
    return tile_code(tile, state.options.red_fives)


def _codes(state: SanmaState, tiles) -> list[str]:
    return [_code(state, t) for t in sorted(tiles, key=sort_key)]


def check_wall(wall: list[int]) -> list[int]:
    wall = [int(t) for t in wall]
    if len(wall) != 108 or sorted(wall) != list(ALL_IDS):
        raise GameError("An injected wall must hold each of the 108 sanma tile ids exactly once.")
    return wall


def new_game(options: Options | dict | None, seats: list[SeatInfo] | list[str], seed: str,
             walls: list[list[int]] | None = None) -> SanmaState:
    if options is None:
        options = Options()
    elif isinstance(options, dict):
        options = parse_options(options, len(seats))
    if len(seats) != 3:
        raise GameError(f"Sanma needs exactly 3 seats, not {len(seats)}: add bots to fill the table.")
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
    infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]
    state = SanmaState(options=options, seats=infos, seed=seed, scores=[options.start_points] * 3,
                       walls=[check_wall(w) for w in walls] if walls else None)
    events: list[SanmaEvent] = []
    _start_hand(state, events)
    state.opening_events = events
    return state


def hand_wall(seed: str) -> list[int]:
    return seeded_shuffle(seed, 0, deck=list(ALL_IDS))


def _start_hand(state: SanmaState, events: list[SanmaEvent]) -> None:
    state.hand_no += 1
    state.hand_seed = sha256_hex(f"{state.seed}:{state.hand_no}")
    state.hand_hash = sha256_hex(state.hand_seed)
    if state.walls is not None and state.wall_pos < len(state.walls):
        wall = list(state.walls[state.wall_pos])
        state.wall_pos += 1
        injected = True
    else:
        wall = hand_wall(state.hand_seed)
        injected = False
    d = state.dealer
    state.wall = wall
    state.live_pos, state.live_end = 39, 94
    state.rinshan = wall[104:108]
    state.n_dora, state.pending_dora = 1, 0
    state.hands = [[], [], []]
    for k in range(3):
        state.hands[(d + k) % 3] = sorted(wall[13 * k: 13 * k + 13], key=sort_key)
    state.melds = [[], [], []]
    state.kita = [[], [], []]
    state.rivers = [[], [], []]
    state.riichi = [0, 0, 0]
    state.double_riichi = [False] * 3
    state.ippatsu = [False] * 3
    state.temp_furiten = [False] * 3
    state.riichi_furiten = [False] * 3
    state.first_round = True
    state.discarded = [False] * 3
    state.window = None
    state.kans = []
    state.suukaikan_pending = False
    state.pao = [None] * 3
    state.normal_draws = state.replacement_draws = 0
    state.kuikae = None
    events.append(RoundStart(
        hand_no=state.hand_no, round=ROUND_NAMES[state.round_index], round_index=state.round_index, dealer=d,
        honba=state.honba, sticks=state.sticks, hash=state.hand_hash, dora_indicators=[_code(state, wall[94])],
        scores=list(state.scores), injected_wall=injected,
    ))
    for s in range(3):
        events.append(Dealt(hand=_codes(state, state.hands[s]), seat=s))
    _draw(state, d, events)


def _draw(state: SanmaState, seat: int, events: list[SanmaEvent], replacement: bool = False) -> None:
    if replacement:
        tile = state.rinshan.pop(0)
        state.rinshan.append(state.wall[state.live_end - 1])
        state.live_end -= 1
        state.replacement_draws += 1
    else:
        tile = state.wall[state.live_pos]
        state.live_pos += 1
        state.normal_draws += 1
    state.hands[seat].append(tile)
    state.hands[seat].sort(key=sort_key)
    state.turn, state.drawn, state.phase = seat, tile, "turn"
    state.draw_kind = "replacement" if replacement else "normal"
    state.kuikae = None
    events.append(Draw(player=seat, replacement=replacement, live=state.live))
    events.append(Drew(tile=_code(state, tile), replacement=replacement, seat=seat))


def _reveal_dora(state: SanmaState, events: list[SanmaEvent], count: int = 1) -> None:
    for _ in range(count):
        if state.n_dora >= 5:
            return
        state.n_dora += 1
        events.append(Dora(indicator=_code(state, state.wall[93 + state.n_dora]), indicators=dora_indicators(state)))


def _reveal_pending(state: SanmaState, events: list[SanmaEvent]) -> None:
    if state.pending_dora:
        n, state.pending_dora = state.pending_dora, 0
        _reveal_dora(state, events, n)


def dora_indicators(state: SanmaState) -> list[str]:
    return [_code(state, t) for t in state.wall[94: 94 + state.n_dora]]


# ---------------------------------------------------------------------------
# legality
# ---------------------------------------------------------------------------


def _find(state: SanmaState, seat: int, code: str, prefer: int | None = None) -> int | None:
    """A tile of the hand with this code (the drawn tile first when it matches)."""
    hand = state.hands[seat]
    if prefer is not None and prefer in hand and _code(state, prefer) == code:
        return prefer
    for t in hand:
        if _code(state, t) == code:
            return t
    return None


def _is_closed(state: SanmaState, seat: int) -> bool:
    return all(m.type == "ankan" for m in state.melds[seat])


def _furiten(state: SanmaState, seat: int) -> bool:
    if state.temp_furiten[seat] or state.riichi_furiten[seat]:
        return True
    w = waits(state.hands[seat])
    if not w:
        return False
    river = {r.tile // 4 for r in state.rivers[seat]}
    return any(k in river for k in w)


def _seat_wind(state: SanmaState, seat: int) -> int:
    return (seat - state.dealer) % 3


def _context(state: SanmaState, seat: int, *, tsumo: bool, rinshan=False, chankan=False, haitei=False,
             houtei=False, honba: int | None = None, sticks: int | None = None) -> WinContext:
    first_draw = tsumo and state.first_round and not state.discarded[seat] and state.draw_kind == "normal"
    return WinContext(
        tsumo=tsumo, riichi=state.riichi[seat] == 2, double_riichi=state.riichi[seat] == 2 and state.double_riichi[seat],
        ippatsu=state.riichi[seat] == 2 and state.ippatsu[seat], rinshan=rinshan, chankan=chankan, haitei=haitei,
        houtei=houtei, tenhou=first_draw and seat == state.dealer, chiihou=first_draw and seat != state.dealer,
        seat_wind=_seat_wind(state, seat), round_wind=state.round_index // 3,
        honba=state.honba if honba is None else honba, sticks=state.sticks if sticks is None else sticks,
        kita=len(state.kita[seat]), red_fives=state.options.red_fives)


def _ura(state: SanmaState) -> list[int]:
    return state.wall[99: 99 + state.n_dora]


def _dora(state: SanmaState) -> list[int]:
    return state.wall[94: 94 + state.n_dora]


def _melds_dicts(state: SanmaState, seat: int) -> list[dict[str, Any]]:
    return [{"type": m.type, "tiles": m.tiles} for m in state.melds[seat]]


def tsumo_score(state: SanmaState, seat: int, pending_revealed: bool = True):
    """Score of a tsumo on the tile just drawn (None if not complete)."""
    if state.drawn is None or state.draw_kind == "call" or not is_complete(state.hands[seat]):
        return None
    rinshan = state.draw_kind == "replacement"
    dora = _dora(state)
    ura = _ura(state)
    if rinshan and state.pending_dora:  # a pending open-kan indicator is revealed first and counts (§3)
        extra = state.wall[94 + state.n_dora: 94 + min(5, state.n_dora + state.pending_dora)]
        dora = dora + extra
        ura = state.wall[99: 99 + len(dora)]
    ctx = _context(state, seat, tsumo=True, rinshan=rinshan, haitei=not rinshan and state.live == 0)
    return score_hand(state.hands[seat], state.drawn, _melds_dicts(state, seat), dora, ura, ctx)


def ron_score(state: SanmaState, seat: int, tile: int, kind: str, honba: int | None = None,
              sticks: int | None = None):
    ctx = _context(state, seat, tsumo=False, chankan=kind in ("kakan", "ankan"),
                   houtei=kind == "discard" and state.live == 0, honba=honba, sticks=sticks)
    return score_hand(state.hands[seat] + [tile], tile, _melds_dicts(state, seat), _dora(state), _ura(state), ctx)


def _discard_codes(state: SanmaState, seat: int) -> list[str]:
    hand = state.hands[seat]
    if state.riichi[seat] == 2 and state.drawn is not None:
        return [_code(state, state.drawn)]
    out = []
    for t in hand:
        c = _code(state, t)
        if state.kuikae is not None and t // 4 == state.kuikae:
            continue
        if c not in out:
            out.append(c)
    return out


def _riichi_codes(state: SanmaState, seat: int) -> list[str]:
    if (state.riichi[seat] or not _is_closed(state, seat) or state.scores[seat] < 1000 or state.live < 3
            or state.draw_kind == "call"):
        return []
    hand = state.hands[seat]
    if len(hand) % 3 != 2:
        return []  # (set-up positions) no discard leaves a hand that can wait
    return list(_tenpai_discards(tuple(hand), _outside(state, seat), state.options.red_fives))


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
    red = [t for t in same if state.options.red_fives and t in (52, 88)]
    plain = [t for t in same if t not in red]
    out = []
    if len(plain) >= 2 or not red:
        out.append(str(Pon()))
    if red:
        out.append(str(Pon(red=len(plain) >= 2)))
    return list(dict.fromkeys(out))


def _window_offers(state: SanmaState, kind: str, tile: int, from_seat: int) -> list[list[str]]:
    offers: list[list[str]] = [[], [], []]
    k = tile // 4
    for s in range(3):
        if s == from_seat:
            continue
        acts: list[str] = []
        if k in waits(state.hands[s]) and not _furiten(state, s):
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
    return list(state.window.offers[seat])


# ---------------------------------------------------------------------------
# applying actions
# ---------------------------------------------------------------------------


def _illegal(state: SanmaState, seat: int, action: str) -> GameError:
    if state.phase == "over":
        return GameError("The game is over.")
    if seat not in to_act(state):
        return GameError("It is not your turn to act.")
    if state.phase == "respond":
        return GameError("Answer the call window: " + ", ".join(state.window.offers[seat]) + ".")
    try:
        act = parse(action)
    except GameError as error:
        return error
    if isinstance(act, Discard):
        if _find(state, seat, act.tile) is None:
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


def apply(state: SanmaState, seat: int, action: str) -> list[SanmaEvent]:
    if state.phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < 3:
        raise GameError(f"There is no seat {seat} at this table.")
    if not isinstance(action, str) or action not in legal_actions(state, seat):
        raise _illegal(state, seat, action if isinstance(action, str) else repr(action))
    events: list[SanmaEvent] = []
    state.actions += 1
    if state.phase == "respond":
        state.window.answers[seat] = action
        if all(a is not None for s, a in enumerate(state.window.answers) if state.window.offers[s]):
            _resolve_window(state, events)
        return events
    # own turn
    act = parse(action)
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
        case Word.TSUMO:
            _reveal_pending(state, events)
            _win(state, events, [seat], None, state.drawn, "tsumo")
        case Word.KITA:
            _declare_kita(state, seat, events)
        case Word.KYUUSHU:
            _abort(state, events, "kyuushu_kyuuhai", seat, revealed=_codes(state, state.hands[seat]))
    return events


def _discard(state: SanmaState, seat: int, code: str, riichi: bool, events: list[SanmaEvent]) -> None:
    tile = _find(state, seat, code, prefer=state.drawn)
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
    events.append(Discarded(player=seat, tile=_code(state, tile), riichi=riichi, tsumogiri=tsumogiri, live=state.live))
    _reveal_pending(state, events)
    _open_window(state, events, "discard", tile, seat, riichi_discard=riichi)


def _open_window(state: SanmaState, events: list[SanmaEvent], kind: str, tile: int, from_seat: int,
                 riichi_discard: bool = False) -> None:
    offers = _window_offers(state, kind, tile, from_seat)
    state.window = Window(kind=kind, tile=tile, from_seat=from_seat, offers=offers, answers=[None] * 3,
                          riichi_discard=riichi_discard)
    if any(offers):
        state.phase = "respond"
        events.append(CallWindow(kind=kind, tile=_code(state, tile), from_seat=from_seat))
    else:
        _resolve_window(state, events)


def _passers_furiten(state: SanmaState, w: Window, ronners: list[int]) -> None:
    k = w.tile // 4
    for s in range(3):
        if s == w.from_seat or s in ronners:
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
    w = state.window
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
        _win(state, events, ronners, w.from_seat, w.tile, w.kind)
        return
    _passers_furiten(state, w, [])
    state.window = None
    if w.kind == "discard":
        if w.riichi_discard:
            _accept_riichi(state, w.from_seat, events)
            if state.phase == "over":
                return
        caller = next((s for s in order if answers[s] not in (None, Word.PASS)), None)
        if caller is not None:
            _call(state, caller, answers[caller], w, events)
            return
        if state.suukaikan_pending:
            _abort(state, events, "suukaikan", None)
            return
        if state.live == 0:
            _exhaustive(state, events)
            return
        _draw(state, (w.from_seat + 1) % 3, events)
    elif w.kind in ("kakan", "ankan"):
        _complete_kan(state, w.from_seat, w.tile // 4, w.kind, events)
    elif w.kind == "kita":
        _complete_kita(state, w.from_seat, w.tile, events)


def _interrupt(state: SanmaState) -> None:
    state.ippatsu = [False] * 3
    state.first_round = False


def _call(state: SanmaState, seat: int, action: Action, w: Window, events: list[SanmaEvent]) -> None:
    k = w.tile // 4
    same = sorted((t for t in state.hands[seat] if t // 4 == k), key=lambda t: (t in (52, 88), t))
    if action == Word.KAN:
        use = same[:3]
        mtype = "daiminkan"
    else:
        red = [t for t in same if state.options.red_fives and t in (52, 88)]
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
    events.append(Called(player=seat, meld=mtype, tiles=_codes(state, meld.tiles), from_seat=w.from_seat,
                         tile=_code(state, w.tile)))
    state.turn, state.drawn = seat, None
    if mtype == "pon":
        state.draw_kind, state.kuikae, state.phase = "call", k, "turn"
    else:
        state.kans.append(seat)
        state.pending_dora += 1
        _after_kan(state)
        _draw(state, seat, events, replacement=True)


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


def _declare_kan(state: SanmaState, seat: int, k: int, kind: str, events: list[SanmaEvent]) -> None:
    _reveal_pending(state, events)
    if kind == "kakan":
        tile = next(t for t in state.hands[seat] if t // 4 == k)
    else:
        tile = next(t for t in state.hands[seat] if t // 4 == k)
    events.append(KanDeclared(player=seat, meld="shouminkan" if kind == "kakan" else "ankan", tile=kind_code(k)))
    state.drawn = None
    _open_window(state, events, kind, tile, seat)


def _complete_kan(state: SanmaState, seat: int, k: int, kind: str, events: list[SanmaEvent]) -> None:
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
    events.append(Called(player=seat, meld=mtype, tiles=_codes(state, meld.tiles), from_seat=meld.from_seat,
                         tile=kind_code(k)))
    if mtype == "ankan":
        _reveal_dora(state, events)
    _after_kan(state)
    _draw(state, seat, events, replacement=True)


def _declare_kita(state: SanmaState, seat: int, events: list[SanmaEvent]) -> None:
    _reveal_pending(state, events)
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
    _draw(state, seat, events, replacement=True)


# ---------------------------------------------------------------------------
# hand endings
# ---------------------------------------------------------------------------


def _pao_applies(state: SanmaState, seat: int, score) -> dict | None:
    p = state.pao[seat]
    if not p:
        return None
    ids = {y["id"] for y in score.yaku}
    wanted = DAISANGEN_IDS if p["yakuman"] == "daisangen" else DAISUUSHII_IDS
    return p if ids & wanted else None


def _win(state: SanmaState, events: list[SanmaEvent], winners: list[int], from_seat: int | None, tile: int,
         kind: str) -> None:
    d = state.dealer
    deltas = [0, 0, 0]
    transfers: list[Transfer] = []
    results: list[WinEntry] = []
    if kind == "kita" and from_seat is not None:
        state.kita[from_seat].remove(tile)  # the robbed North is the winning tile, not a kita

    def pay(frm: int, to: int, amount: int, what: str) -> None:
        if amount:
            deltas[frm] -= amount
            deltas[to] += amount
            transfers.append(Transfer(payer=frm, payee=to, amount=amount, reason=what))

    sticks_before = state.sticks
    for i, w in enumerate(winners):
        first = i == 0
        honba = state.honba if first else 0
        sticks = state.sticks if first else 0
        if kind == "tsumo":
            score = tsumo_score(state, w)
            hand = state.hands[w]
        else:
            score = ron_score(state, w, tile, kind, honba=honba, sticks=sticks)
            hand = state.hands[w] + [tile]
        assert score is not None and score.ok, (kind, score)
        cost = score.cost
        pao = _pao_applies(state, w, score)
        if kind == "tsumo":
            pays = tsumo_payments(cost, w, d)
            if pao:
                pay(pao["from"], w, sum(pays.values()), "pao")
            else:
                for s, amount in pays.items():
                    pay(s, w, amount, "tsumo")
        else:
            value = ron_payment(cost)
            if pao and pao["from"] != from_seat:
                base = cost["main"]
                pay(from_seat, w, base // 2, "ron")
                pay(pao["from"], w, value - base // 2, "pao")
            else:
                pay(from_seat, w, value, "ron")
        if cost.get("kyoutaku_bonus"):
            deltas[w] += cost["kyoutaku_bonus"]
            transfers.append(Transfer(payer=None, payee=w, amount=cost["kyoutaku_bonus"], reason="sticks"))
        results.append(WinEntry(
            winner=w, from_seat=from_seat, kind="tsumo" if kind == "tsumo" else "ron",
            robbed=kind if kind in ("kakan", "ankan", "kita") else None,
            revealed=_codes(state, [t for t in hand if t != tile]), win_tile=_code(state, tile),
            melds=[ShownMeld(type=m.type, tiles=_codes(state, m.tiles)) for m in state.melds[w]],
            kita=len(state.kita[w]), han=score.han, fu=score.fu, limit=score.limit,
            yaku=[YakuHan(name=y["name"], han=y["han"]) for y in score.yaku],
            points=(ron_payment(cost) if kind != "tsumo" else sum(tsumo_payments(cost, w, d).values())),
            pao=pao["from"] if pao else None,
            riichi=state.riichi[w] == 2,
        ))
    state.sticks = 0
    for s in range(3):
        state.scores[s] += deltas[s]
    dealer_won = d in winners
    ura = [_code(state, t) for t in _ura(state)] if any(state.riichi[w] == 2 for w in winners) else []
    outcome = WinOutcome(**_record(state, deltas, transfers, renchan=dealer_won, sticks=sticks_before), wins=results,
                         ura_indicators=ura)
    _end_hand(state, events, outcome, honba_up=dealer_won, yame_ok=dealer_won)


def _exhaustive(state: SanmaState, events: list[SanmaEvent]) -> None:
    d = state.dealer
    tenpai = [is_tenpai(state, s) for s in range(3)]
    nagashi = []
    if state.options.nagashi_mangan:
        for s in range(3):
            river = state.rivers[s]
            if river and all(r.tile // 4 in TERMINAL_HONOR and not r.called for r in river):
                nagashi.append(s)
    deltas = [0, 0, 0]
    transfers: list[Transfer] = []
    if nagashi:
        for s in nagashi:
            cost = nagashi_score(s == d).cost
            for p, amount in tsumo_payments(cost, s, d).items():
                deltas[p] -= amount
                deltas[s] += amount
                transfers.append(Transfer(payer=p, payee=s, amount=amount, reason="nagashi"))
    else:
        n = sum(tenpai)
        if n in (1, 2):
            for s in range(3):
                if tenpai[s]:
                    deltas[s] += 2000 // n
                else:
                    deltas[s] -= 2000 // (3 - n)
            for s in range(3):
                if not tenpai[s]:
                    transfers.append(Transfer(payer=s, payee=None, amount=2000 // (3 - n), reason="noten"))
    for s in range(3):
        state.scores[s] += deltas[s]
    outcome = ExhaustiveOutcome(
        **_record(state, deltas, transfers, renchan=tenpai[d]), tenpai=[s for s in range(3) if tenpai[s]],
        tenpai_hands={str(s): _codes(state, state.hands[s]) for s in range(3) if tenpai[s]}, nagashi=nagashi,
        draws=state.normal_draws + state.replacement_draws,
    )
    _end_hand(state, events, outcome, honba_up=True, yame_ok=tenpai[d])


def _abort(state: SanmaState, events: list[SanmaEvent], reason: str, seat: int | None,
           revealed: list[str] | None = None) -> None:
    outcome = AbortOutcome(**_record(state, [0, 0, 0], [], renchan=True), reason=reason, seat=seat, revealed=revealed)
    _end_hand(state, events, outcome, honba_up=True, yame_ok=False)


def _ranking(state: SanmaState) -> list[int]:
    """Seats from first to last; ties by seat order."""
    return sorted(range(3), key=lambda s: (-state.scores[s], s))


def _record(state: SanmaState, deltas: list[int], transfers: list[Transfer], *, renchan: bool,
            sticks: int | None = None) -> dict[str, Any]:
    """What every hand's end tells (:class:`games.sanma.events.HandRecord`), once its points are paid."""
    return {"round": ROUND_NAMES[state.round_index], "hand_no": state.hand_no, "honba": state.honba,
            "sticks": state.sticks if sticks is None else sticks, "deltas": deltas, "transfers": transfers,
            "scores": list(state.scores), "dora_indicators": dora_indicators(state), "seed": state.hand_seed,
            "hash": state.hand_hash, "dealer": state.dealer, "renchan": renchan}


def _end_hand(state: SanmaState, events: list[SanmaEvent], outcome: HandOutcome, *, honba_up: bool,
              yame_ok: bool) -> None:
    state.phase = "turn"
    state.window = None
    d = state.dealer
    last = state.round_index >= state.options.last_round
    renchan = outcome.renchan
    state.last_hand = outcome.record()
    state.hands_log.append(state.last_hand)
    events.append(HandEnd(outcome=outcome))
    end_reason = None
    if state.options.tobi and any(s < 0 for s in state.scores):
        end_reason = "bust"
    elif last and not renchan:
        end_reason = "last_hand"
    elif last and renchan and yame_ok and state.options.agari_yame and _ranking(state)[0] == d:
        end_reason = "agari_yame"
    state.honba = state.honba + 1 if honba_up else 0
    if not renchan:
        state.round_index += 1
    if end_reason:
        _finish(state, events, end_reason)
        return
    _start_hand(state, events)


def final_scores(points: list[int], options: Options) -> list[float]:
    """§8: ranking scores in thousands with return, uma and oka; unrounded (one decimal) by default,
    Tenhou's older rounding with ``final_rounding="tenhou"``."""
    order = sorted(range(3), key=lambda s: (-points[s], s))
    oka = 3 * (options.return_points - options.start_points) / 1000
    out = [0.0, 0.0, 0.0]
    if options.final_rounding == "tenhou":
        for r in (1, 2):
            s = order[r]
            out[s] = float((points[s] - options.return_points + 400) // 1000 + options.uma[r])
        out[order[0]] = -(out[order[1]] + out[order[2]])
    else:
        for r in range(3):
            s = order[r]
            out[s] = round((points[s] - options.return_points) / 1000 + options.uma[r] + (oka if r == 0 else 0), 1)
    return out


def _finish(state: SanmaState, events: list[SanmaEvent], reason: str) -> None:
    order = _ranking(state)
    if state.sticks:
        state.scores[order[0]] += 1000 * state.sticks
        state.sticks = 0
    order = _ranking(state)
    ranks = [0, 0, 0]
    for r, s in enumerate(order):
        ranks[s] = r + 1
    final = final_scores(state.scores, state.options)
    state.final = {"reason": reason, "points": list(state.scores), "ranks": ranks, "scores": final}
    state.phase = "over"
    state.drawn = None
    events.append(GameEnd(**state.final))


# ---------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------


def public_view(state: SanmaState) -> PublicView:
    return PublicView.model_validate(_public_fields(state))


def _public_fields(state: SanmaState) -> dict[str, Any]:
    """The public view's fields, in its order, as plain data."""
    d = state.dealer
    w = state.window
    o = state.options
    return {
        "game": "sanma",
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "options": {"red_fives": o.red_fives, "east_only": o.east_only, "tobi": o.tobi, "double_ron": o.double_ron},
        "round": ROUND_NAMES[min(state.round_index, 5)], "round_index": state.round_index,
        "hand_no": state.hand_no, "dealer": d, "honba": state.honba, "sticks": state.sticks,
        "winds": [WIND[(s - d) % 3] for s in range(3)],
        "scores": list(state.scores), "phase": state.phase,
        "turn": state.turn if state.phase == "turn" else None,
        "waiting_calls": state.phase == "respond",
        "window": {"kind": w.kind, "tile": _code(state, w.tile), "from_seat": w.from_seat}
        if w and state.phase == "respond" else None,
        "live": state.live, "dora_indicators": dora_indicators(state),
        "rivers": [[{"tile": _code(state, r.tile), "riichi": r.riichi, "called": r.called, "tsumogiri": r.tsumogiri}
                    for r in state.rivers[s]] for s in range(3)],
        "melds": [[{"type": m.type, "tiles": _codes(state, m.tiles), "from_seat": m.from_seat,
                    "called_index": None if m.called is None else m.tiles.index(m.called)}  # the tile taken
                   for m in state.melds[s]] for s in range(3)],
        "kita": [len(k) for k in state.kita],
        "riichi": [r == 2 or (r == 1) for r in state.riichi],
        "hand_counts": [len(h) for h in state.hands],
        "hash": state.hand_hash,
        "last_hand": state.last_hand,
        "final": state.final,
    }


def view(state: SanmaState, seat: int) -> SeatView:
    hand = state.hands[seat]
    own = state.drawn is not None and state.turn == seat and state.phase == "turn"
    return SeatView.model_validate({
        **_public_fields(state), "seat": seat, "hand": _codes(state, hand), "hand_ids": sorted(hand, key=sort_key),
        "drawn": _code(state, state.drawn) if own and state.drawn is not None else None,
        "furiten": _furiten(state, seat) if state.phase != "over" else False, "my_riichi": state.riichi[seat],
        "waits": [kind_code(k) for k in waits(hand)] if len(hand) % 3 == 1 else [],
        "kuikae": kind_code(state.kuikae) if state.kuikae is not None and state.turn == seat else None})


def hidden_cards(state: SanmaState) -> dict[int, list[str]]:
    if state.phase == "over":
        return {s: [] for s in range(3)}
    return {s: _codes(state, state.hands[s]) for s in range(3)}


def is_over(state: SanmaState) -> bool:
    return state.phase == "over"


def result(state: SanmaState) -> Result:
    if state.phase != "over" or state.final is None:
        raise GameError("The game is not over yet.")
    final = state.final["scores"]
    # In tenths of a point (the game's points_scale): exactly the final scores shown, which have one
    # decimal (points are multiples of 100), so the season ledger books what the players saw.
    tenths = [round(x * 10) for x in final]
    return Result(scores=tenths, placings=list(state.final["ranks"]),
                  summary={"points": state.final["points"], "final": final, "reason": state.final["reason"],
                           "hands": len(state.hands_log)})


def load(snapshot: str) -> SanmaState:
    return SanmaState.model_validate_json(snapshot)


def describe_action(action: str) -> str:
    return describe(action)
