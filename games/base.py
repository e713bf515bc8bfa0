"""The interface every game of Parlor implements (DESIGN §2).

A game is a module (``games.koikoi``, ``games.sanma`` …) exposing a module-level
``GAME`` object that satisfies :class:`Game`. The table manager, the bots, the
simulator and the tests talk to games only through this surface.

Conventions
-----------
* **Actions are short strings** such as ``"play:1L:1C1"``, ``"koikoi"`` or ``"stop"``.
  They go into button ``custom_id``s (keep them ≤ 40 characters), into the action
  log and into tests unchanged. ``legal_actions`` lists exactly what a seat may send.
* **State** is a pydantic model; ``apply`` mutates it in place. ``state.model_dump_json()``
  is the snapshot; ``GAME.load(json)`` restores it.
* **Events** are what happened, in order, for messages and logs. An event whose
  ``seat`` is ``None`` is public; an event with a seat is private to that seat and
  must never be shown to anyone else. Public events never contain hidden cards.
* **Determinism**: ``new_game(options, seats, seed)`` with the same arguments,
  followed by the same actions, always yields the same state and events.
* Seats are numbered ``0..n-1`` in the order given to ``new_game``.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, Field, ValidationError


class GameError(ValueError):
    """An illegal action or bad option. The message is shown to the user as is."""


class Event(BaseModel):
    type: str
    seat: int | None = None  # None: public; otherwise private to this seat
    data: dict[str, Any] = Field(default_factory=dict)


class SeatInfo(BaseModel):
    """Who sits at a seat. The rules layer only needs the name and whether it is a bot."""

    name: str
    bot: bool = False
    balance: int | None = None  # season chips at the start, for games with `uses_balances = True`


class Result(BaseModel):
    """Final outcome of a finished game."""

    scores: list[int]  # per-seat net score change over the whole game (zero-sum where the game is)
    placings: list[int]  # 1 = first; equal scores share a placing
    summary: dict[str, Any] = Field(default_factory=dict)


class Game(Protocol):
    name: str  # "koikoi"
    title: str  # "Koi-Koi"
    min_players: int
    max_players: int
    Options: type[BaseModel]  # defaults as in rules/<game>.md

    def new_game(self, options: BaseModel, seats: list[SeatInfo], seed: str) -> BaseModel: ...
    def opening_events(self, state: BaseModel) -> list[Event]: ...  # what new_game did (e.g. the first deal)
    def load(self, snapshot: str) -> BaseModel: ...
    def to_act(self, state: BaseModel) -> list[int]: ...
    def legal_actions(self, state: BaseModel, seat: int) -> list[str]: ...
    def apply(self, state: BaseModel, seat: int, action: str) -> list[Event]: ...
    def view(self, state: BaseModel, seat: int) -> dict[str, Any]: ...
    def public_view(self, state: BaseModel) -> dict[str, Any]: ...
    def is_over(self, state: BaseModel) -> bool: ...
    def result(self, state: BaseModel) -> Result: ...
    def hidden_cards(self, state: BaseModel) -> dict[int, list[str]]: ...
    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str: ...
    def describe_action(self, action: str) -> str: ...

    # Optional, for money games:
    # uses_balances: bool = True  -> every SeatInfo carries the player's season balance at the start
    # def ledger_entries(self, state) -> list[dict]: [{"seat", "kind", "amount", "placing"?, "memo"?}, …]
    #     written instead of one 'game' line per seat when the game finishes.


def placings(scores: list[int]) -> list[int]:
    """Competition ranking: equal scores share a placing (1, 1, 3 …)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def options_from(model: type[BaseModel], title: str, data: dict[str, Any] | None) -> BaseModel:
    """A game's options from a dict; any problem becomes one clear GameError sentence."""
    data = dict(data or {})
    for name, value in data.items():
        if (bounds := option_range(model, name)) is not None:
            check_range(name, value, bounds)
    try:
        return model(**data)
    except ValidationError as error:
        raise option_error(error, title) from None


def option_range(model: type[BaseModel], name: str) -> tuple[int, int] | None:
    """The lowest and highest value of a whole-number option, from its ``Field(ge=…, le=…)``.

    The one source of an option's range: ``/play`` declares it to Discord, and the check
    (:func:`options_from`) refuses what a forged payload sends outside it.
    """
    field = model.model_fields.get(name)
    if field is None:
        return None
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
    return None if low is None or high is None else (low, high)


def check_range(name: str, value: Any, bounds: tuple[int, int]) -> None:
    """Refuse a number outside ``bounds`` with the sentence the slash command prompt shows for it."""
    if isinstance(value, int) and not isinstance(value, bool) and not bounds[0] <= value <= bounds[1]:
        raise GameError(f"The option {name} must be from {bounds[0]} to {bounds[1]}.")


def option_error(error: ValidationError, title: str) -> GameError:
    """The first problem of a pydantic validation error, as a sentence a player can act on."""
    first = error.errors()[0]
    message = str(first.get("msg", "invalid option")).removeprefix("Value error, ")
    where = ".".join(str(part) for part in first.get("loc", ()))
    if first.get("type") == "extra_forbidden":
        message = f"Unknown {title} option {where!r}."
    elif where and not message.endswith("."):
        message = f"Option {where}: {message}."
    return GameError(message)
