"""Dealing sanma: a new game, each hand's wall from its seed, draws and dora indicators (docs/rules/sanma.md §3).

Hand ``n`` (1, 2, … in the order hands are started, renchan and draws included) uses
``hand_seed = sha256_hex(f"{seed}:{n}")``; the ``round_start`` event shows its hash, ``hand_end`` reveals it. The
wall is ``seeded_shuffle(hand_seed, 0, deck=ALL_IDS)`` over the 108 ids in ascending order. Tests may inject walls
(``walls=[[…108 ids…], …]``: each hand takes the next one, then the seeded shuffle resumes).
"""

from __future__ import annotations

from games.base import GameError, SeatInfo
from games.sanma.events import Dealt, Dora, Draw, Drew, RoundStart, SanmaEvent
from games.sanma.options import Options, parse_options
from games.sanma.state import ROUND_NAMES, SanmaState, code, codes, dora_indicators
from games.sanma.tiles import ALL_IDS, sort_key
from games.shuffle import seeded_shuffle, sha256_hex
from games.table_state import opening


def check_wall(wall: list[int]) -> list[int]:
    wall = [int(t) for t in wall]
    if len(wall) != 108 or sorted(wall) != list(ALL_IDS):
        raise GameError("An injected wall must hold each of the 108 sanma tile ids exactly once.")
    return wall


def new_game(
    options: Options | dict | None, seats: list[SeatInfo] | list[str], seed: str, walls: list[list[int]] | None = None
) -> SanmaState:
    options, infos = opening(options, seats, seed, parse_options)
    state = SanmaState(
        options=options,
        seats=infos,
        seed=seed,
        scores=[options.start_points] * 3,
        walls=[check_wall(w) for w in walls] if walls else None,
    )
    events: list[SanmaEvent] = []
    start_hand(state, events)
    state.opening_events = events
    return state


def hand_wall(seed: str) -> list[int]:
    return seeded_shuffle(seed, 0, deck=list(ALL_IDS))


def _next_wall(state: SanmaState) -> tuple[list[int], bool]:
    """The next hand's wall, and whether a test injected it."""
    if state.walls is not None and state.wall_pos < len(state.walls):
        state.wall_pos += 1
        return list(state.walls[state.wall_pos - 1]), True
    return hand_wall(state.hand_seed), False


def _clear_hand(state: SanmaState) -> None:
    """Everything a hand keeps, as it is before the deal."""
    state.live_pos, state.live_end = 39, 94
    state.n_dora, state.pending_dora = 1, 0
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


def start_hand(state: SanmaState, events: list[SanmaEvent]) -> None:
    """Deals the next hand (13 tiles each, the dealer's first) and the dealer's first draw."""
    state.hand_no += 1
    state.hand_seed = sha256_hex(f"{state.seed}:{state.hand_no}")
    state.hand_hash = sha256_hex(state.hand_seed)
    wall, injected = _next_wall(state)
    d = state.dealer
    state.wall = wall
    state.rinshan = wall[104:108]
    state.hands = [[], [], []]
    for k in range(3):
        state.hands[(d + k) % 3] = sorted(wall[13 * k : 13 * k + 13], key=sort_key)
    _clear_hand(state)
    events.append(
        RoundStart(
            hand_no=state.hand_no,
            round=ROUND_NAMES[state.round_index],
            round_index=state.round_index,
            dealer=d,
            honba=state.honba,
            sticks=state.sticks,
            hash=state.hand_hash,
            dora_indicators=[code(state, wall[94])],
            scores=list(state.scores),
            injected_wall=injected,
        )
    )
    for s in range(3):
        events.append(Dealt(hand=codes(state, state.hands[s]), seat=s))
    draw(state, d, events)


def draw(state: SanmaState, seat: int, events: list[SanmaEvent], replacement: bool = False) -> None:
    """The seat draws from the live wall, or from the dead wall after a kan or a kita (``replacement``)."""
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
    events.append(Drew(tile=code(state, tile), replacement=replacement, seat=seat))


def reveal_dora(state: SanmaState, events: list[SanmaEvent], count: int = 1) -> None:
    for _ in range(count):
        if state.n_dora >= 5:
            return
        state.n_dora += 1
        events.append(Dora(indicator=code(state, state.wall[93 + state.n_dora]), indicators=dora_indicators(state)))


def reveal_pending(state: SanmaState, events: list[SanmaEvent]) -> None:
    """The indicators of open and added kans, revealed after the kan's discard or the next kan."""
    if state.pending_dora:
        n, state.pending_dora = state.pending_dora, 0
        reveal_dora(state, events, n)
