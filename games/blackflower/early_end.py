"""An officer's early end of a Black Flower game (docs/rules/blackflower.md §3, applied now).

The round in play is abandoned as when the host ends the game during the betting: every stake placed in it
is returned, so each player holds the chips they had when it began — their chips at the start of the game
plus the nets of the rounds settled. The game then ends as it ends after its last round: each seat's score
is its chips won or lost, and its ledger lines are the rounds settled, which add up to it.
"""

from __future__ import annotations

from games.base import Event, placings
from games.blackflower.events import GameEnd
from games.blackflower.state import BlackFlowerState, Phase

REASON = "a league officer ended the game early"


def end_early(state: BlackFlowerState) -> list[Event]:
    """Finish ``state`` now, at the chips of the rounds settled."""
    n = len(state.seats)
    state.chips = [state.start_chips[s] + sum(r["nets"][s] for r in state.history) for s in range(n)]
    state.bets = [0] * n
    state.phase, state.turn, state.offer, state.end_reason = Phase.OVER, None, None, REASON
    scores = [c - s for c, s in zip(state.chips, state.start_chips)]
    return [GameEnd(reason=REASON, scores=scores, placings=placings(scores), chips=list(state.chips))]
