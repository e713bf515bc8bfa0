"""An officer's early end of a Black Christmas Poker game (docs/rules/bcpoker.md §11, applied now).

The round in play is abandoned as a round that ends with no winner: nobody pays (scores move only when a
round is won). The game then ends as it ends after its last round: the final ranking is the scores of the
rounds played, equal scores sharing a rank.
"""

from __future__ import annotations

from games.base import Event, placings
from games.bcpoker.events import GameEnd
from games.bcpoker.state import BCState


def end_early(state: BCState) -> list[Event]:
    """Finish ``state`` now, at the scores of the rounds played."""
    state.phase, state.turn, state.window, state.hit = "over", None, None, None
    return [GameEnd(scores=list(state.scores), placings=placings(state.scores), rounds=len(state.rounds))]
