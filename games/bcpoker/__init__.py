"""Black Christmas Poker: rules engine, hand evaluator and bot policy (docs/rules/bcpoker.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.bcpoker.engine`, which also describes the seed/shuffle protocol, the actions and the
event shapes.
"""

from __future__ import annotations

from games.base import GameBase
from games.bcpoker import engine
from games.bcpoker.options import Options as Options  # passed on: ``from games.bcpoker import Options``

GAME = GameBase.from_engine(engine, title="Black Christmas Poker")
