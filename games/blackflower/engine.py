"""Black Flower's hooks, the functions :class:`games.base.GameBase` binds by name (``games.blackflower.GAME``),
gathered from the modules that hold them: the game and its rounds (:mod:`.rounds`), who acts and what they may
do (:mod:`.moves`), an action applied (:mod:`.apply`), the views (:mod:`.views`) and the settlement and ledger
(:mod:`.settlement`).

Every event is public (``seat=None``): the only hidden card, the banker's face-down card, appears in an event only
when it is turned up (``banker_reveal``).
"""

from __future__ import annotations

from games.blackflower.actions import describe
from games.blackflower.apply import apply as apply
from games.blackflower.betting import round_deal as round_deal
from games.blackflower.deals import deal_number as deal_number
from games.blackflower.early_end import end_early as end_early
from games.blackflower.moves import illegal_reason as illegal_reason
from games.blackflower.moves import is_over as is_over
from games.blackflower.moves import legal_actions as legal_actions
from games.blackflower.moves import to_act as to_act
from games.blackflower.options import Options as Options
from games.blackflower.policy import bot_choose as bot_choose
from games.blackflower.rounds import banker_draw as banker_draw
from games.blackflower.rounds import load as load
from games.blackflower.rounds import new_game as new_game
from games.blackflower.rounds import opening_events as opening_events
from games.blackflower.settlement import compare as compare
from games.blackflower.settlement import ledger_entries as ledger_entries
from games.blackflower.settlement import result as result
from games.blackflower.settlement import round_movements as round_movements
from games.blackflower.state import BlackFlowerState, current_hand
from games.blackflower.state import Hand as Hand
from games.blackflower.state import Phase as Phase
from games.blackflower.state import all_cards as all_cards
from games.blackflower.views import hidden_cards as hidden_cards
from games.blackflower.views import public_view as public_view
from games.blackflower.views import view as view

State = BlackFlowerState
describe_action = describe


def decision_continues(state: BlackFlowerState, seat: int) -> bool:
    """A turn is one decision (§5, §8): once begun, a player plays all their hands (both hands of a
    split) and the banker their hand."""
    hand = current_hand(state)
    begun = hand is not None and (hand.split or hand.hits or hand.doubled or hand.played_on)
    return state.turn == seat and bool(begun)
