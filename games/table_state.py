"""The head every game's state starts with: which game, its options, who sits where, and the master seed.

A game's state model subclasses :class:`TableState` with its options model and sets ``game`` to its name;
its own fields follow these four in the stored snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

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


class SeatedOptions(Protocol):
    """The options of a game played by a chosen number of seats, which it checks them against."""

    def check(self, n_seats: int | None = None) -> None: ...


SeatedT = TypeVar("SeatedT", bound=SeatedOptions)


def opening(
    options: SeatedT | dict[str, Any] | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    parse: Callable[[dict[str, Any], int], SeatedT],
) -> tuple[SeatedT, list[SeatInfo]]:
    """A new game's options and seats, checked: options given as a dict, or none (the defaults), are parsed for the
    number of seats (``parse``: the game's ``parse_options``), and every options model is checked against that
    number; then the master seed (:func:`check_seed`). Any problem is a :class:`GameError`."""
    infos = seat_infos(seats)
    if options is None or isinstance(options, dict):
        options = parse(options or {}, len(infos))
    options.check(len(infos))
    check_seed(seed)
    return options, infos
