"""The head every game's state starts with: which game, its options, who sits where, and the master seed.

A game's state model subclasses :class:`TableState` with its options model and sets ``game`` to its name;
its own fields follow these four in the stored snapshot.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from games.base import GameError, SeatInfo

OptionsT = TypeVar("OptionsT", bound=BaseModel)


class TableState(BaseModel, Generic[OptionsT]):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str
    options: OptionsT
    seats: list[SeatInfo]
    seed: str  # master seed: secret


def seat_infos(seats: list[SeatInfo] | list[str]) -> list[SeatInfo]:
    """The seats of a new game: each a :class:`SeatInfo`, or a name for a human seat."""
    return [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]


def check_seed(seed: str) -> None:
    """A new game's master seed must be a non-empty string."""
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
