"""The table manager: one per process, the tables of its guilds from lobby to result."""

from __future__ import annotations

from bot.tables.bots import Autoplay
from bot.tables.deadlines import Deadlines
from bot.tables.loading import Loading
from bot.tables.lobby import LobbyActions
from bot.tables.play import PlayerActions
from bot.tables.redraw import Redraws


class TableManager(LobbyActions, PlayerActions, Autoplay, Deadlines, Redraws, Loading):
    """Opens, runs and restores tables: each concern in its own module (``bot/tables/``), on the shared core
    (``bot/tables/core.py``: the tables held, their locks, the store and the presenter)."""
