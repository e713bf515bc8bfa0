"""A sixth game that lives only in the tests: its package, its presentation home and one registry line make it
playable through the fake Discord. Its engine names its hooks and models, its home its looks, as every game's do."""

from __future__ import annotations

from games.base import GameBase
from tests.toygame import engine

NAME = "tictactoe"

GAME = GameBase.from_engine(engine, name=NAME, title="Tic-tac-toe", min_players=2, max_players=2)
