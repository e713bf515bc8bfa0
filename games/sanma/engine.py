"""Sanma's hooks, as :class:`games.base.GameBase` binds them (``GAME`` in ``games/sanma/__init__.py``).

The state machine is kept by concern: the state model (:mod:`games.sanma.state`), dealing and the fair shuffle
(:mod:`games.sanma.deal`), what a hand waits on (:mod:`games.sanma.hands`), legal moves
(:mod:`games.sanma.legal`), applying a move and its call window (:mod:`games.sanma.play`), what a win scores
(:mod:`games.sanma.wins`), settling a hand and the game (:mod:`games.sanma.settle`) and the views
(:mod:`games.sanma.views`). Actions: :mod:`games.sanma.actions`. Events: :mod:`games.sanma.events` (public events
never carry a concealed tile; ``dealt`` and ``drew`` are private).
"""

from __future__ import annotations

from games.sanma.actions import describe as describe_action
from games.sanma.deal import new_game
from games.sanma.legal import legal_actions, to_act
from games.sanma.play import apply
from games.sanma.settle import result
from games.sanma.state import SanmaState
from games.sanma.views import hidden_cards, public_view, view


def is_over(state: SanmaState) -> bool:
    return state.phase == "over"


def load(snapshot: str) -> SanmaState:
    return SanmaState.model_validate_json(snapshot)


__all__ = [
    "apply",
    "describe_action",
    "hidden_cards",
    "is_over",
    "legal_actions",
    "load",
    "new_game",
    "public_view",
    "result",
    "to_act",
    "view",
]
