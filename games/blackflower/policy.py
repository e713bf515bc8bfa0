"""Black Flower bot policies: they see only a view (public information; nothing is private here).

* **Betting**: a bot bets ``2 × min_bet`` (within the limits and its chips); a human whose
  deadline passed sits the round out (§5: a late answer changes nothing for others).
* **Ni-Ko**: always claimed (§5; also what a timeout does).
* **Player hit/stand** (bot seats): hit while ``standing ≤ 8``, or while ``hard ≤ 8`` (no card
  can bust it) and ``standing ≤ 11``; otherwise stand. Double down on a standing value of 6–8
  (one card cannot bust it and usually lands on 9–13). Split two dealt Chaff (10 → two hands
  starting at 5) when the ``rng_seed`` is even, so simulations exercise splits.
* **Banker** (bot-controlled banker only, §8): hit while ``standing ≤ 10``, or while
  ``hard ≤ 8`` and ``standing ≤ 12``; otherwise stand.
* **Bank offer**: bot seats accept (§2); a human who does not answer declines.
* **Timeouts** (a human seat): stand, claim Ni-Ko, sit out, decline the bank — the defaults of §5/§2.
"""

from __future__ import annotations

from games.blackflower import hands as H
from games.blackflower.actions import Bet, Move
from games.blackflower.views import HandView, SeatView
from games.hanafuda import KIND


def banker_should_hit(cards: list[str], no_pair_advantage: bool = False) -> bool:
    """The AI banker's rule of §8."""
    best = H.standing(cards, no_pair_advantage)
    if best is None:
        return False
    return best <= 10 or (H.hard(cards, no_pair_advantage) <= 8 and best <= 12)


def player_should_hit(cards: list[str], no_pair_advantage: bool = False) -> bool:
    best = H.standing(cards, no_pair_advantage)
    if best is None:
        return False
    return best <= 8 or (H.hard(cards, no_pair_advantage) <= 8 and best <= 11)


def bot_choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
    if not legal:
        raise ValueError("no legal action to choose from")
    return str(_choose(view, legal, rng_seed))


def _choose(view: SeatView, legal: list[str], rng_seed: int) -> str | Move:
    is_bot = view.bots[view.seat]
    phase = view.phase
    if phase == "betting":
        return _bet(view, legal, is_bot)
    if phase in ("niko", "banker_niko"):
        return Move.NIKO
    if phase == "offer":
        return Move.ACCEPT if is_bot else Move.DECLINE
    if not is_bot:
        return Move.STAND if Move.STAND in legal else legal[0]
    npa = view.options.no_pair_advantage
    if phase == "banker":
        assert view.banker_hand is not None  # the banker plays once the cards are dealt
        cards = _shown(view.banker_hand)
        return Move.HIT if Move.HIT in legal and banker_should_hit(cards, npa) else Move.STAND
    return _play(view.hands[view.seat][view.hand_index], legal, rng_seed, npa)


def _shown(hand: HandView) -> list[str]:
    return [c for c in hand.cards if c is not None]


def _bet(view: SeatView, legal: list[str], is_bot: bool) -> str | Move:
    if Move.DEAL in legal:
        return Move.DEAL
    if not is_bot:
        return Move.SIT if Move.SIT in legal else legal[0]
    o = view.options
    amount = max(o.min_bet, min(2 * o.min_bet, o.max_bet, view.max_bet_now))
    action = str(Bet(amount))
    return action if action in legal else (Move.SIT if Move.SIT in legal else legal[0])


def _play(hand: HandView, legal: list[str], rng_seed: int, npa: bool) -> str | Move:
    """A bot player's hand."""
    cards = _shown(hand)
    if Move.SPLIT in legal and all(KIND[c] == "C" for c in cards) and rng_seed % 2 == 0:
        return Move.SPLIT
    best = H.standing(cards, npa)
    if Move.DOUBLE in legal and best is not None and 6 <= best <= 8 and H.hard(cards, npa) <= 8:
        return Move.DOUBLE
    if Move.HIT in legal and (player_should_hit(cards, npa) or (hand.doubled and best is not None and best <= 8)):
        return Move.HIT
    return Move.STAND
