"""Hachi-Hachi combos as data (docs/rules/hachihachi.md §1, §5, §6, §9).

* Hand combos (teyaku) are checked on the 7 dealt cards: at most one of the Kasu group
  (by combo class) and one of the Suit group (by month counts); their values add.
* Captured combos (dekiyaku) are checked on a capture pile; all stack except Goko/Shiko.
* The Chassé compensation Q (§9) reuses both tables.

Values are in Kan (1 Kan = 12 points). Combo classes (§1): the four Willow cards count
as chaff (``K*``) for every combo; the only exception is 11L in Goko.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.fishing import ViewPart
from games.hanafuda import KIND, KIND_POINTS, MONTH, ORDER
from games.memo import flat_cache

KAN = 12  # points per Kan


def fmt_points(points: int) -> str:
    """``−66`` → ``−5K 6p`` (§1)."""
    sign = "−" if points < 0 else ("+" if points > 0 else "")
    k, p = divmod(abs(points), KAN)
    if k and p:
        body = f"{k}K {p}p"
    elif k:
        body = f"{k}K"
    else:
        body = f"{p}p"
    return sign + body


def money(points: int) -> str:
    """Points with their Kan reading, e.g. ``66p (5K 6p)``."""
    if abs(points) < 12:
        return f"{points}p"
    return f"{points}p ({fmt_points(points).lstrip('+')})"


LIGHTS = frozenset({"1L", "3L", "8L", "12L"})  # L*
ANIMALS = frozenset({"2A", "4A", "5A", "6A", "7A", "8A", "9A", "10A"})  # A*
RIBBONS = frozenset({"1R", "2R", "3R", "4R", "5R", "6R", "7R", "9R", "10R"})  # R*
POEM = frozenset({"1R", "2R", "3R"})
BLUE = frozenset({"6R", "9R", "10R"})
GOKO_CARDS = frozenset({"1L", "3L", "8L", "11L", "12L"})


def combo_class(code: str) -> str:
    """``L``, ``A``, ``R`` or ``K`` (chaff class: the 24 chaff and 11L 11A 11R)."""
    if code in LIGHTS:
        return "L"
    if code in ANIMALS:
        return "A"
    if code in RIBBONS:
        return "R"
    return "K"


def card_points(codes: Iterable[str]) -> int:
    """Raw card points (Light 20, Animal 10, Ribbon 5, Chaff 1; Willow keeps its points)."""
    return sum(KIND_POINTS[KIND[c]] for c in codes)


# ---------------------------------------------------------------------------
# hand combos (§5)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandCombo:
    id: str
    name: str
    seed_name: str
    group: str  # "kasu" | "suit"
    kan: int  # base value; Sanbon, Futasanbon and Haneken add X


HAND_COMBOS: list[HandCombo] = [
    HandCombo("karasu", "Karasu", "Tous Kasu", "kasu", 4),
    HandCombo("hikariichi", "Hikari-ichi", "Lumière unique", "kasu", 4),
    HandCombo("toichi", "Toichi", "Animal unique", "kasu", 3),
    HandCombo("tanichi", "Tan-ichi", "Ruban unique", "kasu", 3),
    HandCombo("aka", "Aka", "Rouge", "kasu", 2),
    HandCombo("sanbon", "Sanbon", "Brelan", "suit", 2),
    HandCombo("futasanbon", "Futasanbon", "Double Brelan", "suit", 6),
    HandCombo("haneken", "Haneken", "Full", "suit", 7),
    HandCombo("kuttsuki", "Kuttsuki", "Triple Paire", "suit", 4),
    HandCombo("teshi", "Teshi", "Carré", "suit", 6),
    HandCombo("ichinishi", "Ichinishi", "Paire & Carré", "suit", 8),
    HandCombo("shiso", "Shiso", "Carré & Brelan", "suit", 20),
]
HAND_BY_ID = {h.id: h for h in HAND_COMBOS}

# month-count shape (sorted, largest first) -> suit combo
SUIT_SHAPES: dict[tuple[int, ...], str] = {
    (3, 1, 1, 1, 1): "sanbon",
    (3, 2, 1, 1): "sanbon",
    (3, 3, 1): "futasanbon",
    (3, 2, 2): "haneken",
    (2, 2, 2, 1): "kuttsuki",
    (4, 1, 1, 1): "teshi",
    (4, 2, 1): "ichinishi",
    (4, 3): "shiso",
}
TRIPLET_COMBOS = frozenset({"sanbon", "futasanbon", "haneken"})
X_MONTHS = frozenset({4, 5, 7})
X_DECEMBER = frozenset({"12C1", "12C2", "12C3"})
NUKEYAKU_COMBOS = frozenset({"karasu", "toichi", "tanichi", "aka"})  # not Hikari-ichi (§5)


def kasu_combo(hand: Iterable[str]) -> str | None:
    classes = [combo_class(c) for c in hand]
    k = classes.count("K")
    n = len(classes)
    if n != 7:
        return None
    if k == 7:
        return "karasu"
    if k == 6:
        odd = next(c for c in classes if c != "K")
        return {"L": "hikariichi", "A": "toichi", "R": "tanichi"}[odd]
    r = classes.count("R")
    if r >= 2 and r + k == 7:
        return "aka"
    return None


def _by_month(hand: Iterable[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for c in hand:
        out.setdefault(MONTH[c], []).append(c)
    return out


def suit_combo(hand: Iterable[str]) -> tuple[str | None, list[list[str]]]:
    """``(combo id or None, triplets)``; the triplets (sorted codes) matter for X and Tobikomi."""
    groups = _by_month(hand)
    if sum(len(g) for g in groups.values()) != 7:
        return None, []
    shape = tuple(sorted((len(g) for g in groups.values()), reverse=True))
    combo = SUIT_SHAPES.get(shape)
    triplets: list[list[str]] = []
    if combo in TRIPLET_COMBOS:
        triplets = [sorted(g, key=ORDER.__getitem__) for m, g in sorted(groups.items()) if len(g) == 3]
    return combo, triplets


def x_bonus(triplets: list[list[str]]) -> int:
    """+1 Kan per triplet of April, May or July, or exactly 12C1 12C2 12C3 (§5)."""
    x = 0
    for t in triplets:
        if MONTH[t[0]] in X_MONTHS or set(t) == X_DECEMBER:
            x += 1
    return x


class ComboKan(ViewPart):
    """A combo and what it is worth, in Kan."""

    id: str
    kan: int


class SuitCombo(ComboKan):
    triplets: list[list[str]]  # the triplets (sorted codes) a Sanbon, Futasanbon or Haneken is made of


class HandCombos(ViewPart):
    """A dealt hand's combos: its best of the Kasu group and of the Suit group, and their total."""

    kasu: ComboKan | None
    suit: SuitCombo | None
    kan: int


def hand_combos(hand: Iterable[str]) -> HandCombos:
    """The hand's best combo of the Kasu group and of the Suit group (with its triplets), and their total Kan."""
    hand = list(hand)
    k = kasu_combo(hand)
    s, triplets = suit_combo(hand)
    kasu = ComboKan(id=k, kan=HAND_BY_ID[k].kan) if k else None
    suit = None
    if s:
        kan = HAND_BY_ID[s].kan + (x_bonus(triplets) if s in TRIPLET_COMBOS else 0)
        suit = SuitCombo(id=s, kan=kan, triplets=triplets)
    total = (kasu.kan if kasu else 0) + (suit.kan if suit else 0)
    return HandCombos(kasu=kasu, suit=suit, kan=total)


def public_cards(hand: list[str], kasu: str | None, suit: str | None) -> tuple[list[str], list[str]]:
    """What the table sees of a declared hand (§5, §12).

    Returns ``(face_up, face_down)``: ``face_down`` are the cards shown only as a
    placeholder of their kind (the engine keeps them; public views show the kind only).
    """
    up: set[str] = set()
    down: set[str] = set()
    groups = _by_month(hand)
    if kasu == "karasu":
        up.update(hand)
    elif kasu in ("hikariichi", "toichi", "tanichi", "aka"):
        for c in hand:
            (up if combo_class(c) == "K" else down).add(c)
    if suit in ("haneken", "shiso"):
        up.update(hand)
    elif suit in ("sanbon", "futasanbon"):
        for g in groups.values():
            if len(g) == 3:
                up.update(g)
    elif suit == "kuttsuki":
        for g in groups.values():
            if len(g) == 2:
                up.update(g)
    elif suit == "teshi":
        for g in groups.values():
            if len(g) == 4:
                up.update(g)
    elif suit == "ichinishi":
        for g in groups.values():
            if len(g) in (4, 2):
                up.update(g)
    down -= up
    return sorted(up, key=ORDER.__getitem__), sorted(down, key=ORDER.__getitem__)


# ---------------------------------------------------------------------------
# captured combos (§6)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dekiyaku:
    id: str
    name: str
    seed_name: str
    kan: int
    rule: str  # "cards" (every card of the set) | "count" (n ≥ threshold of a class)
    cards: frozenset[str] = frozenset()
    cls: str = ""
    threshold: int = 0
    step: int = 0  # extra Kan per card beyond the threshold
    replaces: str | None = None  # this combo replaces that one (Goko replaces Shiko)


DEKIYAKU: list[Dekiyaku] = [
    Dekiyaku("goko", "Goko", "Cinq Lumières", 12, "cards", cards=GOKO_CARDS, replaces="shiko"),
    Dekiyaku("shiko", "Shiko", "Quatre Lumières", 10, "cards", cards=LIGHTS),
    Dekiyaku("akatan", "Akatan", "Rubans poème", 7, "cards", cards=POEM),
    Dekiyaku("aotan", "Aotan", "Rubans bleus", 7, "cards", cards=BLUE),
    Dekiyaku("nanatan", "Nanatan", "Sept Rubans", 10, "count", cls="R", threshold=7, step=1),
    Dekiyaku("sujuroku", "Sujuroku", "Seize Kasu", 12, "count", cls="K", threshold=16, step=2),
]
DEKIYAKU_BY_ID = {d.id: d for d in DEKIYAKU}
COMPLETE_IN_HAND = ("goko", "shiko", "akatan", "aotan", "nanatan")  # for the Chassé compensation


def captured_combos(captured: Iterable[str]) -> list[tuple[str, int]]:
    """``[(id, kan), …]`` in table order; Goko replaces Shiko. Kept per pile: every seat's view shows every seat's
    combos, and a move changes one pile at most."""
    return list(_captured_combos(tuple(captured)))


@flat_cache(8192)
def _captured_combos(captured: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    caps = set(captured)
    counts = {"L": 0, "A": 0, "R": 0, "K": 0}
    for c in caps:
        counts[combo_class(c)] += 1
    out: list[tuple[str, int]] = []
    replaced: set[str] = set()
    for d in DEKIYAKU:
        if d.id in replaced:
            continue
        if d.rule == "cards":
            if d.cards <= caps:
                out.append((d.id, d.kan))
                if d.replaces:
                    replaced.add(d.replaces)
        else:
            n = counts[d.cls]
            if n >= d.threshold:
                out.append((d.id, d.kan + d.step * (n - d.threshold)))
    return tuple(out)


def captured_value(captured: Iterable[str]) -> int:
    return sum(k for _, k in captured_combos(captured))


# ---------------------------------------------------------------------------
# Chassé compensation (§9)
# ---------------------------------------------------------------------------


def chasse_compensation(hand: list[str]) -> tuple[int, list[dict], list[str]]:
    """``(Q points, items, cards that earn Q)`` for a chased player's 7 cards (before the multiplier)."""
    items: list[dict] = []
    earning: set[str] = set()
    for c in sorted(hand, key=ORDER.__getitem__):
        if c in LIGHTS or c in BLUE or c in POEM:
            items.append({"id": "card", "card": c, "points": 3})
            earning.add(c)
    combos = hand_combos(hand)
    for group, h in (("kasu", combos.kasu), ("suit", combos.suit)):
        if h:
            items.append({"id": h.id, "points": KAN * h.kan // 2})
            up, down = public_cards(hand, h.id if group == "kasu" else None, h.id if group == "suit" else None)
            earning.update(up)
            earning.update(down)
    for cid, kan in captured_combos(hand):
        if cid in COMPLETE_IN_HAND:
            items.append({"id": cid, "points": KAN * kan // 2})
            d = DEKIYAKU_BY_ID[cid]
            earning.update(d.cards if d.rule == "cards" else {c for c in hand if combo_class(c) == d.cls})
    q = sum(i["points"] for i in items)
    return q, items, sorted(earning, key=ORDER.__getitem__)


def combo_name(cid: str) -> str:
    if cid in HAND_BY_ID:
        return HAND_BY_ID[cid].name
    if cid in DEKIYAKU_BY_ID:
        return DEKIYAKU_BY_ID[cid].name
    return cid
