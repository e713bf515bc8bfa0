"""Helpers shared by the games' tests: apply a seat's actions in turn, and read what happened."""

from __future__ import annotations

from typing import Any, Protocol

import pytest

from games.base import Event, GameBase, GameError


class Applies(Protocol):
    """A game, or an engine module: what applies one seat's action to a state."""

    def apply(self, state: Any, seat: int, action: str) -> list[Any]: ...


def apply_all(game: GameBase, state, seat: int, *actions: str) -> list[Event]:
    """Apply ``actions`` for one seat, in order; return all the events they made."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(state, seat, action)
    return events


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def first(events: list[Event], type_: str) -> Event:
    """The first event of type ``type_``."""
    return next(e for e in events if e.type == type_)


def refusals(game: Applies, state, moves: list[tuple[int, str]]) -> list[str]:
    """Each ``(seat, action)`` of ``moves`` tried on ``state``: every one must be refused with a ``GameError`` and
    leave the state as it was. Returns the refusals' sentences, in order."""
    before = state.model_dump_json()
    said = []
    for seat, action in moves:
        with pytest.raises(GameError) as refused:
            game.apply(state, seat, action)
        assert state.model_dump_json() == before, f"{action} by seat {seat} changed the state"
        said.append(str(refused.value))
    return said
