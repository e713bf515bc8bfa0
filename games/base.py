"""The contract every game of Parlor declares (docs/design.md §2).

A game is a package (``games.koikoi``, ``games.sanma`` …) exposing one declaration,
``GAME``, a :class:`GameBase`: its name, its player range, its ``Options`` and ``State``
models, and its hooks. The table manager, the bots, the simulator and the tests talk to
games only through it; every optional hook has a default here, so nobody probes a game
for what it offers.

Conventions
-----------
* **Actions are short strings** such as ``"play:1L:1C1"``, ``"koikoi"`` or ``"stop"``.
  They go into button ``custom_id``s (keep them ≤ 40 characters), into the action
  log and into tests unchanged. ``legal_actions`` lists exactly what a seat may send;
  ``apply`` refuses anything else with a :class:`GameError` and leaves the state as it was.
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

import typing
from collections.abc import Callable
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class GameError(ValueError):
    """An illegal action or bad option. The message is shown to the user as is."""


class Event(BaseModel):
    """What happened. A game declares one model per event type with its own fields (see
    :class:`games.events.GameEvent`) and a union of them keyed on ``type``."""

    model_config = ConfigDict(extra="forbid")  # a misspelt field is an error, not silently dropped

    type: str
    seat: int | None = None  # None: public; otherwise private to this seat


class SeatInfo(BaseModel):
    """Who sits at a seat. The rules layer only needs the name and whether it is a bot."""

    name: str
    bot: bool = False
    balance: int | None = None  # season chips at the start, for games with `uses_balances = True`


class Result(BaseModel):
    """Final outcome of a finished game."""

    scores: list[
        int
    ]  # per-seat net score change over the whole game, in steps of 1/points_scale (zero-sum where the game is)
    placings: list[int]  # 1 = first; equal scores share a placing
    summary: dict[str, Any] = Field(default_factory=dict)


class Placement(BaseModel):
    """League points a season fixes for a game as a set of its own (Sanma's start and return points and uma,
    oka following from them), beside the game's options: ``/season rules <game>`` offers its fields. A game
    declares its model (``GameBase.placement``); the model turns into the engine's options and back."""

    model_config = ConfigDict(extra="forbid")

    ENGINE_KEYS: ClassVar[tuple[str, ...]] = ()  # the engine's options it is stored as

    def engine_options(self) -> dict[str, Any]:
        """The engine's options these points are (``ENGINE_KEYS``)."""
        raise NotImplementedError

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Self:
        """The points that the engine's ``options`` hold (the game's defaults for those not given)."""
        raise NotImplementedError

    def text(self) -> str:
        """The points as players read them."""
        raise NotImplementedError


S = TypeVar("S", bound=BaseModel)  # a game's State
Opts = TypeVar("Opts", bound=BaseModel)  # a game's Options
M = TypeVar("M", bound=BaseModel)  # any options model


def no_reason(state: Any, seat: int, action: str) -> str | None:
    """Default ``illegal_reason``: no sentence of the game's own (the table says the generic one)."""
    return None


def full_time(state: Any, default: int) -> int:
    """Default ``decision_seconds``: every decision has the table's turn time."""
    return default


def no_timeout_action(state: Any, seat: int) -> str | None:
    """Default ``timeout_action``: a seat whose time ran out is played by the bot policy."""
    return None


def one_step(state: Any, seat: int) -> bool:
    """Default ``decision_continues``: one action is one whole decision."""
    return False


@dataclass(kw_only=True)
class GameBase(Generic[S, Opts]):
    """A game's declaration: what it is, its required hooks, and its capabilities (each defaulted).

    Build it with :meth:`from_engine`, which binds the engine module's functions named as hooks and its models.
    """

    name: str  # "koikoi"
    title: str  # "Koi-Koi"
    min_players: int
    max_players: int
    Options: type[Opts]  # defaults as in docs/rules/<game>.md
    State: type[S]

    # Required hooks.
    new_game: Callable[..., S]  # (options, seats, seed, **fixed deals a test may pass)
    load: Callable[[str], S]  # a state from its snapshot
    opening_events: Callable[[S], list[Event]]  # what new_game did (e.g. the first deal)
    to_act: Callable[[S], list[int]]
    legal_actions: Callable[[S, int], list[str]]
    apply: Callable[[S, int, str], list[Event]]
    view: Callable[[S, int], BaseModel]  # the seat's own view: a model the game declares (its ``views`` module)
    public_view: Callable[[S], BaseModel]  # what everyone may see, a model too
    is_over: Callable[[S], bool]
    result: Callable[[S], Result]
    hidden_cards: Callable[[S], dict[int, list[str]]]  # per seat, the cards only that seat may see
    bot_choose: Callable[[Any, list[str], int], str]  # (the seat's view, legal, rng_seed) -> action
    describe_action: Callable[[str], str]

    # Capabilities, each with its default.
    uses_balances: bool = False  # a money game: every SeatInfo carries the season balance at the start
    # What a result's scores and the ledger's amounts count, and in what step: an amount of 416 with
    # ``points_scale=10`` is 41.6 points (Sanma's final scores have one decimal). Money games count chips.
    points_name: str = "points"
    points_scale: int = 1
    illegal_reason: Callable[[S, int, str], str | None] = no_reason  # the game's own refusal sentence
    decision_seconds: Callable[[S, int], int] = full_time  # (state, table's turn time): a shorter deadline
    timeout_action: Callable[[S, int], str | None] = no_timeout_action  # what a timed-out seat plays
    decision_continues: Callable[[S, int], bool] = one_step  # the seat goes on with the same decision
    public_to_act: Callable[[S], list[int]] | None = None  # who may be named in public; default to_act
    # The season ledger lines of a finished game, [{"seat", "kind", "amount", "placing"?, "memo"?}, …];
    # default: one 'game' line per seat from the result.
    ledger_entries: Callable[[S], list[dict[str, Any]]] | None = None
    # A finished game's record in a form other tools read, from all its events, the seats' names and the
    # options (Sanma: a Tenhou JSON log); None: the record is the action log with its seed.
    record_log: Callable[[list[Event], list[str], Opts], dict[str, Any]] | None = None
    # Ends a game in play now by the game's own end rule (a league officer's early end): the state becomes
    # finished, counted as the game's own end counts it, and the events of that end are returned (the
    # game's own ``game_end``). None: the game has no such rule, and an officer voids the table instead.
    end_early: Callable[[S], list[Event]] | None = None
    # Which deal a game in play is in (Sanma's hands, the hanafuda games' months, the card games' rounds),
    # counted from 1 and growing by one with each new deal: a late player takes a bot's seat only when it
    # changes, between deals. None: the game has no deals, so no seat changes hands during it.
    deal_number: Callable[[S], int] | None = None
    # League points a season fixes as a set of their own (Sanma's uma and oka: ``games/sanma/placement.py``).
    placement: type[Placement] | None = None
    # Its ledger lines name rounds each won or lost on its own (Black Flower's rounds against the bank): the
    # standings count rounds won rather than placings.
    rounds_won: bool = False
    # What the game's own count is beside the season's chips, said by /balance (a money game's own scoring).
    balance_note: str = ""

    def __post_init__(self) -> None:
        if self.public_to_act is None:
            self.public_to_act = self.to_act
        if self.ledger_entries is None:
            self.ledger_entries = self._game_lines

    def _game_lines(self, state: S) -> list[dict[str, Any]]:
        result = self.result(state)
        return [
            {"seat": seat, "kind": "game", "amount": amount, "placing": placing}
            for seat, (amount, placing) in enumerate(zip(result.scores, result.placings))
        ]

    @classmethod
    def from_engine(cls, engine: ModuleType, **declared: Any) -> GameBase:
        """The declaration whose hooks and models (``Options``, ``State``) are what ``engine`` names as the fields
        are named, defined there or imported there, with ``declared`` (title, the capabilities that are data) added
        or overriding. A hook the engine does not name keeps its default. Two facts are read where they are written
        already, unless declared: the game's ``name`` is its package's (``games.sanma.engine``: ``sanma``), and its
        player range is what its ``players`` option takes (:func:`seated_range`)."""
        found = {name: getattr(engine, name) for name in ENGINE_PARTS if callable(getattr(engine, name, None))}
        package = engine.__name__.rpartition(".")[0].rpartition(".")[2]
        return cls(**{"name": package, **seated_range(found.get("Options")), **found, **declared})


# What a game's engine module names: every field but the game's own data, which its declaration gives.
ENGINE_PARTS = frozenset(f.name for f in fields(GameBase)) - {
    "name",
    "title",
    "min_players",
    "max_players",
    "uses_balances",
    "points_name",
    "points_scale",
    "placement",
    "rounds_won",
    "balance_note",
}


def seated_range(options: type[BaseModel] | None) -> dict[str, int]:
    """``min_players`` and ``max_players`` as a game's ``players`` option bounds them (``Field(ge=…, le=…)``, or the
    values of a ``Literal``); none for a game without that option, which declares its range."""
    bounds = None if options is None else option_range(options, "players")
    if options is not None and bounds is None and (values := option_choices(options, "players")):
        bounds = (min(values), max(values))
    return {} if bounds is None else {"min_players": bounds[0], "max_players": bounds[1]}


def placings(scores: list[int]) -> list[int]:
    """Competition ranking: equal scores share a placing (1, 1, 3 …)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def options_from(model: type[M], title: str, data: dict[str, Any] | None) -> M:
    """A game's options from a dict; any problem becomes one clear GameError sentence."""
    data = dict(data or {})
    for name, value in data.items():
        if (bounds := option_range(model, name)) is not None:
            check_range(name, value, bounds)
        if (choices := option_choices(model, name)) and value not in choices:
            raise GameError(f"The option {name} must be {either(choices)}.")
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


def option_choices(model: type[BaseModel], name: str) -> tuple[Any, ...] | None:
    """The values of an option typed ``Literal[…]`` (``/play`` offers them as choices), else None."""
    field = model.model_fields.get(name)
    if field is None or typing.get_origin(field.annotation) is not typing.Literal:
        return None
    return typing.get_args(field.annotation)


def either(values: typing.Sequence[Any]) -> str:
    """ "12, 10 or 6": a list of values as a sentence says it."""
    names = [str(v) for v in values]
    return " or ".join(filter(None, [", ".join(names[:-1]), names[-1]]))


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
