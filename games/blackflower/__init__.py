"""Black Flower (黒花): a hanafuda banking game (docs/rules/blackflower.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.blackflower.engine`, with the money-game ones: ``uses_balances`` (each seat starts with
its season chips) and ``engine.ledger_entries``.
"""

from __future__ import annotations

from games.base import GameBase
from games.blackflower import engine
from games.blackflower.options import MAX_PLAYERS, MIN_PLAYERS
from games.blackflower.options import Options as Options  # passed on: ``from games.blackflower import Options``

GAME = GameBase.from_engine(
    engine, title="Black Flower", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, uses_balances=True, rounds_won=True
)
