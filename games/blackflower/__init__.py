"""Black Flower (黒花): a hanafuda banking game (docs/rules/blackflower.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.blackflower.engine`, with the money-game ones: ``uses_balances`` (each seat starts with
its season chips) and ``engine.ledger_entries``.
"""

from __future__ import annotations

from games.base import GameBase
from games.blackflower import deals, early_end, engine
from games.blackflower.engine import BlackFlowerState
from games.blackflower.options import Options
from games.blackflower.policy import bot_choose


def decision_continues(state: BlackFlowerState, seat: int) -> bool:
    """A turn is one decision (§5, §8): once begun, a player plays all their hands (both hands of a
    split) and the banker their hand."""
    hand = engine.current_hand(state)
    begun = hand is not None and (hand.split or hand.hits or hand.doubled or hand.played_on)
    return state.turn == seat and bool(begun)


GAME = GameBase.from_engine(
    engine,
    name="blackflower",
    title="Black Flower",
    min_players=2,
    max_players=10,
    Options=Options,
    State=BlackFlowerState,
    uses_balances=True,
    bot_choose=bot_choose,
    decision_continues=decision_continues,
    end_early=early_end.end_early,
    deal_number=deals.deal_number,
    rounds_won=True,
)
