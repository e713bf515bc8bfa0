"""Black Flower's hooks, the functions :class:`games.base.GameBase` binds by name (``games.blackflower.GAME``),
gathered from the modules that hold them: the game and its rounds (:mod:`.rounds`), who acts and what they may
do (:mod:`.moves`), an action applied (:mod:`.apply`), the views (:mod:`.views`) and the settlement and ledger
(:mod:`.settlement`).

Every event is public (``seat=None``): the only hidden card, the banker's face-down card, appears in an event only
when it is turned up (``banker_reveal``).
"""

from __future__ import annotations

from games.blackflower.actions import describe as describe_action
from games.blackflower.apply import apply
from games.blackflower.betting import round_deal
from games.blackflower.moves import illegal_reason, is_over, legal_actions, to_act
from games.blackflower.rounds import banker_draw, load, new_game, opening_events
from games.blackflower.settlement import compare, ledger_entries, result, round_movements
from games.blackflower.state import BlackFlowerState, Hand, Phase, all_cards, current_hand
from games.blackflower.views import hidden_cards, public_view, view

__all__ = [
    "BlackFlowerState",
    "Phase",
    "Hand",
    "all_cards",
    "apply",
    "banker_draw",
    "compare",
    "current_hand",
    "describe_action",
    "hidden_cards",
    "illegal_reason",
    "is_over",
    "ledger_entries",
    "legal_actions",
    "load",
    "new_game",
    "opening_events",
    "public_view",
    "result",
    "round_deal",
    "round_movements",
    "to_act",
    "view",
]
