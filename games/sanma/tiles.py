"""The 108-tile sanma set, mpsz notation and tile ids (docs/rules/sanma.md §1).

Tiles are handled as 136-ids (``kind34 * 4 + copy``), as in the ``mahjong`` package and
Tenhou logs. Only kinds 0 (1m), 8 (9m) and 9-33 exist; ids 4-31 (2m-8m) are rejected.
Red fives are id 52 (``0p``) and id 88 (``0s``) when the ``red_fives`` option is on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from games.base import GameError

SUITS = "mpsz"
KINDS: tuple[int, ...] = (0, 8, *range(9, 34))  # the 27 sanma kinds (34-index)
KIND_SET = frozenset(KINDS)
ALL_IDS: tuple[int, ...] = tuple(i for k in KINDS for i in range(4 * k, 4 * k + 4))
RED_IDS = frozenset({52, 88})
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
NORTH_KIND = NORTH
TERMINAL_HONOR = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
WIND_NAMES = {0: "East", 1: "South", 2: "West"}
HONOR_NAMES = {27: "East", 28: "South", 29: "West", 30: "North", 31: "White", 32: "Green", 33: "Red"}

assert len(ALL_IDS) == 108


def _kind_code(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


KIND_CODES = tuple(_kind_code(k) for k in range(34))
_TILE_CODES = (
    tuple(KIND_CODES[t // 4] for t in range(136)),  # red fives off
    tuple("0" + SUITS[t // 36] if t in RED_IDS else KIND_CODES[t // 4] for t in range(136)),
)


def kind_code(kind: int) -> str:
    """``9p`` for kind 17."""
    return KIND_CODES[kind] if 0 <= kind < 34 else _kind_code(kind)


def tile_code(tile: int, red_fives: bool = True) -> str:
    """mpsz code of a 136-id: ``0p`` for the red 5p when red fives are on."""
    if 0 <= tile < 136:
        return _TILE_CODES[1 if red_fives else 0][tile]
    if red_fives and tile in RED_IDS:
        return "0" + SUITS[tile // 36]
    return _kind_code(tile // 4)


def is_red(tile: int, red_fives: bool = True) -> bool:
    return red_fives and tile in RED_IDS


def sort_key(tile: int) -> tuple[int, int]:
    return (tile // 4, tile)


def tiles_text(tiles: Iterable[int], red_fives: bool = True) -> str:
    """Compact mpsz text in display order: ``19m0p66p34s11z``."""
    out = []
    last_suit = None
    group = ""
    for t in sorted(tiles, key=sort_key):
        code = tile_code(t, red_fives)
        if last_suit is not None and code[1] != last_suit:
            out.append(group + last_suit)
            group = ""
        group += code[0]
        last_suit = code[1]
    if last_suit is not None:
        out.append(group + last_suit)
    return "".join(out)


_GROUP = re.compile(r"([0-9]+)([mpsz])")


def parse_codes(text: str) -> list[str]:
    """``"123p4z"`` → ``["1p", "2p", "3p", "4z"]``; spaces and commas are ignored.

    Raises GameError for anything that is not a sanma tile.
    """
    s = re.sub(r"[\s,]+", "", text or "")
    pos = 0
    codes: list[str] = []
    for m in _GROUP.finditer(s):
        if m.start() != pos:
            raise GameError(f"I can't read {s[pos : m.start()]!r} in {text!r}: write tiles like 123p 55s 1m 7z.")
        pos = m.end()
        suit = m.group(2)
        for d in m.group(1):
            code = d + suit
            check_code(code)
            codes.append(code)
    if pos != len(s):
        raise GameError(f"I can't read {s[pos:]!r} in {text!r}: write tiles like 123p 55s 1m 7z.")
    return codes


def check_code(code: str) -> None:
    d, suit = code[0], code[1]
    if suit == "m" and d not in "19":
        raise GameError(f"{code} is not a sanma tile: only 1m and 9m exist among the characters.")
    if suit == "z" and d not in "1234567":
        raise GameError(f"{code} is not a tile: honors are 1z-7z.")
    if d == "0" and suit not in "ps":
        raise GameError(f"{code} is not a tile: only 0p and 0s (red fives) exist.")


def _code_kind(code: str) -> int:
    d = int(code[0]) or 5
    return SUITS.index(code[1]) * 9 + d - 1


_KIND_OF_CODE = {f"{d}{suit}": _code_kind(f"{d}{suit}") for suit in SUITS for d in range(10)}


def code_kind(code: str) -> int:
    kind = _KIND_OF_CODE.get(code)
    return _code_kind(code) if kind is None else kind


def codes_to_ids(codes: list[str], red_fives: bool = True) -> list[int]:
    """Assign distinct 136-ids to codes (red fives get 52/88; plain copies avoid them)."""
    used: set[int] = set()
    out = []
    for code in codes:
        check_code(code)
        k = code_kind(code)
        if code[0] == "0":
            if not red_fives:
                raise GameError(f"{code}: red fives are off at this table.")
            tid = k * 4
            if tid in used:
                raise GameError(f"There is only one {code}.")
        else:
            free = [k * 4 + c for c in range(4) if k * 4 + c not in used and not (red_fives and k * 4 + c in RED_IDS)]
            if not free:
                if red_fives and k in (13, 22):
                    raise GameError(
                        f"Too many plain {kind_code(k)}: with red fives there are three plain "
                        f"{kind_code(k)} and one red 0{kind_code(k)[1]}."
                    )
                raise GameError(f"Too many copies of {kind_code(k)}: there are only four.")
            tid = free[0]
        used.add(tid)
        out.append(tid)
    return out


def parse_ids(text: str, red_fives: bool = True) -> list[int]:
    return codes_to_ids(parse_codes(text), red_fives)


def check_ids(tiles: Iterable[int], what: str = "hand") -> None:
    """Every id is a sanma tile and no id occurs twice (§1)."""
    seen = set()
    for t in tiles:
        if not isinstance(t, int) or not 0 <= t < 136 or 4 <= t < 32:
            raise GameError(f"Tile id {t!r} in the {what} is not part of the 108-tile sanma set.")
        if t in seen:
            raise GameError(f"Tile id {t} appears twice in the {what}.")
        seen.add(t)


def dora_of(indicator_kind: int) -> int:
    """The dora kind shown by an indicator kind (§1)."""
    k = indicator_kind
    if k == 0:
        return 8
    if k == 8:
        return 0
    if 9 <= k <= 26:
        return k - 8 if k % 9 == 8 else k + 1
    if 27 <= k <= 30:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def counts34(tiles: Iterable[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t // 4] += 1
    return c


def tile_name(tile_or_kind: int, is_kind: bool = False) -> str:
    k = tile_or_kind if is_kind else tile_or_kind // 4
    if k >= 27:
        return HONOR_NAMES[k]
    return kind_code(k)
