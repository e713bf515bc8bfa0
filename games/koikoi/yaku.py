"""Koi-Koi yaku (docs/rules/koikoi.md §6) and hand combos (§5), evaluated from data tables.

``evaluate(captures, options)`` returns ``(B, [(id, points), ...], sake_cup)``:
B is the sum of the yaku values, the list is in the order of :data:`YAKU`, and
``sake_cup`` is ``"A"`` or ``"C"`` (how 9A was counted) or ``None`` when 9A is not
among the captures. Both assignments of 9A are evaluated; the higher B wins and a tie
counts 9A as an Animal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.hanafuda import KIND, MONTH

SAKE = "9A"
RAIN = "11L"


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    name: str
    japanese: str
    points: int
    rule: str  # "brights" | "cards" | "count"
    # brights: number of non-rain Brights needed, and whether 11L is required
    non_rain: int = 0
    rain: bool = False
    # cards: every card of this set is required
    cards: frozenset[str] = frozenset()
    # count: kind letter, threshold; value = points + (count - threshold)
    kind: str = ""
    threshold: int = 0
    option: str | None = None  # only when this option is on
    group: str | None = None  # yaku of one group exclude each other; the first that applies wins


YAKU: list[Yaku] = [
    Yaku("goko", "Goko", "五光", 10, "brights", non_rain=4, rain=True, group="brights"),
    Yaku("shiko", "Shiko", "四光", 8, "brights", non_rain=4, group="brights"),
    Yaku("ame_shiko", "Ame-shiko", "雨四光", 7, "brights", non_rain=3, rain=True, group="brights"),
    Yaku("sanko", "Sanko", "三光", 6, "brights", non_rain=3, group="brights"),
    Yaku("inoshikacho", "Inoshikacho", "猪鹿蝶", 5, "cards", cards=frozenset({"7A", "10A", "6A"})),
    Yaku("tane", "Tane", "タネ", 1, "count", kind="A", threshold=5),
    Yaku("akatan", "Akatan", "赤タン", 6, "cards", cards=frozenset({"1R", "2R", "3R"})),
    Yaku("aotan", "Aotan", "青タン", 6, "cards", cards=frozenset({"6R", "9R", "10R"})),
    Yaku("tan", "Tan", "タン", 1, "count", kind="R", threshold=5),
    Yaku("kasu", "Kasu", "カス", 1, "count", kind="C", threshold=10),
    Yaku("hanami_zake", "Hanami-zake", "花見酒", 5, "cards", cards=frozenset({"3L", "9A"}), option="viewing_yaku"),
    Yaku("tsukimi_zake", "Tsukimi-zake", "月見酒", 5, "cards", cards=frozenset({"8L", "9A"}), option="viewing_yaku"),
]
YAKU_BY_ID = {y.id: y for y in YAKU}


@dataclass(frozen=True, slots=True)
class HandCombo:
    id: str
    name: str
    japanese: str
    points: int
    players: tuple[int, ...]


HAND_COMBOS: list[HandCombo] = [
    HandCombo("teshi", "Teshi", "手四", 6, (2, 3, 4)),
    HandCombo("kuttsuki", "Kuttsuki", "くっつき", 6, (2,)),
]
HAND_COMBO_BY_ID = {h.id: h for h in HAND_COMBOS}
HAND_COMBO_POINTS = 6


def yaku_name(yid: str) -> str:
    if yid in YAKU_BY_ID:
        return YAKU_BY_ID[yid].name
    return HAND_COMBO_BY_ID[yid].name


def _option(options, name: str) -> bool:
    if options is None:
        return False
    if isinstance(options, dict):
        return bool(options.get(name, False))
    return bool(getattr(options, name, False))


def _score(caps: frozenset[str] | set[str], counts: dict[str, int], options) -> tuple[int, list[tuple[str, int]]]:
    total = 0
    out: list[tuple[str, int]] = []
    groups_done: set[str] = set()
    rain = RAIN in caps
    non_rain = counts["L"] - (1 if rain else 0)
    for y in YAKU:
        if y.option is not None and not _option(options, y.option):
            continue
        if y.group is not None and y.group in groups_done:
            continue
        if y.rule == "brights":
            ok = non_rain >= y.non_rain and (rain or not y.rain)
            pts = y.points
        elif y.rule == "cards":
            ok = y.cards <= caps
            pts = y.points
        else:
            n = counts[y.kind]
            ok = n >= y.threshold
            pts = y.points + n - y.threshold
        if ok:
            out.append((y.id, pts))
            total += pts
            if y.group is not None:
                groups_done.add(y.group)
    return total, out


def evaluate(captures: Iterable[str], options=None) -> tuple[int, list[tuple[str, int]], str | None]:
    """``(B, [(id, points) in table order], sake_cup)`` for a capture pile (see module doc)."""
    caps = captures if isinstance(captures, (set, frozenset)) else set(captures)
    counts = {"L": 0, "A": 0, "R": 0, "C": 0}
    for c in caps:
        counts[KIND[c]] += 1
    if SAKE not in caps:
        b, ys = _score(caps, counts, options)
        return b, ys, None
    b_a, ys_a = _score(caps, counts, options)  # 9A counted as an Animal
    counts["A"] -= 1
    counts["C"] += 1
    b_c, ys_c = _score(caps, counts, options)
    if b_c > b_a:
        return b_c, ys_c, "C"
    return b_a, ys_a, "A"


def hand_combo(hand: Iterable[str], players: int) -> str | None:
    """The hand combo id held by ``hand`` (``"teshi"``, ``"kuttsuki"``) or None (§5)."""
    counts: dict[int, int] = {}
    for c in hand:
        m = MONTH[c]
        counts[m] = counts.get(m, 0) + 1
    if any(n == 4 for n in counts.values()):
        return "teshi"
    if players == 2:
        if all(n <= 2 for n in counts.values()) and sum(1 for n in counts.values() if n == 2) >= 4:
            return "kuttsuki"
    return None
