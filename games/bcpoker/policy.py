"""The Black Christmas Poker bot: a cheap heuristic that sees only its own view.

* It always wins when it may (tsumo, Ron, Surprise Gift, Black Gift).
* It keeps the cards that build patterns: pairs, triplets and same-colour run pieces score,
  and a tenpai hand scores by how much and how often it can win (the tenpai test of §4,
  which only looks at the bot's own cards).
* It declares Riichi whenever its discard leaves it tenpai (a win needs Riichi by default).
* Hit by Black Christmas it passes the hit on with a chain whenever it can (keeping Riichi with
  the drawn card if possible); otherwise it exchanges, returning its least useful cards.
* A discarded KX is named so that it hits the next player when that is possible.

Ties are broken by ``rng_seed``, so a choice is deterministic for a given seed.
"""

from __future__ import annotations

from games.bcpoker.actions import Discard, Under, Word, parse
from games.bcpoker.cards import COLOUR, KX, NUMBER, copies
from games.bcpoker.hands import waits
from games.bcpoker.views import SeatView
from games.memo import flat_cache

_KX_CHOICES = {0: ([],), 1: ([1], [7]), 2: ([1, 1], [1, 7], [7, 7])}


def _shape_score(hand: list[str]) -> float:
    """Structure of any number of cards: groups of equal numbers and same-colour run pieces."""
    best = None
    n_kx = hand.count(KX)
    others = [c for c in hand if c != KX]
    for extra in _KX_CHOICES.get(n_kx, ([1] * n_kx,)):
        cards = [(COLOUR[c], NUMBER[c]) for c in others] + [("K", v) for v in extra]
        score = 0.0
        counts: dict[int, int] = {}
        by_colour: dict[str, set[int]] = {}
        for col, num in cards:
            counts[num] = counts.get(num, 0) + 1
            by_colour.setdefault(col, set()).add(num)
        for c in counts.values():
            score += {1: 0.0, 2: 3.0, 3: 6.0, 4: 8.0}.get(c, 9.0)
        for nums in by_colour.values():
            for start in range(1, 6):
                have = sum(1 for k in range(3) if start + k in nums)
                if have == 3:
                    score += 6.0
                elif have == 2:
                    score += 1.5
        # useful colours: a hand leaning to one colour can become a flush
        biggest = max((len([1 for col, _ in cards if col == k]) for k in ("R", "G", "K")), default=0)
        if biggest >= 6:
            score += 2.0 * (biggest - 5)
        if best is None or score > best:
            best = score
    return best or 0.0


def hand_score(hand: list[str], decks: int, special: bool) -> float:
    return _hand_score(tuple(sorted(hand)), decks, special)


@flat_cache(65536)
def _hand_score(hand: tuple[str, ...], decks: int, special: bool) -> float:
    """:func:`hand_score` of sorted cards (every part of the score ignores the cards' order)."""
    score = _shape_score(list(hand))
    if len(hand) == 7:
        w = waits(hand, decks, special)
        if w:
            outs = sum((copies(c, decks) - hand.count(c)) * hv.value for c, hv in w.items())
            score += 40.0 + outs / 100.0
    return score


def _without(hand: list[str], code: str) -> list[str]:
    out = list(hand)
    out.remove(code)
    return out


def _pick(cands: list[tuple[float, str]], rng_seed: int) -> str:
    top = max(s for s, _ in cands)
    best = [a for s, a in cands if s >= top - 1e-9]
    return best[rng_seed % len(best)]


def bot_choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    for sure in (str(Word.WIN), str(Word.RON)):
        if sure in legal:
            return sure
    if view.phase == "draw":
        return _draw_or_take(view, legal)
    acts = {a: parse(a) for a in legal}
    if view.phase == "hit_riichi":
        kept = [a for a, act in acts.items() if isinstance(act, Discard) and act.chain]
        return kept[0] if kept else str(Word.GIVEUP)
    if view.phase == "exchange":
        under = [(_shape_score(_without(view.hand, act.card)), a) for a, act in acts.items() if isinstance(act, Under)]
        return _pick(under, rng_seed)
    discards = {a: act for a, act in acts.items() if isinstance(act, Discard)}
    if view.phase == "hit_decide":
        chains = {a: act for a, act in discards.items() if act.chain}
        if not chains:
            return str(Word.EXCHANGE)
        discards = chains
    if not discards:
        return legal[rng_seed % len(legal)]
    return _best_discard(view, discards, rng_seed)


def _draw_or_take(view: SeatView, legal: list[str]) -> str:
    """Take the top discard when it makes the hand clearly better (in Riichi: whenever it may, to win)."""
    take, draw = str(Word.TAKE), str(Word.DRAW)
    if view.riichi[view.seat]:
        return take if take in legal else draw
    if take in legal and view.pile_top:
        decks, special, hand = view.decks, view.options.special_hands, list(view.hand)
        now = hand_score(hand, decks, special)
        after = hand + [view.pile_top.card]
        best_after = max(hand_score(_without(after, c), decks, special) for c in set(hand))
        if best_after > now + 4.0:
            return take
    return draw


def _best_discard(view: SeatView, discards: dict[str, Discard], rng_seed: int) -> str:
    """The discard that keeps the best hand; a Riichi declared when tenpai, a KX named to hit when it can."""
    top = view.pile_top
    cands = []
    memo: dict[str, float] = {}
    for a, act in discards.items():
        code = act.card
        if code not in memo:
            memo[code] = hand_score(_without(view.hand, code), view.decks, view.options.special_hands)
        score = memo[code]
        if act.riichi:
            score += 5.0  # declare Riichi when tenpai
        if code == KX and act.named is not None and top is not None and not act.chain:
            num, top_black = top.named or NUMBER.get(top.card, 0), top.card.startswith("K")
            if act.named > num or (act.named == 1 and top_black and num == 7):
                score += 1.0  # hit the next player
        cands.append((score, a))
    return _pick(cands, rng_seed)
