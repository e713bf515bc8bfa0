"""Koi-Koi (こいこい): rules engine, yaku evaluator and bot policy (docs/rules/koikoi.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.koikoi.engine`, which also describes the seed/shuffle protocol and the event shapes.
"""

from __future__ import annotations

from games.base import GameBase
from games.koikoi import deals, early_end, engine
from games.koikoi.options import Options
from games.koikoi.policy import bot_choose
from games.koikoi.state import KoiKoiState


def decision_continues(state: KoiKoiState, seat: int) -> bool:
    """A turn is one decision: after the card played the same player goes on with the flipped card's
    capture choice and the Koi-Koi or stop call."""
    return state.turn == seat and state.phase in ("choose_take", "decide")


GAME = GameBase.from_engine(
    engine,
    name="koikoi",
    title="Koi-Koi",
    min_players=2,
    max_players=4,
    Options=Options,
    State=KoiKoiState,
    bot_choose=bot_choose,
    decision_continues=decision_continues,
    end_early=early_end.end_early,
    deal_number=deals.deal_number,
)
