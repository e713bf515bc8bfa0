"""Helpers shared by the games' tests: apply a seat's actions in turn, and read what happened."""

from __future__ import annotations

from games.base import Event, GameBase


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
