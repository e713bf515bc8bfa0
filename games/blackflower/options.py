"""Black Flower options (black-flower.md §10), defaults as written there."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from games.base import options_from

MAX_BET_LIMIT = 10_000  # a sanity bound: every legal bet is listed as an action
MAX_ROUNDS = 1000


class Options(BaseModel):
    """Variant switches. ``rounds=None`` means "the number of players" (the default)."""

    model_config = ConfigDict(extra="forbid")

    banker: Literal["rotate", "fixed", "winner"] = "rotate"
    rounds: int | None = None
    min_bet: int = 10
    max_bet: int = 100
    split_by_month: bool = False
    split_by_kind: bool = False
    double_down: bool = False
    banker_advantage: bool = False
    no_pair_advantage: bool = False

    @model_validator(mode="after")
    def _check(self) -> "Options":
        if self.rounds is not None and not 0 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds must be from 0 (until the host stops) to {MAX_ROUNDS}, not {self.rounds}.")
        if self.min_bet < 1:
            raise ValueError(f"The minimum bet must be at least 1 chip, not {self.min_bet}.")
        if self.max_bet < self.min_bet:
            raise ValueError(f"The maximum bet ({self.max_bet}) must not be below the minimum bet ({self.min_bet}).")
        if self.max_bet > MAX_BET_LIMIT:
            raise ValueError(f"The maximum bet can be at most {MAX_BET_LIMIT} chips, not {self.max_bet}.")
        return self

    def rounds_for(self, players: int) -> int:
        """Game length: the option, or the number of players when unset (0 = until the host stops)."""
        return players if self.rounds is None else self.rounds

    @property
    def may_split(self) -> bool:
        return self.split_by_month or self.split_by_kind


def parse_options(data: dict[str, Any] | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem."""
    return options_from(Options, "Black Flower", data)
