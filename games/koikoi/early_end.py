"""An officer's early end of a Koi-Koi game (docs/rules/koikoi.md §10, applied now).

The month in play is abandoned as if it had not been dealt: nobody scores it (a Koi-Koi called in it is
worth nothing, as when a round ends without a Stop). The game then ends as its last month would end it:
the final ranking is the cumulative scores of the months played, equal scores sharing a rank.
"""

from __future__ import annotations

from games.base import Event, placings
from games.koikoi.events import GameEnd
from games.koikoi.state import KoiKoiState


def end_early(state: KoiKoiState) -> list[Event]:
    """Finish ``state`` now, at the scores of the months played."""
    state.phase, state.turn, state.pending, state.pending_choices = "over", None, None, []
    return [GameEnd(scores=list(state.scores), placings=placings(state.scores))]
