"""An officer's early end of a Sanma game (docs/rules/sanma.md §8, applied now).

The hand in play is abandoned: nobody wins it and nothing of it is paid, so every player keeps the points
they hold (a riichi already paid is a stick on the table). Then the game ends as §8 ends it: the sticks on
the table go to the first-placed player, ties are broken by seat order, and the final scores are the
points with the return points, uma and oka of the table's options — the season's rules.
"""

from __future__ import annotations

from games.base import Event
from games.sanma.events import GameEnd
from games.sanma.settle import final_scores
from games.sanma.state import SanmaState

STICK = 1000  # points a riichi stick is worth


def end_early(state: SanmaState) -> list[Event]:
    """Finish ``state`` now (§8): sticks to first place, final scores with return, uma and oka."""
    first = sorted(range(3), key=lambda s: (-state.scores[s], s))[0]
    state.scores[first] += STICK * state.sticks
    state.sticks = 0
    order = sorted(range(3), key=lambda s: (-state.scores[s], s))
    ranks = [order.index(s) + 1 for s in range(3)]
    state.final = {
        "reason": "ended_early",
        "points": list(state.scores),
        "ranks": ranks,
        "scores": final_scores(state.scores, state.options),
    }
    state.phase, state.drawn, state.window = "over", None, None
    return [GameEnd(**state.final)]
