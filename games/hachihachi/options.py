"""Hachi-Hachi options (docs/rules/hachihachi.md §11)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.optionspec import seated_options, seats_disagree


class Options(BaseModel):
    """Variant switches, defaults as in docs/rules/hachihachi.md §11 (``players`` = the seats taken)."""

    model_config = ConfigDict(extra="forbid")

    players: int = Field(4, ge=3, le=7, description="Number of players")
    payment: Literal["each-opponent-full", "split"] = Field(
        "each-opponent-full", description="each-opponent-full: each opponent pays the full value; split: halved"
    )
    months: Literal[12, 10, 6] = Field(12, description="Length of the year in months")
    campaign: bool = Field(False, description="Play as many games as players, each opened by another dealer")
    shiso_ends_game: bool = Field(True, description="A Shiso hand ends the whole game")

    def check(self, n_seats: int | None = None) -> None:
        if n_seats is not None and n_seats != self.players:
            raise seats_disagree(self.players, n_seats)

    @property
    def split(self) -> bool:
        return self.payment == "split"

    @property
    def han_don_after(self) -> int:
        return 6

    @property
    def ishi_arai_after(self) -> int | None:
        return {12: 11, 10: 9, 6: None}[self.months]


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem."""
    return seated_options(Options, "Hachi-Hachi", data, n_seats)
