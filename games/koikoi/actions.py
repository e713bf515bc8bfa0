"""Koi-Koi actions: what each one means, its wire string and its words (docs/rules/koikoi.md §6-§7).

``parse("play:3R:3C1")`` gives ``Play("3R", "3C1")``; ``str()`` writes it back unchanged (the strings
are in button ids and in stored action logs, which replay). ``text`` is the action in words and
``label`` its button text.
"""

from __future__ import annotations

from games.base import GameError
from games.fishing import Play, Take, parse_capture
from games.words import Words


class Decision(Words):
    """After a new yaku: play on, or end the round and score."""

    KOIKOI = "koikoi", "Koi-Koi!"
    STOP = "stop"

    def label(self, field: list[str] | None = None) -> str:
        return self.text


Action = Play | Take | Decision


def parse(action: str) -> Action:
    """The action ``action`` writes; GameError (a sentence) when it is not a Koi-Koi action."""
    if not isinstance(action, str):
        raise GameError("An action is a text such as play:1L, take:3C1, koikoi or stop.")
    if (move := parse_capture(action)) is not None:
        return move
    if (decision := Decision.read(action)) is not None:
        return decision
    raise GameError(f"{action!r} is not a Koi-Koi action: play a card, take one, call koikoi or stop.")


def describe(action: str) -> str:
    """The action in words: ``play:1L:1C1`` → "Play 1L Crane → take 1C1 Pine chaff 1"."""
    return parse(action).text


def label(action: str, field: list[str] | None = None) -> str:
    """Button text; with the field known, a play shows what it will take."""
    return parse(action).label(field)
