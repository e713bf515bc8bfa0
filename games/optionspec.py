"""What a game's Options model declares about each option: the one source of ``/play``, ``/rules``
and the command-line flags.

Every option is a pydantic field ``Field(default, description=…, ge=…, le=…)``; a ``Literal``
type lists its choices. The description is plain English for players, without the default
(each reader adds the default in its own words). Two conventions:

* ``players`` is set by the table to the number of players seated at Start, so a table
  offers it unset (``OptionSpec.table_default`` is None) whatever the model's default;
* ``json_schema_extra=ENGINE_ONLY`` marks a field tables and the command line do not offer
  (a rule variant Parlor fixes, or a value the engine sets itself).

A field whose default is None says what "not set" means with ``json_schema_extra=unset("…")``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.base import GameError, either, option_choices, option_range, options_from

SEATED = "players"
SEATED_MEANING = "however many are seated at Start"
ENGINE_ONLY: dict[str, Any] = {"offered": False}


def seated_text(count: int) -> str:
    """ "1 is seated", "3 are seated"."""
    return f"{count} {'is' if count == 1 else 'are'} seated"


def seats_disagree(players: int, seated: int) -> GameError:
    """The error of a ``players`` option that is not the number seated."""
    return GameError(f"The options say {players} players but {seated_text(seated)}.")


def unset(meaning: str) -> dict[str, Any]:
    """``json_schema_extra`` of an option whose default None means ``meaning`` (e.g. "one per player")."""
    return {"unset": meaning}


@dataclass(frozen=True)
class OptionSpec:
    name: str
    description: str
    kind: type  # bool, int or str
    default: Any  # the model's default
    unset: str | None  # what a default of None means
    bounds: tuple[int, int] | None
    choices: tuple[Any, ...] | None

    @property
    def table_default(self) -> Any:
        """The value a table uses when the host does not give one (None: left unset)."""
        return None if self.name == SEATED else self.default

    def default_text(self, default: Any) -> str:
        """A default as players read it: on/off, a number, a choice, or what leaving it unset means."""
        if default is None:
            return SEATED_MEANING if self.name == SEATED else self.unset or "not set"
        if isinstance(default, bool):
            return "on" if default else "off"
        return str(default)

    @property
    def values_text(self) -> str:
        """The values it takes, for help texts: "1–12", "rotate, fixed or winner", "" for on/off."""
        if self.choices:
            return either(self.choices)
        return f"{self.bounds[0]}–{self.bounds[1]}" if self.bounds else ""

    @property
    def described(self) -> str:
        """The description, followed by the values it takes unless it names every choice itself."""
        named = self.choices and all(str(choice) in self.description for choice in self.choices)
        return f"{self.description} ({self.values_text})" if self.values_text and not named else self.description


def seated_options(model: type[BaseModel], title: str, data: dict[str, Any] | None, n_seats: int | None) -> Any:
    """Options for a table of ``n_seats`` players: ``players``, when the data leave it out, is the number
    seated; then the model's ``check(n_seats)`` (its cross-field rules). Raises GameError."""
    data = dict(data or {})
    if n_seats is not None:
        data.setdefault(SEATED, n_seats)
    options = options_from(model, title, data)
    cross_check: Callable[[int | None], None] = options.check  # type: ignore[attr-defined]  # the games that seat by count declare it
    cross_check(n_seats)
    return options


def offered_options(model: type[BaseModel]) -> list[OptionSpec]:
    """The options a table and the command line offer, in the model's order."""
    specs = []
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        if extra.get("offered", True) is False:
            continue
        if not field.description:
            raise TypeError(f"{model.__module__}.{model.__name__}.{name} has no description")
        choices = option_choices(model, name)
        specs.append(
            OptionSpec(
                name=name,
                description=field.description,
                kind=type(choices[0]) if choices else _kind(field.annotation),
                default=field.default,
                unset=marked if isinstance(marked := extra.get("unset"), str) else None,
                bounds=option_range(model, name),
                choices=choices,
            )
        )
    return specs


def _kind(annotation: Any) -> type:
    """bool, int or str, from ``int``, ``int | None`` and the like."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        annotation = args[0]
    if annotation not in (bool, int, str):
        raise TypeError(f"an offered option must be bool, int, str or a Literal, not {annotation!r}")
    return annotation
