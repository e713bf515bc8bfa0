"""The Hachi-Hachi bot policy: a cheap heuristic that sees only its own view.

* **Mizu-ten**: declared only with a deal it cannot see yet — never (a blind bet of 1 Kan
  against every player is a poor one); the panel still offers it to humans.
* **Stay / pass**: the hand's strength (card points, Lights, hand combos, pairs with the
  table) against the price of passing at this position; a very weak hand passes.
* **Declarations**: every hand combo held (they are paid at once).
* **Play**: the capture worth most (card points plus progress towards captured combos and
  declared triplets), or the least useful card to leave on the table.
* **Yoshi / Sa-gé**: Yoshi when an opponent has an active Sa-gé (he pays double), when the
  value is 10 Kan or more, or when fewer than 4 cards are left; otherwise Sa-gé.
  A Sa-gé is cancelled on the last turn when the bot's card points are low.
* **Repayment**: repay all it can while keeping at least 60 points in cash.

The choice is a pure function of the view and the legal actions (``rng_seed`` only breaks
exact ties), so bot games are reproducible.
"""

from __future__ import annotations

from games.fishing import Play, Take
from games.hachihachi.actions import Call, Declare, Repay, parse
from games.hachihachi.combos import BLUE, LIGHTS, POEM, card_points, combo_class, hand_combos
from games.hachihachi.views import SeatView
from games.hanafuda import KIND, KIND_POINTS, MONTH

VALUE = {c: float(KIND_POINTS[k]) for c, k in KIND.items()}
for _c in LIGHTS:
    VALUE[_c] += 6.0
for _c in POEM | BLUE:
    VALUE[_c] += 4.0


def _gain(code: str, caps: list[str]) -> float:
    v = VALUE[code]
    caps_set = set(caps)
    if code in LIGHTS or code == "11L":
        have = len(caps_set & (LIGHTS | {"11L"}))
        v += 4.0 * have
    for group in (POEM, BLUE):
        if code in group:
            have = len(caps_set & group)
            v += 5.0 * have + (10.0 if have == 2 else 0.0)
    if combo_class(code) == "K":
        k = sum(1 for c in caps if combo_class(c) == "K")
        if k >= 10:
            v += 0.5 * (k - 9)
    return v


def bot_choose(view: SeatView, legal: list[str], rng_seed: int = 0) -> str:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    first = parse(legal[0])
    if Call.NO_MIZUTEN in legal:
        return str(Call.NO_MIZUTEN)
    if Call.STAY in legal:
        return _bid(view, legal)
    if isinstance(first, Declare):
        return legal[0]  # best first: every combo held
    if isinstance(first, Repay):
        cash = view.cash[view.seat]
        for a in legal:  # largest first
            repay = parse(a)
            if isinstance(repay, Repay) and cash - repay.amount >= 60:
                return a
        return legal[-1]
    if Call.YOSHI in legal:
        return _decide(view)
    return _play(view, legal, rng_seed)


def _bid(view: SeatView, legal: list[str]) -> str:
    if Call.PASS not in legal:
        return str(Call.STAY)
    hand = view.hand
    table = view.table
    months = {MONTH[c] for c in table}
    strength = card_points(hand)
    strength += sum(8 for c in hand if c in LIGHTS)
    strength += sum(6 for c in hand if MONTH[c] in months)
    strength += 10 * (view.hand_combos.kan if view.hand_combos else hand_combos(hand).kan)
    position = view.bid_order.index(view.seat) + 1
    price = 6 * (position + 1)
    stayed = sum(1 for b in view.bids if b == "stay")
    threshold = 55 - 2 * price // 6 - (6 if stayed == 2 else 0)
    return str(Call.STAY if strength >= threshold else Call.PASS)


def _decide(view: SeatView) -> str:
    seat = view.seat
    if any(s.seat != seat for s in view.sages):
        return str(Call.YOSHI)
    value = sum(c.kan for c in view.combos[seat])
    if value >= 10 or len(view.hand) < 4:
        return str(Call.YOSHI)
    return str(Call.SAGE)  # a single 7-Kan combo early in the month: play on for more


def _play(view: SeatView, legal: list[str], rng_seed: int) -> str:
    seat = view.seat
    caps = view.captures[seat]
    if Call.CANCEL_SAGE in legal:
        if len(view.hand) <= 1 and view.card_points[seat] < 88:
            return str(Call.CANCEL_SAGE)
    table = view.table
    by_month: dict[int, list[str]] = {}
    for f in table:
        by_month.setdefault(MONTH[f], []).append(f)
    triplet_cards: set[str] = set()
    declared = view.declared[seat]
    if declared:
        triplet_cards = set(declared.face_up) if declared.suit in ("sanbon", "futasanbon", "haneken") else set()
    opp_caps = [view.captures[s] for s in view.active if s != seat]
    best: list[str] = []
    best_score = -1e9
    for action in legal:
        move = parse(action)
        if move is Call.CANCEL_SAGE:
            continue
        if isinstance(move, Take):
            assert view.pending is not None  # a take answers a flipped card
            score = _gain(view.pending.card, caps) + _gain(move.card, caps)
        elif not isinstance(move, Play):
            continue  # only plays and takes are legal in the play phase, with Cancel Sa-gé
        elif move.capture is not None:
            score = _gain(move.card, caps) + _gain(move.capture, caps)
            if move.card in triplet_cards:
                score += 6
        else:
            code = move.card
            matches = by_month.get(MONTH[code])
            if matches:
                score = _gain(code, caps) + sum(_gain(t, caps) for t in matches)
                if code in triplet_cards:
                    score += 6
            else:
                risk = max((_gain(code, oc) for oc in opp_caps), default=0.0)
                score = -0.6 * risk - 0.2 * VALUE[code]
                if code in triplet_cards:
                    score -= 3
        if score > best_score + 1e-9:
            best_score, best = score, [action]
        elif score >= best_score - 1e-9:
            best.append(action)
    if not best:
        return legal[0]
    return best[0]  # ties: the first legal action (rng_seed unused: reproducible games)
