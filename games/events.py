"""Typed events: one pydantic model per event type, and per game a union of them keyed on ``type``.

A game's events subclass :class:`GameEvent` with their own fields, each named by ``@tagged("…")``
(its ``type``), so a renderer reads ``event.card``, not ``event.data["card"]``, and a renamed field
fails where it is declared. ``seat`` keeps its meaning from :class:`games.base.Event`: ``None`` for a public event,
otherwise the only seat that may see it. The seat that acted is ``player``, the field of :class:`Acted`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, create_model, model_validator

from games.base import Event

Tagged = TypeVar("Tagged", bound=BaseModel)


def tagged(tag: str) -> Callable[[type[Tagged]], type[Tagged]]:
    """Names a model of a union keyed on ``type``: ``@tagged("draw")`` above a class gives it
    ``type: Literal["draw"] = "draw"``, so that the tag is written once, beside the class it names."""

    literal: Any = Literal[tag]  # a type made at run time, which a type checker cannot read

    def name(cls: type[Tagged]) -> type[Tagged]:
        return create_model(
            cls.__name__,
            __base__=cls,
            __module__=cls.__module__,
            __qualname__=cls.__qualname__,
            __doc__=cls.__doc__,
            type=(literal, tag),
        )

    return name


class GameEvent(Event):
    type: str = ""  # each event type's own, given by @tagged: a union refuses a member without its literal

    @model_validator(mode="before")
    @classmethod
    def _untyped(cls, value: Any) -> Any:
        """An event stored before events were typed (in a snapshot's opening events) kept its fields
        under ``data``, with the seat that acted as ``data["seat"]``; one stored while the base event
        still had ``data`` has it empty: read either as the typed event."""
        if isinstance(value, dict) and "data" in value:
            fields = dict(value["data"] or {})
            if "seat" in fields:
                fields["player"] = fields.pop("seat")
            value = {**{k: v for k, v in value.items() if k != "data"}, **fields}
        return value

    def fields(self) -> dict[str, Any]:
        """The event's own fields as the engine set them, in a dict (without ``type`` and ``seat``)."""
        return self.model_dump(exclude={"type", "seat"}, exclude_unset=True)


class Acted(GameEvent):
    """An event of a seat's own doing: ``player`` is the seat that acted."""

    player: int


@tagged("game_end")
class GameEnded(GameEvent):
    """The game is over: each seat's net score and its placing (1 = first), as in its :class:`games.base.Result`."""

    scores: list[int]
    placings: list[int]
