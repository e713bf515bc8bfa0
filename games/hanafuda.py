"""The 48-card hanafuda deck shared by Koi-Koi, Hachi-Hachi and Black Flower.

The authority is ``docs/rules/hanafuda-deck.md``. This module only describes the
cards; each game decides how it uses them.

Card codes follow the grammar ``<month><kind>[index]`` (``1L``, ``9A``, ``11C``,
``12C3``). :data:`DECK` is the canonical (unshuffled) order: index 0 is ``1L`` and
index 47 is ``12C3``.

The games shuffle it with :func:`games.shuffle.seeded_shuffle` (the fair-shuffle protocol).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.base import GameError

BRIGHT, ANIMAL, RIBBON, CHAFF = "L", "A", "R", "C"
KIND_NAMES = {BRIGHT: "Bright", ANIMAL: "Animal", RIBBON: "Ribbon", CHAFF: "Chaff"}
KIND_POINTS = {BRIGHT: 20, ANIMAL: 10, RIBBON: 5, CHAFF: 1}


@dataclass(frozen=True, slots=True)
class Card:
    code: str
    month: int
    kind: str  # "L" | "A" | "R" | "C"
    points: int
    name: str  # English name
    japanese: str
    ribbon: str | None = None  # "poetry" | "blue" | "plain" (ribbons only)
    flag: str | None = None  # "rain_man" | "sake_cup" | "lightning"
    index: int = 0  # position in the canonical deck

    @property
    def label(self) -> str:
        """``1L Crane``: the code followed by the English name."""
        return f"{self.code} {self.name}"


# code, English name, Japanese name, ribbon, flag (month and kind come from the code)
_TABLE: list[tuple[str, str, str, str | None, str | None]] = [
    ("1L", "Crane", "松に鶴", None, None),
    ("1R", "Pine poetry ribbon", "松に赤短", "poetry", None),
    ("1C1", "Pine chaff 1", "松のカス", None, None),
    ("1C2", "Pine chaff 2", "松のカス", None, None),
    ("2A", "Bush warbler", "梅に鶯", None, None),
    ("2R", "Plum poetry ribbon", "梅に赤短", "poetry", None),
    ("2C1", "Plum chaff 1", "梅のカス", None, None),
    ("2C2", "Plum chaff 2", "梅のカス", None, None),
    ("3L", "Curtain", "桜に幕", None, None),
    ("3R", "Cherry poetry ribbon", "桜に赤短", "poetry", None),
    ("3C1", "Cherry chaff 1", "桜のカス", None, None),
    ("3C2", "Cherry chaff 2", "桜のカス", None, None),
    ("4A", "Cuckoo", "藤に不如帰", None, None),
    ("4R", "Wisteria ribbon", "藤に短冊", "plain", None),
    ("4C1", "Wisteria chaff 1", "藤のカス", None, None),
    ("4C2", "Wisteria chaff 2", "藤のカス", None, None),
    ("5A", "Eight-plank bridge", "杜若に八橋", None, None),
    ("5R", "Iris ribbon", "杜若に短冊", "plain", None),
    ("5C1", "Iris chaff 1", "杜若のカス", None, None),
    ("5C2", "Iris chaff 2", "杜若のカス", None, None),
    ("6A", "Butterflies", "牡丹に蝶", None, None),
    ("6R", "Peony blue ribbon", "牡丹に青短", "blue", None),
    ("6C1", "Peony chaff 1", "牡丹のカス", None, None),
    ("6C2", "Peony chaff 2", "牡丹のカス", None, None),
    ("7A", "Boar", "萩に猪", None, None),
    ("7R", "Bush clover ribbon", "萩に短冊", "plain", None),
    ("7C1", "Bush clover chaff 1", "萩のカス", None, None),
    ("7C2", "Bush clover chaff 2", "萩のカス", None, None),
    ("8L", "Moon", "薄に月", None, None),
    ("8A", "Geese", "薄に雁", None, None),
    ("8C1", "Susuki chaff 1", "薄のカス", None, None),
    ("8C2", "Susuki chaff 2", "薄のカス", None, None),
    ("9A", "Sake cup", "菊に盃", None, "sake_cup"),
    ("9R", "Chrysanthemum blue ribbon", "菊に青短", "blue", None),
    ("9C1", "Chrysanthemum chaff 1", "菊のカス", None, None),
    ("9C2", "Chrysanthemum chaff 2", "菊のカス", None, None),
    ("10A", "Deer", "紅葉に鹿", None, None),
    ("10R", "Maple blue ribbon", "紅葉に青短", "blue", None),
    ("10C1", "Maple chaff 1", "紅葉のカス", None, None),
    ("10C2", "Maple chaff 2", "紅葉のカス", None, None),
    ("11L", "Rain man", "柳に小野道風", None, "rain_man"),
    ("11A", "Swallow", "柳に燕", None, None),
    ("11R", "Willow ribbon", "柳に短冊", "plain", None),
    ("11C", "Lightning", "柳に雷", None, "lightning"),
    ("12L", "Phoenix", "桐に鳳凰", None, None),
    ("12C1", "Paulownia chaff 1", "桐のカス", None, None),
    ("12C2", "Paulownia chaff 2", "桐のカス", None, None),
    ("12C3", "Paulownia chaff 3", "桐のカス", None, None),
]

CODE_RE = re.compile(r"^(1[0-2]|[1-9])(L|A|R|C[1-3]?)$")


def _build() -> list[Card]:
    cards = []
    for i, (code, name, japanese, ribbon, flag) in enumerate(_TABLE):
        m = CODE_RE.match(code)
        assert m, code
        kind = m.group(2)[0]
        cards.append(Card(code, int(m.group(1)), kind, KIND_POINTS[kind], name, japanese, ribbon, flag, i))
    return cards


CARDS: list[Card] = _build()
"""The 48 cards in canonical order."""
DECK: list[str] = [c.code for c in CARDS]
"""The 48 codes in canonical order (the unshuffled deck)."""
BY_CODE: dict[str, Card] = {c.code: c for c in CARDS}
ORDER: dict[str, int] = {c.code: c.index for c in CARDS}
MONTH: dict[str, int] = {c.code: c.month for c in CARDS}
KIND: dict[str, str] = {c.code: c.kind for c in CARDS}

MONTH_NAMES = {
    1: "Pine",
    2: "Plum",
    3: "Cherry",
    4: "Wisteria",
    5: "Iris",
    6: "Peony",
    7: "Bush clover",
    8: "Susuki grass",
    9: "Chrysanthemum",
    10: "Maple",
    11: "Willow",
    12: "Paulownia",
}
MONTH_JAPANESE = {
    1: "松 Matsu",
    2: "梅 Ume",
    3: "桜 Sakura",
    4: "藤 Fuji",
    5: "杜若 Kakitsubata",
    6: "牡丹 Botan",
    7: "萩 Hagi",
    8: "薄 Susuki",
    9: "菊 Kiku",
    10: "紅葉 Momiji",
    11: "柳 Yanagi",
    12: "桐 Kiri",
}
MONTH_EMOJI = {
    1: "🌲",
    2: "🌺",
    3: "🌸",
    4: "💜",
    5: "🌷",  # not 🪻 (Emoji 15.0, which Discord refuses on buttons)
    6: "🌹",
    7: "🐗",
    8: "🌕",
    9: "🌼",
    10: "🍁",
    11: "🌧",  # without U+FE0F, which Discord refuses in a button's emoji
    12: "🐦",
}


def _full_name(c: Card) -> str:
    """The name with the month's plant in front when the name lacks it: "Pine Crane", "Pine chaff 1"."""
    plant = MONTH_NAMES[c.month]
    return c.name if c.name.startswith(plant.split()[0]) else f"{plant} {c.name}"


FULL_NAMES: dict[str, str] = {c.code: _full_name(c) for c in CARDS}
"""Code → the name a button shows (``"1L"`` → ``"Pine Crane"``, ``"7A"`` → ``"Bush clover Boar"``)."""


def card(code: str) -> Card:
    """The :class:`Card` for a canonical code (no parsing; KeyError if unknown)."""
    return BY_CODE[code]


def parse_code(text: str) -> str:
    """Canonical code for ``text`` (``"9a"`` → ``"9A"``); GameError naming a bad code."""
    raw = text.strip()
    code = raw.upper()
    if code not in BY_CODE:
        raise GameError(f"Unknown card code {raw!r}: expected a code like 1L, 9A, 11C or 12C3.")
    return code


def parse_codes(text: str) -> list[str]:
    """Parse a whitespace and/or comma separated list of codes, keeping the given order.

    Raises GameError naming the first bad code, or a duplicated one.
    """
    out: list[str] = []
    seen: set[str] = set()
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        code = parse_code(token)
        if code in seen:
            raise GameError(f"Card {code} is listed twice.")
        seen.add(code)
        out.append(code)
    return out


def sort_codes(codes) -> list[str]:
    """Codes in canonical deck order."""
    return sorted(codes, key=ORDER.__getitem__)


def label(code: str) -> str:
    """``"1L Crane"``."""
    return f"{code} {BY_CODE[code].name}"


def emoji_label(code: str) -> str:
    """``"🌲1L Crane"``: the month emoji, the code and the English name."""
    c = BY_CODE[code]
    return f"{MONTH_EMOJI[c.month]}{c.code} {c.name}"


def matching(field: list[str], code: str) -> list[str]:
    """The cards of ``field`` in the month of ``code`` (what a fishing-game play would capture)."""
    month = MONTH[code]
    return [c for c in field if MONTH[c] == month]


def four_of_a_month(table: list[str]) -> int | None:
    """The month whose four cards all lie on ``table`` (the first to appear, should there be two), or None: the
    fishing games deal such a table again."""
    counts: dict[int, int] = {}
    for c in table:
        counts[MONTH[c]] = counts.get(MONTH[c], 0) + 1
    return next((m for m, k in counts.items() if k == 4), None)


def take_matching(field: list[str], code: str, target: str | None) -> list[str]:
    """A fishing-game play of ``code`` on ``field``: it takes the cards of its month (all of one or three, the one
    named ``target`` of two), which leave the field; with none, ``code`` is laid on the field. Returns the cards
    taken."""
    matches = matching(field, code)
    if not matches:
        field.append(code)
        return []
    if len(matches) == 2:
        assert target in matches  # a legal play names the card it takes of two
        matches = [target]
    for c in matches:
        field.remove(c)
    return matches


def same_month(a: str, b: str) -> bool:
    return MONTH[a] == MONTH[b]
