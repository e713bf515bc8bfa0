"""Hand patterns and the hand evaluator (docs/rules/bcpoker.md §8-§9).

The pattern table is data (:data:`PATTERNS`); :func:`evaluate` reads it. A hand is
worth its single best pattern, or one of the two named sums (H12 + H08 = 1000,
H13 + S06 = 1500). Ties go to the pattern listed first in the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from games.bcpoker.cards import BLACK, CODES, COLOUR, KX, NUMBER, copies
from games.memo import flat_cache

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


def decompositions(cards) -> set[tuple]:
    """Every way to read 8 (colour, number) cards as set + set + pair.

    Each reading is ``(set1, set2, pair_number)`` with the sets sorted, a set being
    ``(kind, lowest number, colour)`` (colour empty for an ankou). The cards may come in any order.
    """
    return set(_readings(tuple(sorted(cards))))


@flat_cache(65536)
def _readings(cards: tuple[tuple[str, int], ...]) -> tuple[tuple, ...]:
    """:func:`decompositions` of sorted cards, each once (a tuple: cached results hold only tuples)."""
    return tuple(sorted({(*sorted(sets), pair) for sets, pair in _split(cards, None)}))


def _split(cards: tuple[tuple[str, int], ...], pair: int | None) -> list[tuple[tuple, int]]:
    """Every way to read sorted cards as sets plus one pair: ``(sets, pair number)``.

    The lowest card must sit in the pair, in an ankou of its number, or at the start of a
    run of its colour (no card of that colour is lower); equal cards are tried once.
    """
    if not cards:
        return [((), pair)] if pair is not None else []
    colour, number = cards[0]
    rest = cards[1:]
    partners = sorted({card for card in rest if card[1] == number})
    out = []
    if pair is None:
        for other in partners:
            out.extend(_split(_drop(rest, (other,)), number))
    for i, one in enumerate(partners):
        for two in partners[i:]:
            if one == two and rest.count(one) < 2:
                continue
            for sets, p in _split(_drop(rest, (one, two)), pair):
                out.append((((ANKOU, number, ""), *sets), p))
    run = ((colour, number + 1), (colour, number + 2))
    if run[0] in rest and run[1] in rest:
        for sets, p in _split(_drop(rest, run), pair):
            out.append((((RUN, number, colour), *sets), p))
    return out


def _drop(cards: tuple, removed: tuple) -> tuple:
    left = list(cards)
    for card in removed:
        left.remove(card)
    return tuple(left)


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


def _evaluate(key: tuple[str, ...], decks: int, special: bool) -> HandValue:
    """:func:`evaluate` of sorted codes."""
    return HandValue(*_value_fields(key, decks, special))


@flat_cache(262144)
def _value_fields(key: tuple[str, ...], decks: int, special: bool) -> tuple:
    """The fields of a :class:`HandValue` (a plain tuple, so the memo table stays cheap)."""
    n_kx = key.count(KX)
    fixed = [(COLOUR[c], NUMBER[c]) for c in key if c != KX]
    colours = {COLOUR[c] for c in key}
    one_colour = len(colours) == 1
    best_value, best_kx = 0, tuple(1 for _ in range(n_kx))
    best_ids: tuple[str, ...] = ()
    best_met: tuple[str, ...] = ()
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
            options: list[tuple[int, tuple[str, ...]]] = [(POINTS[i], (i,)) for i in ids]
            for a, b in SUMS:
                if a in ids and b in ids:
                    options.append((POINTS[a] + POINTS[b], (a, b)))
            for value, counted in options:
                if value > best_value or (value == best_value > 0 and RANK[counted[0]] < RANK[best_ids[0]]):
                    best_value, best_ids, best_kx = value, counted, assignment
                    best_met = tuple(sorted(ids, key=RANK.__getitem__))
    return best_value, best_ids, best_kx, best_met


def waits(hand7, decks: int = 1, special: bool = True) -> dict[str, HandValue]:
    """Tenpai test (§4): every code that completes the 7 cards, with the value it gives.

    Only codes of which the hand holds fewer copies than the decks contain count;
    cards seen elsewhere are ignored.
    """
    return {code: HandValue(*fields) for code, fields in _waits(tuple(sorted(hand7, key=_ORDER)), decks, special)}


def is_tenpai(hand7, decks: int = 1, special: bool = True) -> bool:
    """Whether any code completes the 7 cards (:func:`waits` is not empty); stops at the first."""
    return _tenpai(tuple(sorted(hand7, key=_ORDER)), decks, special)


def _completions(key: tuple[str, ...], decks: int):
    """The sorted 8-card hands ``key`` can become, with the code added (in code order).

    Codes whose number cannot make any pattern (:func:`_numbers_may_win`) are skipped.
    """
    if len(key) != 7:
        raise ValueError("a tenpai test needs exactly 7 cards")
    fixed = [NUMBER[c] for c in key if c != KX]
    numbers = [tuple(sorted(fixed + list(kx))) for kx in product((1, 7), repeat=key.count(KX))]
    hopeful = {n for n in range(1, 8) if any(_numbers_may_win(tuple(sorted(ns + (n,)))) for ns in numbers)}
    for code in CODES:
        if hopeful.isdisjoint((1, 7) if code == KX else (NUMBER[code],)):
            continue
        if key.count(code) < copies(code, decks):
            yield code, tuple(sorted(key + (code,), key=_ORDER))


@flat_cache(8192)
def _numbers_may_win(numbers: tuple[int, ...]) -> bool:
    """Whether 8 sorted numbers could score at all: a count pattern, or pair + two sets by number
    alone (a run's colours aside). Every winning hand passes; most others fail here, cheaply."""
    return bool(count_patterns(numbers, 2)) or _number_groups(numbers, True)


def _number_groups(numbers: tuple[int, ...], need_pair: bool) -> bool:
    """Whether sorted numbers split into triplets and consecutive threes (and a pair if needed)."""
    if not numbers:
        return not need_pair
    low, rest = numbers[0], numbers[1:]
    options: list[tuple[tuple[int, ...], bool]] = []
    if need_pair and low in rest:
        options.append(((low,), False))
    if rest.count(low) >= 2:
        options.append(((low, low), need_pair))
    if low + 1 in rest and low + 2 in rest:
        options.append(((low + 1, low + 2), need_pair))
    return any(_number_groups(_drop(rest, used), pair_left) for used, pair_left in options)


@flat_cache(65536)
def _waits(key: tuple[str, ...], decks: int, special: bool) -> tuple[tuple[str, tuple], ...]:
    """Each completing code with the :class:`HandValue` fields it gives."""
    out = []
    for code, hand8 in _completions(key, decks):
        fields = _value_fields(hand8, decks, special)
        if fields[0] > 0:
            out.append((code, fields))
    return tuple(out)


@flat_cache(65536)
def _tenpai(key: tuple[str, ...], decks: int, special: bool) -> bool:
    return any(_value_fields(hand8, decks, special)[0] > 0 for _, hand8 in _completions(key, decks))
