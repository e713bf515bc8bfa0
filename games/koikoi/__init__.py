"""Koi-Koi (こいこい): rules engine, yaku evaluator and bot policy (docs/rules/koikoi.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.koikoi.engine`, which also describes the seed/shuffle protocol and the event shapes.
"""

from __future__ import annotations

from games.base import GameBase
from games.koikoi import engine
from games.koikoi.options import Options as Options  # passed on: ``from games.koikoi import Options``

GAME = GameBase.from_engine(engine, title="Koi-Koi")
