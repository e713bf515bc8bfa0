"""Tic-tac-toe's events, declared as every game declares its own: one model per type named by ``@tagged``, the
seat that acted as ``player`` (:class:`games.events.Acted`), and :data:`TicTacToeEvent` their union keyed on
``type``, which :data:`EVENT` reads back from a stored log."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter

from games.events import Acted, GameEnded, tagged


@tagged("mark")
class Mark(Acted):
    """The player marked ``cell`` (0-8, row by row)."""

    cell: int


TicTacToeEvent = Annotated[Mark | GameEnded, Field(discriminator="type")]  # the end: each seat's score and placing
EVENT = TypeAdapter(TicTacToeEvent)
"""``EVENT.validate_python(dict)`` reads any tic-tac-toe event."""
