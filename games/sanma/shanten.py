"""Shanten, completeness and waits for sanma's 27 tile kinds (docs/rules/sanma.md §5, §7), by table.

Hands are 34-kind count vectors (only kinds 0, 8 and 9-33 occur). The result is the one the
``mahjong`` library's ``Shanten.calculate_shanten(tiles_34, is_three_player=True)`` gives, the
minimum of three shapes:

* **regular** (sets + one pair; an open hand with fewer tiles counts its called sets as done):
  the hand splits into three independent parts — the pinzu suit, the souzu suit, and the *lone
  kinds* (1m, 9m and the seven honours, which can never be in a sequence). A suit's possible
  breakdowns into sets, partial sets (two-tile shapes), pairs and isolated tiles depend only on
  its own nine counts, so each of the 405,350 suit patterns a hand can hold is analysed once and
  its best breakdowns (a small Pareto set; 618 distinct ones) kept in a table. The table ships
  as ``shanten_suits.bin`` (260 kB, read in milliseconds at import); rebuild it after changing
  the search with ``python -c "from games.sanma.shanten import build_table; build_table()"``
  (a minute or two). Without the file each pattern is worked out the first time it is seen.
  The library's scoring of a breakdown is followed to the letter: at most five blocks count,
  extra pairs count as partial sets, and a hand whose only loose tiles are fourth copies (they
  cannot wait for a pair) is one step further.
* **chiitoitsu** (13 or 14 tiles): 6 - pairs, plus the kinds missing to reach seven.
* **kokushi** (13 or 14 tiles): 13 - terminal/honour kinds held - (1 if one is paired).
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import product
from operator import itemgetter
from pathlib import Path

from games.memo import flat_cache

LONE_KINDS = (0, 8, 27, 28, 29, 30, 31, 32, 33)  # 1m, 9m, honours: sets and pairs only
KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SUIT_STARTS = (9, 18)  # pinzu, souzu
SANMA_KINDS = (0, 8, *range(9, 34))
AGARI = -1

# Loose tiles of a breakdown: none, only fourth copies (no pair can wait on them), or some other.
NONE_LOOSE, FOURTH_COPIES_ONLY, OTHER_LOOSE = 1, 0, 2


# ---------------------------------------------------------------------------
# one suit: its best breakdowns
# ---------------------------------------------------------------------------


Move = tuple[tuple[tuple[int, int], ...], bool, int, int, int, bool]


def _moves(suffix: tuple[int, ...]) -> list[Move]:
    """The library's choices for the first tile kind of a suit suffix, in its own order:
    (copies removed by offset, stay on this kind?, sets, partial sets, pairs, a loose tile?)."""
    n = suffix[0]
    nxt = suffix[1] if len(suffix) > 1 else 0
    nxt2 = suffix[2] if len(suffix) > 2 else 0
    seq: tuple[tuple[int, int], ...] = ((1, 1), (2, 1))
    kanchan: tuple[tuple[int, int], ...] = ((2, 1),)
    edge: tuple[tuple[int, int], ...] = ((1, 1),)
    moves: list[Move] = []

    def partials_after(first: int, sets: int, pairs: int, seq_stays: bool = False) -> None:
        """``first`` copies of this kind gone (one of them into the shape): a sequence, a
        kanchan and a two-sided/edge partial set from here."""
        if nxt2:
            if nxt:
                moves.append((((0, first),) + seq, seq_stays, sets + 1, 0, pairs, False))
            moves.append((((0, first),) + kanchan, False, sets, 1, pairs, False))
        if nxt:
            moves.append((((0, first),) + edge, False, sets, 1, pairs, False))

    if n == 4:
        partials_after(4, 1, 0)  # a set, then the fourth copy in a shape
        moves.append((((0, 4),), False, 1, 0, 0, True))  # a set and the fourth copy loose
        partials_after(3, 0, 1, seq_stays=True)  # a pair, then a shape (the last copy is dropped)
    elif n == 3:
        moves.append((((0, 3),), False, 1, 0, 0, False))
        if nxt2 and nxt:
            moves.append((((0, 3),) + seq, False, 1, 0, 1, False))
        else:
            partials_after(3, 0, 1)
        if nxt2 >= 2 and nxt >= 2:
            moves.append((((0, 2), (1, 2), (2, 2)), True, 2, 0, 0, False))
    elif n == 2:
        moves.append((((0, 2),), False, 0, 0, 1, False))
        if nxt2 and nxt:
            moves.append((((0, 1),) + seq, True, 1, 0, 0, False))
    elif len(suffix) > 3 and nxt == 1 and nxt2 and suffix[3] != 4:
        moves.append((((0, 1),) + seq, False, 1, 0, 0, False))
    else:
        moves.append((((0, 1),), False, 0, 0, 0, True))
        partials_after(1, 0, 0)
    return moves


def _join(a: int, b: int) -> int:
    """Loose-tile class of two parts together."""
    if OTHER_LOOSE in (a, b):
        return OTHER_LOOSE
    return FOURTH_COPIES_ONLY if FOURTH_COPIES_ONLY in (a, b) else NONE_LOOSE


_EMPTY_FORMS = ((0, 0, 0, NONE_LOOSE),)


def _suffix_forms(suffix: tuple[int, ...], quads: int) -> tuple[tuple[int, int, int, int], ...]:
    """Best (sets, partial sets, pairs, loose-tile class) of the library's search over a suit
    from some kind on; ``quads`` marks the kinds held four times in the whole hand."""
    while suffix and not suffix[0]:
        suffix, quads = suffix[1:], quads >> 1
    if not suffix:
        return _EMPTY_FORMS
    key = (suffix, quads)
    forms = _SUFFIXES.get(key)
    if forms is None:
        found = set()
        for removed, stay, sets, partials, pairs, loose in _moves(suffix):
            rest = list(suffix)
            for offset, copies in removed:
                rest[offset] -= copies
            here = (FOURTH_COPIES_ONLY if quads & 1 else OTHER_LOOSE) if loose else NONE_LOOSE
            after = _suffix_forms(tuple(rest), quads) if stay else _suffix_forms(tuple(rest[1:]), quads >> 1)
            for s, p, pr, cls in after:
                found.add((s + sets, p + partials, pr + pairs, _join(here, cls)))
        forms = _SUFFIXES[key] = _pareto(found)
    return forms


_SUFFIXES: dict[tuple[tuple[int, ...], int], tuple[tuple[int, int, int, int], ...]] = {}


def _pareto(forms: set[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """Drop every breakdown another one beats or equals in all four values (more is better)."""
    kept: list[tuple[int, int, int, int]] = []
    for f in sorted(forms, reverse=True):
        if not any(all(a >= b for a, b in zip(k, f)) for k in kept):
            kept.append(f)
    return tuple(kept)


# ---------------------------------------------------------------------------
# the tables: suit rows, lone-kind rows, and the regular shanten of each combination
# ---------------------------------------------------------------------------

_POW5 = tuple(5**i for i in range(9))
NO_ROW = 0xFFFF
TABLE_FILE = Path(__file__).with_name("shanten_suits.bin")
_ROWS: list[tuple[tuple[int, int, int, int], ...]] = []  # distinct compact breakdown sets
_ROW_OF: dict[tuple[tuple[int, int, int, int], ...], int] = {}
_SUIT_INDEX = array("H")  # suit key (base-5 digits = the nine counts) -> row of _ROWS, or NO_ROW
_LONE_ROWS: dict[int, int] = {}  # lone key (how many lone kinds are held 1, 2, 3, 4 times) -> row
_LONE: list[tuple[tuple[int, int, int, int], int]] = []
_REGULAR: dict[tuple[int, int, int, int], int] = {}  # (pinzu row, souzu row, lone row, tiles)
LONE_STEP = (0, 1, 16, 256, 4096)  # lone key weight of a kind held 1, 2, 3, 4 times


def _compact(form: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """(sets, blocks, has a pair, loose class) — all the scoring needs of a breakdown: pairs and
    partial sets both count as blocks (more than five never help), and the loose class matters
    only to a hand without any pair."""
    sets, partials, pairs, loose = form
    return sets, min(partials + pairs, 5), 1 if pairs else 0, OTHER_LOOSE if pairs else loose


def suit_key(pattern: Sequence[int]) -> int:
    """The nine counts of a suit as one base-5 number (the first count is the lowest digit)."""
    key = 0
    for n in reversed(pattern):
        key = key * 5 + n
    return key


def suit_forms(pattern: Sequence[int]) -> tuple[tuple[int, int, int, int], ...]:
    """The best breakdowns of one suit's nine counts, as (sets, blocks, has a pair, loose class)."""
    return _ROWS[_suit_row(suit_key(pattern))]


def _computed_forms(key: int) -> tuple[tuple[int, int, int, int], ...]:
    pattern = tuple(key // w % 5 for w in _POW5)
    quads = sum(1 << i for i, n in enumerate(pattern) if n == 4)
    return _pareto({_compact(f) for f in _suffix_forms(pattern, quads)})


def _suit_row(key: int) -> int:
    """Row of the suit table for this key; suit patterns with the same best breakdowns share a
    row. A pattern missing from the table (no table file) is worked out and added."""
    row = _SUIT_INDEX[key]
    if row == NO_ROW:  # never with the table file
        forms = _computed_forms(key)
        if forms not in _ROW_OF:
            _ROW_OF[forms] = len(_ROWS)
            _ROWS.append(forms)
        row = _ROW_OF[forms]
        _SUIT_INDEX[key] = row
    return row


def _hand_patterns() -> Iterator[tuple[int, ...]]:
    """Every suit pattern a hand can hold (each count 0-4, at most 14 tiles)."""
    return (p for p in product(range(5), repeat=9) if sum(p) <= 14)


def build_table(path: Path = TABLE_FILE) -> int:
    """Work out every suit pattern a hand can hold and write the table file (rows as JSON, then
    the index as little-endian 16-bit rows, compressed). Returns the number of rows."""
    _reset_tables()
    for pattern in _hand_patterns():
        _suit_row(suit_key(pattern))
    index = array("H", _SUIT_INDEX)
    if sys.byteorder == "big":
        index.byteswap()
    path.write_bytes(zlib.compress(json.dumps(_ROWS).encode() + b"\n" + index.tobytes(), 9))
    return len(_ROWS)


def _form(values: Sequence[int]) -> tuple[int, int, int, int]:
    sets, blocks, pair, loose = values
    return sets, blocks, pair, loose


def _reset_tables(rows: Iterable[Iterable[Sequence[int]]] = (), index: array | None = None) -> None:
    _ROWS[:] = [tuple(_form(f) for f in r) for r in rows]
    _ROW_OF.clear()
    _ROW_OF.update((forms, i) for i, forms in enumerate(_ROWS))
    _SUIT_INDEX[:] = index if index is not None else array("H", [NO_ROW]) * 5**9
    _REGULAR.clear()


def load_table(path: Path = TABLE_FILE) -> bool:
    """Read the table file (a few tens of milliseconds); without it the table is worked out
    pattern by pattern as hands need it. Returns whether the file was read."""
    try:
        rows, raw = zlib.decompress(path.read_bytes()).split(b"\n", 1)
        index = array("H")
        index.frombytes(raw)
        if sys.byteorder == "big":
            index.byteswap()
        if len(index) != 5**9:
            raise ValueError("wrong index size")
        _reset_tables(json.loads(rows), index)
        return True
    except (OSError, ValueError, zlib.error):
        _reset_tables()
        return False


def _lone_row(key: int) -> int:
    """Row of the lone kinds: one breakdown (a set for 3 or 4 copies, a pair for 2, loose
    otherwise) and the library's count of quads among them."""
    row = _LONE_ROWS.get(key)
    if row is None:
        n1, n2, n3, n4 = key % 16, key // 16 % 16, key // 256 % 16, key // 4096
        loose = NONE_LOOSE if not (n1 or n4) else FOURTH_COPIES_ONLY if not n1 else OTHER_LOOSE
        row = _LONE_ROWS[key] = len(_LONE)
        _LONE.append((_compact((n3 + n4, 0, n2, loose)), n4))
    return row


def _regular(pin: int, sou: int, lone: int, tiles: int) -> int:
    """The library's regular shanten of a hand given by its rows: its best score over every pair
    of suit breakdowns (8 - 2 x sets - useful blocks; a hand without a pair has one block fewer
    room, and is one step further if its only loose tiles are fourth copies)."""
    (lone_sets, lone_blocks, lone_pair, lone_loose), quads = _LONE[lone]
    if quads and tiles % 3 == 2:
        quads -= 1
    best = 8
    sets0 = (14 - tiles) // 3 + lone_sets
    for ps, pb, pp, ploose in _ROWS[pin]:
        for ss, sb, sp, sloose in _ROWS[sou]:
            sets = sets0 + ps + ss
            blocks = lone_blocks + pb + sb
            if lone_pair or pp or sp:
                value = 8 - 2 * sets - min(blocks, 5 - sets)
            else:
                value = 8 - 2 * sets - min(blocks, 4 - sets)
                if FOURTH_COPIES_ONLY in (lone_loose, ploose, sloose) and OTHER_LOOSE not in (
                    lone_loose,
                    ploose,
                    sloose,
                ):
                    value += 1  # the only loose tiles are fourth copies: no pair can be waited for
            if value != AGARI and value < quads:
                value = quads
            if value < best:
                best = value
    return best


def _regular_of(pin_key: int, sou_key: int, lone_key: int, tiles: int) -> int:
    """Regular shanten by the keys of the three parts."""
    return _regular_by_rows(_suit_row(pin_key), _suit_row(sou_key), _lone_row(lone_key), tiles)


def _regular_by_rows(pin: int, sou: int, lone: int, tiles: int) -> int:
    """Regular shanten by the rows of the three parts (memoised: rows are few)."""
    rows = (pin, sou, lone, tiles)
    value = _REGULAR.get(rows)
    if value is None:
        if tiles > 14 or tiles % 3 == 0:
            raise ValueError(f"a hand has 3n+1 or 3n+2 tiles (at most 14), not {tiles}")
        value = _REGULAR[rows] = _regular(*rows)
    return value


_PART = tuple(0 if 9 <= k < 18 else 1 if 18 <= k < 27 else 2 for k in range(34))  # pinzu, souzu, lone
_WEIGHT = tuple(_POW5[(k - 9) % 9] if 9 <= k < 27 else 0 for k in range(34))
_ORPHAN = tuple(k in KOKUSHI_KINDS for k in range(34))
_lone_of = itemgetter(*LONE_KINDS)
_orphans_of = itemgetter(*KOKUSHI_KINDS)


class Hand:
    """A count vector with the keys of its parts kept up to date, so that adding or removing a
    tile and asking the shanten again costs a few operations (what the bot does hundreds of
    times a decision)."""

    __slots__ = ("c", "pin", "sou", "lone", "tiles", "pairs", "kinds", "orphans", "orphan_pairs")

    def __init__(self, counts: Iterable[int]) -> None:
        c = self.c = list(counts)
        self.pin = suit_key(c[9:18])
        self.sou = suit_key(c[18:27])
        lone = _lone_of(c)
        self.lone = lone.count(1) + 16 * lone.count(2) + 256 * lone.count(3) + 4096 * lone.count(4)
        self.tiles = sum(c)
        self.pairs = c.count(2) + c.count(3) + c.count(4)
        self.kinds = len(c) - c.count(0)
        orphans = _orphans_of(c)
        self.orphans = 13 - orphans.count(0)
        self.orphan_pairs = 13 - orphans.count(0) - orphans.count(1)

    def add(self, k: int, step: int = 1) -> None:
        """One more tile of kind ``k`` (``step=-1``: one fewer)."""
        c = self.c
        before = c[k]
        after = c[k] = before + step
        self.tiles += step
        part = _PART[k]
        if part == 0:
            self.pin += step * _WEIGHT[k]
        elif part == 1:
            self.sou += step * _WEIGHT[k]
        else:
            self.lone += LONE_STEP[after] - LONE_STEP[before]
        crossed = before if step > 0 else after  # the count just below the boundary crossed
        if crossed == 1:
            self.pairs += step
            if _ORPHAN[k]:
                self.orphan_pairs += step
        elif crossed == 0:
            self.kinds += step
            if _ORPHAN[k]:
                self.orphans += step

    def remove(self, k: int) -> None:
        self.add(k, -1)

    def shanten(self) -> int:
        tiles = self.tiles
        value = _regular_of(self.pin, self.sou, self.lone, tiles)
        if tiles >= 13 and value > AGARI:
            pairs = self.pairs
            chiitoitsu = AGARI if pairs == 7 else 6 - pairs + max(0, 7 - self.kinds)
            kokushi = 13 - self.orphans - (1 if self.orphan_pairs else 0)
            if chiitoitsu < value:
                value = chiitoitsu
            if kokushi < value:
                value = kokushi
        return value

    def after_discards(self) -> dict[int, int]:
        """Shanten after discarding one tile, for each kind held; the rows of the parts the
        discard leaves untouched are looked up once, and the hand itself is not touched."""
        c = self.c
        pin, sou, lone, tiles = self.pin, self.sou, self.lone, self.tiles - 1
        pin_row, sou_row, lone_row = _suit_row(pin), _suit_row(sou), _lone_row(lone)
        closed = tiles >= 13
        out = {}
        for k in SANMA_KINDS:
            n = c[k]
            if not n:
                continue
            part = _PART[k]
            if part == 0:
                rows = (_suit_row(pin - _WEIGHT[k]), sou_row, lone_row, tiles)
            elif part == 1:
                rows = (pin_row, _suit_row(sou - _WEIGHT[k]), lone_row, tiles)
            else:
                rows = (pin_row, sou_row, _lone_row(lone + LONE_STEP[n - 1] - LONE_STEP[n]), tiles)
            value = _REGULAR.get(rows)
            if value is None:
                value = _regular_by_rows(*rows)
            if closed and value > AGARI:
                pairs = self.pairs - (n == 2)
                chiitoitsu = AGARI if pairs == 7 else 6 - pairs + max(0, 7 - self.kinds + (n == 1))
                orphan = _ORPHAN[k]
                kokushi = (
                    13 - self.orphans + (orphan and n == 1) - (1 if self.orphan_pairs - (orphan and n == 2) else 0)
                )
                value = min(value, chiitoitsu, kokushi)
            out[k] = value
        return out

    def improving(self, base: int | None = None, kinds: Iterable[int] | None = None) -> list[int]:
        """Kinds (of ``kinds``, default all 27; never one already held four times) whose draw
        lowers the shanten below ``base`` (default: this hand's own shanten). The hand itself is
        not touched."""
        if base is None:
            base = self.shanten()
        c = self.c
        pin, sou, lone, tiles = self.pin, self.sou, self.lone, self.tiles + 1
        pin_row, sou_row, lone_row = _suit_row(pin), _suit_row(sou), _lone_row(lone)
        closed = tiles >= 13
        out = []
        for k in SANMA_KINDS if kinds is None else kinds:
            n = c[k]
            if n >= 4:
                continue
            part = _PART[k]
            if part == 0:
                rows = (_suit_row(pin + _WEIGHT[k]), sou_row, lone_row, tiles)
            elif part == 1:
                rows = (pin_row, _suit_row(sou + _WEIGHT[k]), lone_row, tiles)
            else:
                rows = (pin_row, sou_row, _lone_row(lone + LONE_STEP[n + 1] - LONE_STEP[n]), tiles)
            value = _REGULAR.get(rows)
            if value is None:
                value = _regular_by_rows(*rows)
            if value >= base and closed:  # seven pairs or kokushi may still be nearer
                pairs = self.pairs + (n == 1)
                chiitoitsu = AGARI if pairs == 7 else 6 - pairs + max(0, 7 - self.kinds - (n == 0))
                orphan = _ORPHAN[k]
                kokushi = (
                    13 - self.orphans - (orphan and n == 0) - (1 if self.orphan_pairs or (orphan and n == 1) else 0)
                )
                value = min(value, chiitoitsu, kokushi)
            if value < base:
                out.append(k)
        return out


def regular_shanten(c: Sequence[int]) -> int:
    h = Hand(c)
    return _regular_of(h.pin, h.sou, h.lone, h.tiles)


def chiitoitsu_shanten(c: Sequence[int]) -> int:
    pairs = sum(1 for n in c if n >= 2)
    if pairs == 7:
        return AGARI
    return 6 - pairs + max(0, 7 - sum(1 for n in c if n))


def kokushi_shanten(c: Sequence[int]) -> int:
    return 13 - sum(1 for k in KOKUSHI_KINDS if c[k]) - (1 if any(c[k] >= 2 for k in KOKUSHI_KINDS) else 0)


def shanten(c: Sequence[int]) -> int:
    """Shanten of a 34-count vector: -1 complete, 0 tenpai, … (regular, chiitoitsu, kokushi)."""
    return Hand(c).shanten()


def is_complete(c: Sequence[int]) -> bool:
    """A complete hand (3n+2 tiles): sets and a pair, seven pairs, or kokushi."""
    return _complete(tuple(c))


@flat_cache(200_000)
def _complete(counts: tuple[int, ...]) -> bool:
    return Hand(counts).shanten() == AGARI


@flat_cache(200_000)
def waits_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Kinds that complete this 3n+1 count tuple (a fifth copy never does), by shape."""
    if sum(counts) % 3 != 1:
        return ()
    hand = Hand(counts)
    return tuple(hand.improving(0)) if hand.shanten() == 0 else ()


def waits(c: Sequence[int]) -> tuple[int, ...]:
    return waits_of(tuple(c))


load_table()
