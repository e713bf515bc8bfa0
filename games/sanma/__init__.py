"""Sanma (3-player riichi mahjong): engine, scoring through ``mahjong``, bot policy (docs/rules/sanma.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.sanma.engine`, which names the module of each concern (the state, dealing and the fair shuffle,
legal moves, play, settlement, the views). A finished game's record is its Tenhou JSON log
(``games/sanma/tenhou_json.py``), which log viewers read.
"""

from __future__ import annotations

from games.base import GameBase
from games.sanma import engine, tenhou_json
from games.sanma.options import Options as Options  # passed on: ``from games.sanma import Options``
from games.sanma.placement import SanmaPlacement

GAME = GameBase.from_engine(
    engine,
    title="Sanma",
    points_name="points (thousands, after uma and oka)",
    points_scale=10,
    placement=SanmaPlacement,
    record_log=tenhou_json.export,
)
