"""Koi-Koi options (docs/rules/koikoi.md §11)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError
from games.optionspec import seated_options, seats_disagree


class Options(BaseModel):
    """Variant switches. Defaults as in docs/rules/koikoi.md §11.

    Field ranges are checked on construction (pydantic ``ValidationError``, a ``ValueError``);
    the fields are also what ``/play``, ``/rules`` and the command line offer (games/optionspec.py).
    The combination ``toppa`` with 3 or 4 players, and ``players`` not matching the seats,
    are rejected by :func:`games.koikoi.engine.new_game` with a :class:`GameError`
    (:meth:`check` raises the same errors; :func:`parse_options` does both).
    """

    model_config = ConfigDict(extra="forbid")

    players: int = Field(2, ge=2, le=4, description="Number of players: 2, 3, or 4 in two teams")
    toppa: bool = Field(False, description="2 players only: 10 cards each, play until the pile is empty")
    viewing_yaku: bool = Field(False, description="Count Hanami-zake and Tsukimi-zake (5 points each)")
    double_over_7: bool = Field(True, description="Double a hand worth 7 or more")
    months: int = Field(12, ge=1, le=12, description="Number of rounds (months) in a game")

    def check(self, n_seats: int | None = None) -> None:
        """Raise GameError for a bad combination of options (or with the seat count)."""
        if self.toppa and self.players != 2:
            raise GameError(f"The toppa option is for 2 players only, not {self.players}.")
        if n_seats is not None and n_seats != self.players:
            raise seats_disagree(self.players, n_seats)

    @property
    def variant(self) -> str:
        if self.players == 2:
            return "2p_toppa" if self.toppa else "2p"
        return f"{self.players}p"


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem."""
    return seated_options(Options, "Koi-Koi", data, n_seats)
