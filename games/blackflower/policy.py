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

from typing import Any

from games.blackflower import hands as H
from games.blackflower.actions import Bet, Move
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


def bot_choose(view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
    if not legal:
        raise ValueError("no legal action to choose from")
    return str(_choose(view, legal, rng_seed))


def _choose(view: dict[str, Any], legal: list[str], rng_seed: int) -> str | Move:
    seat = view["seat"]
    is_bot = view["bots"][seat]
    npa = view["options"]["no_pair_advantage"]
    phase = view["phase"]
    if phase == "betting":
        if Move.DEAL in legal:
            return Move.DEAL
        if not is_bot:
            return Move.SIT if Move.SIT in legal else legal[0]
        o = view["options"]
        amount = max(o["min_bet"], min(2 * o["min_bet"], o["max_bet"], view["max_bet_now"]))
        action = str(Bet(amount))
        return action if action in legal else (Move.SIT if Move.SIT in legal else legal[0])
    if phase in ("niko", "banker_niko"):
        return Move.NIKO
    if phase == "offer":
        return Move.ACCEPT if is_bot else Move.DECLINE
    if not is_bot:
        return Move.STAND if Move.STAND in legal else legal[0]
    if phase == "banker":
        cards = view["banker_hand"]["cards"]
        return Move.HIT if Move.HIT in legal and banker_should_hit(cards, npa) else Move.STAND
    # a bot player's hand
    hand = view["hands"][seat][view["hand_index"]]
    cards = hand["cards"]
    if Move.SPLIT in legal and all(KIND[c] == "C" for c in cards) and rng_seed % 2 == 0:
        return Move.SPLIT
    if Move.DOUBLE in legal:
        best = H.standing(cards, npa)
        if best is not None and 6 <= best <= 8 and H.hard(cards, npa) <= 8:
            return Move.DOUBLE
    if Move.HIT in legal and (player_should_hit(cards, npa) or (hand["doubled"] and H.standing(cards, npa) is not None
                                                              and H.standing(cards, npa) <= 8)):
        return Move.HIT
    return Move.STAND
