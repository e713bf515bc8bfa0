"""Sanma's hooks, as :class:`games.base.GameBase` binds them (``GAME`` in ``games/sanma/__init__.py``).

The state machine is kept by concern: the state model (:mod:`games.sanma.state`), dealing and the fair shuffle
(:mod:`games.sanma.deal`), what a hand waits on (:mod:`games.sanma.hands`), legal moves
(:mod:`games.sanma.legal`), applying a move and its call window (:mod:`games.sanma.play`), what a win scores
(:mod:`games.sanma.wins`), settling a hand and the game (:mod:`games.sanma.settle`) and the views
(:mod:`games.sanma.views`). Actions: :mod:`games.sanma.actions`. Events: :mod:`games.sanma.events` (public events
never carry a concealed tile; ``dealt`` and ``drew`` are private).
"""

from __future__ import annotations

from games.base import Event
from games.sanma.actions import Word, describe
from games.sanma.deal import new_game as new_game
from games.sanma.deals import deal_number as deal_number
from games.sanma.early_end import end_early as end_early
from games.sanma.legal import legal_actions as legal_actions
from games.sanma.legal import to_act
from games.sanma.options import Options as Options
from games.sanma.play import apply as apply
from games.sanma.policy import bot_choose as bot_choose
from games.sanma.settle import result as result
from games.sanma.state import SanmaState
from games.sanma.views import hidden_cards as hidden_cards
from games.sanma.views import public_view as public_view
from games.sanma.views import view as view

State = SanmaState
describe_action = describe


def is_over(state: SanmaState) -> bool:
    return state.phase == "over"


def load(snapshot: str) -> SanmaState:
    return SanmaState.model_validate_json(snapshot)


def opening_events(state: SanmaState) -> list[Event]:
    return list(state.opening_events)


def decision_seconds(state: SanmaState, default: int) -> int:
    """Deadline of the current decision: a call window may be shorter (option ``call_seconds``)."""
    if state.phase == "respond" and state.options.call_seconds:
        return min(default, state.options.call_seconds)
    return default


def timeout_action(state: SanmaState, seat: int) -> str | None:
    """A call window whose time ran out passes (``call_seconds``: "…and then passes"); a turn is
    played by the bot policy as usual."""
    return str(Word.PASS) if state.phase == "respond" else None


def decision_continues(state: SanmaState, seat: int) -> bool:
    """A turn is one decision: after a kita or a kan (replacement draw) or a call the same player
    goes on to the discard."""
    return state.phase == "turn" and state.turn == seat and state.draw_kind in ("replacement", "call")


def public_to_act(state: SanmaState) -> list[int]:
    """Who may be named in public as the one to act: never the seats of a call window."""
    return to_act(state) if state.phase == "turn" else []
