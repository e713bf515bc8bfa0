"""Black Christmas Poker: rules engine, hand evaluator and bot policy (docs/rules/bcpoker.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.bcpoker.engine`, which also describes the seed/shuffle protocol, the actions and the
event shapes.
"""

from __future__ import annotations

from games.base import GameBase
from games.bcpoker import deals, early_end, engine
from games.bcpoker.engine import BCState
from games.bcpoker.options import Options
from games.bcpoker.policy import bot_choose


def decision_continues(state: BCState, seat: int) -> bool:
    """A turn is one decision (§3, §6): after its draw the player goes on — win, chain or exchange,
    every card of the exchange, the discard — until the discard ends it."""
    return state.turn == seat and state.phase in ("discard", "hit_decide", "hit_riichi", "exchange")


GAME = GameBase.from_engine(
    engine,
    name="bcpoker",
    title="Black Christmas Poker",
    min_players=2,
    max_players=7,
    Options=Options,
    State=BCState,
    bot_choose=bot_choose,
    decision_continues=decision_continues,
    end_early=early_end.end_early,
    deal_number=deals.deal_number,
)
