"""Black Flower card values, arrangements, totals and special hands (docs/rules/blackflower.md §1, §6, §7).

Everything here is pure and cached: a hand is a list of card codes in the order received.

* :func:`totals` — every achievable total of a hand (§6: piles of same-month cards, a pile is
  worth its top card + 1 per card beneath it; a Bright on top counts 2 or 6).
* :func:`hard` / :func:`standing` / :func:`is_bust` — the minimum total, the best total ≤ 13,
  and "hard value > 13".
* :func:`special` — San-Ko, Shi-Tan, Tane (and Ni-Ko when the owner claims it) from the data
  table :data:`SPECIAL_HANDS`.
* :func:`arrangement` — one arrangement of piles that reaches a given total, for display.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import product

from games.hanafuda import BRIGHT, KIND, MONTH, ORDER

LIMIT = 13  # the target: closest to 13 without exceeding it
MAX_CARDS = 5  # two dealt + at most three extra

# Card values by kind (§1). A Bright is 6 longways or 2 sideways; beneath another card it counts 1.
VALUE = {"C": 5, "R": 4, "A": 3}
BRIGHT_VALUES = (6, 2)

# Special hands (§7): name → rank. Numeric hands have rank 0.
SAN_KO, NI_KO, SHI_TAN, TANE = "san-ko", "ni-ko", "shi-tan", "tane"
SPECIAL_HANDS: dict[str, dict] = {
    SAN_KO: {"rank": 4, "title": "San-Ko", "rule": "3 or more Brights"},
    NI_KO: {"rank": 3, "title": "Ni-Ko", "rule": "two dealt Brights, claimed"},
    SHI_TAN: {"rank": 2, "title": "Shi-Tan", "rule": "exactly 4 cards, all Ribbons"},
    TANE: {"rank": 1, "title": "Tane", "rule": "exactly 5 cards, all Animals"},
}


def rank(special_name: str | None) -> int:
    return 0 if special_name is None else SPECIAL_HANDS[special_name]["rank"]


def title(special_name: str | None) -> str:
    return "" if special_name is None else SPECIAL_HANDS[special_name]["title"]


def top_values(code: str) -> tuple[int, ...]:
    """The values a card may have on top of a pile (or alone)."""
    kind = KIND[code]
    return BRIGHT_VALUES if kind == BRIGHT else (VALUE[kind],)


# ---------------------------------------------------------------------------
# piles of one month
# ---------------------------------------------------------------------------

Pile = tuple[str, int, tuple[str, ...]]  # (top card, its value, cards beneath)


def _partitions(items: tuple[str, ...]):
    """Every partition of ``items`` into non-empty groups (Bell number: 15 for 4 items)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [(first, *part[i])] + part[i + 1 :]
        yield [(first,)] + part


@cache
def _month_options(cards: tuple[str, ...], pairs: bool) -> dict[int, tuple[Pile, ...]]:
    """Achievable totals of one month's cards → one arrangement (piles) reaching it."""
    out: dict[int, tuple[Pile, ...]] = {}
    groups_list = list(_partitions(cards)) if pairs else [[(c,) for c in cards]]
    for groups in groups_list:
        choices_per_group = []
        for group in groups:
            choices = []
            for top in group:
                below = tuple(c for c in group if c != top)
                for v in top_values(top):
                    choices.append((top, v, below))
            choices_per_group.append(choices)
        for combo in product(*choices_per_group):
            total = sum(v + len(below) for _, v, below in combo)
            if total not in out:
                out[total] = tuple(combo)
    return out


def _by_month(cards: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    months: dict[int, list[str]] = {}
    for c in cards:
        months.setdefault(MONTH[c], []).append(c)
    return tuple(tuple(sorted(v, key=ORDER.__getitem__)) for _, v in sorted(months.items()))


@lru_cache(maxsize=65536)
def _totals_key(groups: tuple[tuple[str, ...], ...], pairs: bool) -> dict[int, tuple[Pile, ...]]:
    acc: dict[int, tuple[Pile, ...]] = {0: ()}
    for month_cards in groups:
        opts = _month_options(month_cards, pairs)
        nxt: dict[int, tuple[Pile, ...]] = {}
        for s, piles in acc.items():
            for x, more in opts.items():
                if s + x not in nxt:
                    nxt[s + x] = piles + more
        acc = nxt
    return acc


def _table(cards: Iterable[str], no_pair_advantage: bool = False) -> dict[int, tuple[Pile, ...]]:
    return _totals_key(_by_month(cards), not no_pair_advantage)


def totals(cards: Iterable[str], no_pair_advantage: bool = False) -> list[int]:
    """Every achievable total, ascending (§6)."""
    return sorted(_table(cards, no_pair_advantage))


def hard(cards: Iterable[str], no_pair_advantage: bool = False) -> int:
    """The hard value: the minimum achievable total."""
    return min(_table(cards, no_pair_advantage))


def standing(cards: Iterable[str], no_pair_advantage: bool = False) -> int | None:
    """The best total ≤ 13, or None when every total is above 13."""
    ok = [t for t in _table(cards, no_pair_advantage) if t <= LIMIT]
    return max(ok) if ok else None


def is_bust(cards: Iterable[str], no_pair_advantage: bool = False) -> bool:
    """Hard value above 13 (the special-hand test comes first, see :func:`evaluate`)."""
    return hard(cards, no_pair_advantage) > LIMIT


def arrangement(cards: Iterable[str], total: int, no_pair_advantage: bool = False) -> list[Pile]:
    """One arrangement of piles reaching ``total`` (KeyError if it is not achievable)."""
    return list(_table(cards, no_pair_advantage)[total])


def arrangement_text(cards: Iterable[str], total: int | None, no_pair_advantage: bool = False) -> str:
    """``"1L sideways 2 · [5C1 over 5C2] 6 …"`` — a readable arrangement for the UI."""
    if total is None:
        return ""
    parts = []
    for top, value, below in arrangement(cards, total, no_pair_advantage):
        if below:
            parts.append(f"[{top} over {' '.join(below)}] {value + len(below)}")
        elif KIND[top] == BRIGHT:
            parts.append(f"{top} {'longways' if value == 6 else 'sideways'} {value}")
        else:
            parts.append(f"{top} {value}")
    return " · ".join(parts) + f" = {total}"


# ---------------------------------------------------------------------------
# special hands
# ---------------------------------------------------------------------------


def brights(cards: Iterable[str]) -> int:
    return sum(1 for c in cards if KIND[c] == BRIGHT)


def special(cards: list[str], niko_claimed: bool = False) -> str | None:
    """The special hand a list of cards makes (§7); Ni-Ko only when claimed."""
    if niko_claimed:
        return NI_KO
    n = len(cards)
    if brights(cards) >= 3:
        return SAN_KO
    if n == 4 and all(KIND[c] == "R" for c in cards):
        return SHI_TAN
    if n == 5 and all(KIND[c] == "A" for c in cards):
        return TANE
    return None


def is_niko_deal(cards: list[str]) -> bool:
    """Two dealt cards, both Brights (the Ni-Ko choice of §5)."""
    return len(cards) == 2 and KIND[cards[0]] == BRIGHT and KIND[cards[1]] == BRIGHT


def cards_taken(cards: list[str], no_pair_advantage: bool = False) -> int:
    """How many of ``cards`` (in the order received) a hand takes: it stops at the first card that
    makes a special hand or a bust, the engine's check after each card (§5 step 4)."""
    for n in range(1, len(cards) + 1):
        if special(cards[:n]) is not None or is_bust(cards[:n], no_pair_advantage):
            return n
    return len(cards)


def evaluate(cards: list[str], no_pair_advantage: bool = False, *, as_dealt: bool = True) -> dict:
    """What the ``calc`` command prints: the cards the hand holds, totals, hard, best, bust and special.

    The cards are taken in order as the engine deals them: a hand that is bust or special before
    its last card takes no more (``cards`` lists what it holds). Evaluated as a dealt, unsplit hand,
    exactly two Brights are reported as Ni-Ko (the hand that may be claimed, §7); longer lists that
    begin with two Brights played on.
    """
    held = list(cards[: cards_taken(cards, no_pair_advantage)])
    t = totals(held, no_pair_advantage)
    sp = special(held)
    if sp is None and as_dealt and is_niko_deal(held):
        sp = NI_KO
    h = t[0]
    bust = sp is None and h > LIMIT
    best = None if bust else standing(held, no_pair_advantage)
    return {"cards": held, "totals": t, "hard": h, "best": best, "bust": bust, "special": sp}
