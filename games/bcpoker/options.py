"""Black Christmas Poker options (black-christmas-poker.md §12)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from games.base import GameError, options_from

MIN_PLAYERS, MAX_PLAYERS = 2, 7


class Options(BaseModel):
    """Variant switches, defaults as in §12. The deck count follows the players (1 deck for 2-3, 2 for 4-7)."""

    model_config = ConfigDict(extra="forbid")

    players: int | None = None  # None: however many are seated
    riichi_required: bool = True
    black_christmas: bool = True
    special_hands: bool = True
    lead_rounds: int = 2
    max_reshuffles: int = 3

    @field_validator("players")
    @classmethod
    def _players(cls, v: int | None) -> int | None:
        if v is not None and not MIN_PLAYERS <= v <= MAX_PLAYERS:
            raise ValueError(f"Black Christmas Poker is played by 2 to 7 players, not {v}.")
        return v

    @field_validator("lead_rounds")
    @classmethod
    def _lead_rounds(cls, v: int) -> int:
        if not 1 <= v <= 10:
            raise ValueError(f"lead_rounds must be from 1 to 10, not {v}.")
        return v

    @field_validator("max_reshuffles")
    @classmethod
    def _reshuffles(cls, v: int) -> int:
        if not 0 <= v <= 100:
            raise ValueError(f"max_reshuffles must be from 0 (unlimited) to 100, not {v}.")
        return v

    def check(self, n_seats: int | None = None) -> None:
        if n_seats is not None:
            if not MIN_PLAYERS <= n_seats <= MAX_PLAYERS:
                raise GameError(f"Black Christmas Poker is played by 2 to 7 players, not {n_seats}.")
            if self.players is not None and self.players != n_seats:
                raise GameError(f"The options say {self.players} players but {n_seats} are seated.")


def decks_for(players: int) -> int:
    """One deck for 2-3 players, two decks for 4-7 (§1)."""
    return 1 if players <= 3 else 2


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem."""
    opts = options_from(Options, "Black Christmas Poker", data)
    opts.check(n_seats)
    return opts
