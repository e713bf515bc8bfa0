"""Black Flower options (docs/rules/blackflower.md §10), defaults as written there."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.base import GameError, options_from
from games.optionspec import unset

MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_BET_LIMIT = 10_000  # a sanity bound: every legal bet is listed as an action
MAX_ROUNDS = 1000


class Options(BaseModel):
    """Variant switches. ``rounds=None`` means "the number of players" (the default)."""

    model_config = ConfigDict(extra="forbid")

    banker: Literal["rotate", "fixed", "winner"] = Field(
        "rotate", description="Who banks after each round: rotate (offered clockwise), fixed, or the winner"
    )
    rounds: int | None = Field(
        None,
        ge=0,
        le=MAX_ROUNDS,
        description="Number of rounds; 0 = until the host ends the game",
        json_schema_extra=unset("one per player"),
    )
    min_bet: int = Field(10, ge=1, le=MAX_BET_LIMIT, description="Smallest bet")
    max_bet: int = Field(100, ge=1, le=MAX_BET_LIMIT, description="Largest first bet")
    split_by_month: bool = Field(False, description="Two dealt cards of one month may be split into two hands")
    split_by_kind: bool = Field(False, description="Two dealt cards of one kind may be split into two hands")
    double_down: bool = Field(False, description="Double the stake before any extra card, then take at most one")
    banker_advantage: bool = Field(False, description="No pushes: the banker wins every tie")
    no_pair_advantage: bool = Field(False, description="Cards of one month cannot be stacked (+1)")

    @model_validator(mode="after")
    def _check(self) -> Options:
        if self.max_bet < self.min_bet:
            raise ValueError(f"The maximum bet ({self.max_bet}) must not be below the minimum bet ({self.min_bet}).")
        return self

    def check(self, n_seats: int | None = None) -> None:
        """Raise GameError when the number of seats is not one Black Flower is played by."""
        if n_seats is not None and not MIN_PLAYERS <= n_seats <= MAX_PLAYERS:
            raise GameError(f"Black Flower is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_seats}.")

    def rounds_for(self, players: int) -> int:
        """Game length: the option, or the number of players when unset (0 = until the host stops)."""
        return players if self.rounds is None else self.rounds

    @property
    def may_split(self) -> bool:
        return self.split_by_month or self.split_by_kind


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem (the seat count too)."""
    options = options_from(Options, "Black Flower", data)
    options.check(n_seats)
    return options
