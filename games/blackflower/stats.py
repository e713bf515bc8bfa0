"""The initial two-card deals of Black Flower (docs/rules/blackflower.md §13).

All 48 × 47 = 2256 ordered deals are enumerated and grouped into the 17 categories of the
table: the two kinds (named in the order Bright, Chaff, Ribbon, Animal for "Card 1") and
whether the cards share a month ("Paired"). Totals come from :func:`games.blackflower.hands.totals`.
"""

from __future__ import annotations

from typing import Any

from games.blackflower import hands as H
from games.hanafuda import DECK, KIND, KIND_NAMES, MONTH

CARD1_ORDER = ["L", "C", "R", "A"]  # the naming order of the table's "Card 1"


def category(a: str, b: str) -> str:
    """``"Chaff/Paired Chaff"``: the §13 category of a two-card deal (in either order)."""
    ka, kb = sorted((KIND[a], KIND[b]), key=CARD1_ORDER.index)
    paired = "Paired " if MONTH[a] == MONTH[b] else ""
    return f"{KIND_NAMES[ka]}/{paired}{KIND_NAMES[kb]}"


def initial_deals(no_pair_advantage: bool = False) -> dict[str, Any]:
    total = len(DECK) * (len(DECK) - 1)
    cats: dict[str, dict[str, Any]] = {}
    by_total: dict[int, dict[str, int]] = {}
    derived = {"Pair": 0, "Bright": 0, "B and P": 0, "B and/or P": 0, "Forced": 0}
    for a in DECK:
        for b in DECK:
            if a == b:
                continue
            t = H.totals([a, b], no_pair_advantage)
            key = category(a, b)
            entry = cats.setdefault(key, {"count": 0, "totals": sorted(t, reverse=True)})
            entry["count"] += 1
            if sorted(t, reverse=True) != entry["totals"]:  # every deal of a category has the same totals
                entry["totals"] = sorted(set(entry["totals"]) | set(t), reverse=True)
            pair = MONTH[a] == MONTH[b]
            bright = "L" in (KIND[a], KIND[b])
            derived["Pair"] += pair
            derived["Bright"] += bright
            derived["B and P"] += pair and bright
            derived["B and/or P"] += pair or bright
            derived["Forced"] += len(t) == 1
            for x in t:
                row = by_total.setdefault(x, {"deals": 0, "forced": 0, "with_options": 0})
                row["deals"] += 1
                row["forced" if len(t) == 1 else "with_options"] += 1
    ordered = sorted(cats.items(), key=lambda kv: (-max(kv[1]["totals"]), -kv[1]["count"]))
    categories = {}
    for key, c in ordered:
        f = c["count"]
        categories[key] = {
            "totals": c["totals"],
            "f": f,
            "p": round(f / total, 5),
            "percent": round(100 * f / total, 2),
            "rank": 1 + sum(cats[k]["count"] > f for k in cats),
        }
    return {
        "deals": total,
        "categories": categories,
        "derived": {k: {"f": v, "percent": round(100 * v / total, 2)} for k, v in derived.items()},
        "by_total": {
            str(x): {**row, "percent": round(100 * row["deals"] / total, 2)}
            for x, row in sorted(by_total.items(), reverse=True)
        },
    }
