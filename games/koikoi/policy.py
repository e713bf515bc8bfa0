"""The Koi-Koi bot policy: a cheap, deterministic heuristic that sees only a view.

``bot_choose(view, legal, rng_seed)`` scores each legal action:

* a capture is worth the value of the cards taken (Brights > yaku animals and
  poetry/blue ribbons > other animals and ribbons > chaff), plus a bonus for the
  progress it makes towards yaku the bot's side is building, plus half the progress
  it denies to the opponents;
* a card left on the table costs what an opponent could gain by taking it, unless the
  other cards of its month are already out of reach (seen in the bot's hand or in
  captures);
* at a yaku event it stops, unless the score is small, several turns are left and no
  opponent is close to a yaku; a borderline case is decided by ``rng_seed``.

Ties are broken by ``rng_seed``, so the choice is deterministic for a given seed.
"""

from __future__ import annotations

import random

from games.fishing import Take
from games.hanafuda import BY_CODE, MONTH
from games.koikoi.actions import Decision, parse
from games.koikoi.views import SeatView, SideView

_SETS = {
    "inoshikacho": frozenset({"6A", "7A", "10A"}),
    "akatan": frozenset({"1R", "2R", "3R"}),
    "aotan": frozenset({"6R", "9R", "10R"}),
}
_CARD_SETS: dict[str, list[frozenset[str]]] = {}
for _s in _SETS.values():
    for _c in _s:
        _CARD_SETS.setdefault(_c, []).append(_s)


def _base_value(code: str) -> float:
    c = BY_CODE[code]
    if c.kind == "L":
        return 14.0 if code == "11L" else 20.0
    if c.kind == "A":
        return 10.0 if (code in _CARD_SETS or code == "9A") else 6.0
    if c.kind == "R":
        return 8.0 if c.ribbon in ("poetry", "blue") else 4.0
    return 1.0


BASE_VALUE = {code: _base_value(code) for code in BY_CODE}
KIND = {code: c.kind for code, c in BY_CODE.items()}


def _counts(caps) -> dict[str, int]:
    k = {"L": 0, "A": 0, "R": 0, "C": 0}
    for c in caps:
        k[KIND[c]] += 1
    return k


def _gain(code: str, caps: set[str], counts: dict[str, int]) -> float:
    """Value of adding ``code`` to a capture pile (cheap approximation of yaku progress)."""
    v = BASE_VALUE[code]
    kind = KIND[code]
    if kind == "L":
        nb = counts["L"]
        v += 5.0 * nb
        if nb >= 2:
            v += 10.0
    elif kind == "A" and counts["A"] >= 3:
        v += 3.0 * (counts["A"] - 2)
    elif kind == "R" and counts["R"] >= 3:
        v += 3.0 * (counts["R"] - 2)
    elif kind == "C" and counts["C"] >= 7:
        v += 1.0 * (counts["C"] - 6)
    for s in _CARD_SETS.get(code, ()):
        have = len(s & caps)
        v += 4.0 * have
        if have == len(s) - 1:
            v += 12.0
    if code == "9A":
        v += 1.0 if counts["C"] >= 7 else 0.0
    return v


def bot_choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    my_side = view.side_of[view.seat]
    if Decision.KOIKOI in legal:
        return str(_decide(view, view.sides[my_side], my_side, rng_seed))
    best = _best_moves(view, legal, my_side)
    if len(best) == 1:
        return best[0]
    return best[rng_seed % len(best)]


Pile = tuple[set[str], dict[str, int]]  # a capture pile: its cards, and how many of each kind


def _best_moves(view: SeatView, legal: list[str], my_side: int) -> list[str]:
    """The plays and takes of the highest score (see the module's doc), in ``legal``'s order."""
    my_caps = view.sides[my_side].captures
    mine_set = set(my_caps)
    mine_counts = _counts(my_caps)
    opps: list[Pile] = [(set(sd.captures), _counts(sd.captures)) for i, sd in enumerate(view.sides) if i != my_side]
    by_month: dict[int, list[str]] = {}
    for f in view.field:
        by_month.setdefault(MONTH[f], []).append(f)
    memo: dict[str, float] = {}

    def value(code: str) -> float:
        v = memo.get(code)
        if v is None:
            v = _gain(code, mine_set, mine_counts)
            for ocaps, ocounts in opps:
                v += 0.5 * _gain(code, ocaps, ocounts)
            memo[code] = v
        return v

    best: list[str] = []
    best_score = -1e9
    seen_months: dict[int, int] | None = None
    for action in legal:
        move = parse(action)
        if isinstance(move, Take):
            assert view.pending is not None  # a take answers a flipped card
            score = value(view.pending.card) + value(move.card)
        elif isinstance(move, Decision):
            continue  # a decision is chosen by _decide
        elif move.capture is not None:
            score = value(move.card) + value(move.capture)
        elif matches := by_month.get(MONTH[move.card]):
            score = value(move.card)
            for t in matches:
                score += value(t)
        else:  # discarding: the risk that an opponent takes it
            seen_months = seen_months if seen_months is not None else _seen_months(view)
            score = -_discard_risk(move.card, seen_months, opps) - 0.3 * BASE_VALUE[move.card]
        if score > best_score + 1e-9:
            best_score = score
            best = [action]
        elif score >= best_score - 1e-9:
            best.append(action)
    return best


def _seen_months(view: SeatView) -> dict[int, int]:
    """How many cards of each month the seat sees out of reach: in its hand and in every capture pile."""
    seen: dict[int, int] = {}
    for c in view.hand:
        seen[MONTH[c]] = seen.get(MONTH[c], 0) + 1
    for sd in view.sides:
        for c in sd.captures:
            seen[MONTH[c]] = seen.get(MONTH[c], 0) + 1
    return seen


def _discard_risk(code: str, seen_months: dict[int, int], opps: list[Pile]) -> float:
    """What an opponent could gain by taking ``code`` left on the field, by how many of its month are unseen."""
    unseen = 4 - seen_months.get(MONTH[code], 0)
    risk = 0.0
    if unseen > 0:
        for ocaps, ocounts in opps:
            g = _gain(code, ocaps, ocounts)
            if g > risk:
                risk = g
        risk *= 0.4 + 0.2 * unseen
    return risk


def _threat(side: SideView) -> float:
    """How close a side looks to a (new) yaku."""
    caps = side.captures
    counts = _counts(caps)
    caps_set = set(caps)
    t = 0.0
    nonrain = counts["L"] - (1 if "11L" in caps_set else 0)
    if nonrain >= 2:
        t += 2.0
    for s in _SETS.values():
        if len(s & caps_set) == 2:
            t += 1.5
    if counts["A"] >= 4:
        t += 1.0
    if counts["R"] >= 4:
        t += 1.0
    if counts["C"] >= 9:
        t += 1.0
    if side.points > 0:
        t += 1.0
    return t


def _decide(view: SeatView, my: SideView, my_side: int, rng_seed: int) -> Decision:
    points = my.points
    hand_left = len(view.hand)
    players = view.players
    opp_sides = [s for i, s in enumerate(view.sides) if i != my_side]
    if any(s.called for s in opp_sides):
        return Decision.STOP  # an opponent called: stopping now is worth double (or 2V in 3p)
    if points >= 7 and view.options.double_over_7:
        return Decision.STOP
    threat = max(_threat(s) for s in opp_sides)
    turns_needed = 4 if players == 2 else 3
    if points <= 3 and hand_left >= turns_needed and threat < 2.0:
        if threat < 1.0:
            return Decision.KOIKOI
        return Decision.KOIKOI if random.Random(rng_seed).random() < 0.4 else Decision.STOP
    return Decision.STOP
