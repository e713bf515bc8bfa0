"""Sanma options (docs/rules/sanma.md §9), plus two table conveniences (``east_only``, ``call_seconds``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, options_from
from games.optionspec import ENGINE_ONLY


class Options(BaseModel):
    """Variant switches, defaults as in docs/rules/sanma.md §9; tables offer those not marked ENGINE_ONLY."""

    model_config = ConfigDict(extra="forbid")

    players: Literal[3] = Field(3, description="Number of players (always 3)", json_schema_extra=ENGINE_ONLY)
    red_fives: bool = Field(True, description="Use the red 5p and 5s")
    start_points: int = Field(
        35000,
        ge=1000,
        le=1_000_000,
        multiple_of=100,
        description="Points each player starts with",
        json_schema_extra=ENGINE_ONLY,
    )
    return_points: int = Field(40000, description="Points subtracted before uma", json_schema_extra=ENGINE_ONLY)
    uma: tuple[int, int, int] = Field((20, 0, -20), description="Uma by placing", json_schema_extra=ENGINE_ONLY)
    final_rounding: Literal["tenhou", "none"] = Field(  # §8: unrounded, as Tenhou shows scores today
        "none", description="Rounding of the final scores", json_schema_extra=ENGINE_ONLY
    )
    tobi: bool = Field(True, description="End the game when a player goes below zero")
    agari_yame: bool = Field(True, description="The last dealer may stop in first place", json_schema_extra=ENGINE_ONLY)
    nagashi_mangan: bool = Field(True, description="Allow nagashi mangan")
    pao: bool = Field(True, description="Liability (pao) for daisangen and daisuushii", json_schema_extra=ENGINE_ONLY)
    double_ron: bool = Field(True, description="Allow two players to ron the same tile")
    kyuushu_kyuuhai: bool = Field(True, description="Offer the nine-kinds abortive draw", json_schema_extra=ENGINE_ONLY)
    seed: str | None = Field(
        None, description="Informational: tables draw their own seed (see new_game)", json_schema_extra=ENGINE_ONLY
    )
    east_only: bool = Field(
        False, description="Play only the East round (a short game)"
    )  # a table convenience (docs/rules/sanma.md §9)
    call_seconds: int | None = Field(
        15, ge=3, le=600, description="Seconds to decide a pon/kan/ron call before it passes"
    )

    @property
    def last_round(self) -> int:
        """Index of the last hand (0 = E1 … 5 = S3)."""
        return 2 if self.east_only else 5

    def check(self, n_seats: int | None = None) -> None:
        """Raise GameError when the table does not seat exactly three."""
        if n_seats is not None and n_seats != self.players:
            raise GameError(f"Sanma needs exactly 3 seats, not {n_seats}: add bots to fill the table.")


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem (the seat count too)."""
    opts = options_from(Options, "sanma", data)
    opts.check(n_seats)
    return opts
