"""Hand patterns and the hand evaluator (black-christmas-poker.md §8-§9).

The pattern table is data (:data:`PATTERNS`); :func:`evaluate` reads it. A hand is
worth its single best pattern, or one of the two named sums (H12 + H08 = 1000,
H13 + S06 = 1500). Ties go to the pattern listed first in the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from games.bcpoker.cards import BLACK, COLOUR, CODES, KX, NUMBER, copies

SHAPE, COUNT, COLOUR_KIND = "shape", "count", "colour"


@dataclass(frozen=True)
class Pattern:
    id: str
    name: str
    points: int
    kind: str  # shape (needs a decomposition), count (numbers only), colour (all one colour + a decomposition)
    special: bool = False  # S01-S06: only with the special_hands option
    two_decks: bool = False  # H13, S06: only with two decks
    rule: str = ""


PATTERNS: tuple[Pattern, ...] = (
    Pattern("H01", "Connected runs", 100, SHAPE, rule="two runs whose six numbers are consecutive"),
    Pattern("H02", "Connected triplets", 100, SHAPE, rule="two triplets of consecutive numbers"),
    Pattern("H03", "Mirror runs", 200, SHAPE, rule="runs 1-2-3 and 5-6-7 with a pair of 4s"),
    Pattern("H04", "Twin runs", 200, SHAPE, rule="two runs of the same numbers"),
    Pattern("H05", "Triplet ladder", 200, SHAPE, rule="two consecutive triplets and a pair next to them"),
    Pattern("H06", "Full ladder", 400, SHAPE, rule="two runs and a pair covering 1 to 7"),
    Pattern("H07", "Double quads", 400, COUNT, rule="four of one number and four of another"),
    Pattern("H08", "Flush", 400, COLOUR_KIND, rule="all eight cards one colour, as two sets and a pair"),
    Pattern("H09", "Identical runs", 500, SHAPE, rule="two runs of the same numbers and colour"),
    Pattern("H10", "Five and three", 500, COUNT, rule="five of one number and three of another"),
    Pattern("H11", "Six and pair", 600, COUNT, rule="six of one number and two of another"),
    Pattern("H12", "Eight black cards", 600, COLOUR_KIND, rule="all eight cards black, as two sets and a pair"),
    Pattern("H13", "Eight of a kind", 800, COUNT, two_decks=True, rule="all eight cards one number"),
    Pattern("S01", "Four pairs 2-4-5-6", 300, COUNT, special=True, rule="pairs of 2, 4, 5 and 6"),
    Pattern("S02", "Animals", 300, SHAPE, special=True, rule="triplets and pair of 1, 4 and 7"),
    Pattern("S03", "Triangular hats", 300, SHAPE, special=True, rule="triplets and pair of 2, 3 and 7"),
    Pattern("S04", "White Christmas", 300, SHAPE, special=True, rule="triplets and pair of 1, 3 and 6"),
    Pattern("S05", "Christmas Eve & Christmas", 700, COUNT, special=True, rule="numbers 1 1 2 2 2 2 4 5"),
    Pattern("S06", "Eight turkeys", 700, COUNT, special=True, two_decks=True, rule="all eight cards 7s"),
)
BY_ID = {p.id: p for p in PATTERNS}
RANK = {p.id: i for i, p in enumerate(PATTERNS)}
POINTS = {p.id: p.points for p in PATTERNS}
# the two sums the seed names; every other pattern counts alone
SUMS: tuple[tuple[str, str], ...] = (("H08", "H12"), ("H13", "S06"))
THEMES = {"S02": (1, 4, 7), "S03": (2, 3, 7), "S04": (1, 3, 6)}
S01_NUMBERS = (2, 2, 4, 4, 5, 5, 6, 6)
S05_NUMBERS = (1, 1, 2, 2, 2, 2, 4, 5)


def pattern_name(pid: str) -> str:
    return BY_ID[pid].name


# ---------------------------------------------------------------------------
# decompositions
# ---------------------------------------------------------------------------

RUN, ANKOU = "run", "ankou"


def _set_of(cards: tuple[tuple[str, int], ...]) -> tuple[str, int, str] | None:
    """(kind, lowest number, colour) if three (colour, number) cards form a set, else None."""
    (c1, n1), (c2, n2), (c3, n3) = cards
    if n1 == n2 == n3:
        return (ANKOU, n1, "")
    if c1 == c2 == c3:
        a, b, c = sorted((n1, n2, n3))
        if b == a + 1 and c == a + 2:
            return (RUN, a, c1)
    return None


def decompositions(cards: list[tuple[str, int]]) -> set[tuple]:
    """Every way to read 8 (colour, number) cards as set + set + pair.

    Each reading is ``(set1, set2, pair_number)`` with the sets sorted, a set being
    ``(kind, lowest number, colour)`` (colour empty for an ankou).
    """
    out = set()
    idx = range(8)
    for i, j in combinations(idx, 2):
        if cards[i][1] != cards[j][1]:
            continue
        rest = [k for k in idx if k != i and k != j]
        first = rest[0]
        others = rest[1:]
        for a, b in combinations(range(5), 2):
            t1 = (cards[first], cards[others[a]], cards[others[b]])
            s1 = _set_of(t1)
            if s1 is None:
                continue
            t2 = tuple(cards[others[k]] for k in range(5) if k != a and k != b)
            s2 = _set_of(t2)
            if s2 is None:
                continue
            out.add((*sorted((s1, s2)), cards[i][1]))
    return out


def shape_patterns(reading: tuple) -> set[str]:
    """The decomposition-based patterns (H01-H06, H09, S02-S04) of one reading."""
    s1, s2, pair = reading
    found = set()
    k1, a, c1 = s1
    k2, b, c2 = s2
    if k1 == RUN and k2 == RUN:
        lo, hi = min(a, b), max(a, b)
        if hi == lo + 3 and lo in (1, 2):
            found.add("H01")
            if (lo == 1 and pair == 7) or (lo == 2 and pair == 1):
                found.add("H06")
        if lo == 1 and hi == 5 and pair == 4:
            found.add("H03")
        if a == b:
            found.add("H04")
            if c1 == c2:
                found.add("H09")
    elif k1 == ANKOU and k2 == ANKOU:
        lo, hi = min(a, b), max(a, b)
        if hi == lo + 1:
            found.add("H02")
            if pair in (lo - 1, lo + 2):
                found.add("H05")
        theme = {a, b, pair}
        if len(theme) == 3:
            for pid, numbers in THEMES.items():
                if theme == set(numbers):
                    found.add(pid)
    return found


def count_patterns(numbers: tuple[int, ...], decks: int) -> set[str]:
    """The count patterns (H07 H10 H11 H13 S01 S05 S06) of 8 sorted numbers."""
    found = set()
    counts: dict[int, int] = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    shape = sorted(counts.values())
    if shape == [4, 4]:
        found.add("H07")
    elif shape == [3, 5]:
        found.add("H10")
    elif shape == [2, 6]:
        found.add("H11")
    elif shape == [8] and decks >= 2:
        found.add("H13")
        if numbers[0] == 7:
            found.add("S06")
    if numbers == S01_NUMBERS:
        found.add("S01")
    if numbers == S05_NUMBERS:
        found.add("S05")
    return found


# ---------------------------------------------------------------------------
# evaluation
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandValue:
    value: int
    counted: tuple[str, ...]  # the pattern, or the two patterns of a named sum
    kx: tuple[int, ...]  # the number each KX took (in the order the KX appear), as used
    met: tuple[str, ...] = ()  # every pattern of the counting reading (for display)

    @property
    def winning(self) -> bool:
        return self.value > 0


def evaluate(codes, decks: int = 1, special: bool = True) -> HandValue:
    """Value of 8 cards (§9). ``codes`` in any order; KX valued 1 or 7 each, whichever is best."""
    key = tuple(sorted(codes, key=_ORDER))
    if len(key) != 8:
        raise ValueError("a hand to evaluate has exactly 8 cards")
    return _evaluate(key, decks, special)


_ORDER = {code: i for i, code in enumerate(CODES)}.__getitem__


@lru_cache(maxsize=262144)
def _evaluate(key: tuple[str, ...], decks: int, special: bool) -> HandValue:
    n_kx = key.count(KX)
    fixed = [(COLOUR[c], NUMBER[c]) for c in key if c != KX]
    colours = {COLOUR[c] for c in key}
    one_colour = len(colours) == 1
    best_value, best_ids, best_kx, best_met = 0, (), tuple(1 for _ in range(n_kx)), ()
    for assignment in product((1, 7), repeat=n_kx):
        cards = fixed + [(BLACK, v) for v in assignment]
        numbers = tuple(sorted(n for _, n in cards))
        counts = count_patterns(numbers, decks)
        readings = decompositions(cards)
        if readings:
            colour_ids = set()
            if one_colour:
                colour_ids.add("H08")
                if BLACK in colours:
                    colour_ids.add("H12")
            sets = [shape_patterns(r) | counts | colour_ids for r in readings]
        else:
            sets = [counts]
        for ids in sets:
            if not special:
                ids = {i for i in ids if not BY_ID[i].special}
            ids = {i for i in ids if decks >= 2 or not BY_ID[i].two_decks}
            options = [(POINTS[i], (i,)) for i in ids]
            for a, b in SUMS:
                if a in ids and b in ids:
                    options.append((POINTS[a] + POINTS[b], (a, b)))
            for value, counted in options:
                if value > best_value or (value == best_value > 0 and RANK[counted[0]] < RANK[best_ids[0]]):
                    best_value, best_ids, best_kx = value, counted, assignment
                    best_met = tuple(sorted(ids, key=RANK.__getitem__))
    return HandValue(best_value, best_ids, best_kx, best_met)


def waits(hand7, decks: int = 1, special: bool = True) -> dict[str, HandValue]:
    """Tenpai test (§4): every code that completes the 7 cards, with the value it gives.

    Only codes of which the hand holds fewer copies than the decks contain count;
    cards seen elsewhere are ignored.
    """
    hand = list(hand7)
    out = {}
    for code in CODES:
        if hand.count(code) >= copies(code, decks):
            continue
        hv = evaluate(hand + [code], decks, special)
        if hv.value > 0:
            out[code] = hv
    return out
