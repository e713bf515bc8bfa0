"""Sanma options (sanma.md §9), plus two table conveniences (``east_only``, ``call_seconds``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.base import GameError, options_from


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: int = 3
    red_fives: bool = True
    start_points: int = 35000
    return_points: int = 40000
    uma: tuple[int, int, int] = (20, 0, -20)
    final_rounding: Literal["tenhou", "none"] = "none"  # §8: unrounded, as Tenhou shows scores today
    tobi: bool = True
    agari_yame: bool = True
    nagashi_mangan: bool = True
    pao: bool = True
    double_ron: bool = True
    kyuushu_kyuuhai: bool = True
    seed: str | None = None  # informational: tables draw their own seed (see new_game)
    east_only: bool = False  # a short game: E1-E3 only (not in sanma.md; for quick tables and tests)
    call_seconds: int | None = Field(None, ge=3, le=600)  # deadline of a call window (pon/kan/ron), if shorter than the turn time

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if v != 3:
            raise ValueError(f"Sanma is played by exactly 3 players, not {v}.")
        return v

    @field_validator("start_points")
    @classmethod
    def _start(cls, v: int) -> int:
        if not 1000 <= v <= 1_000_000 or v % 100:
            raise ValueError("Starting points must be a multiple of 100 between 1000 and 1,000,000.")
        return v

    @property
    def last_round(self) -> int:
        """Index of the last hand (0 = E1 … 5 = S3)."""
        return 2 if self.east_only else 5


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    data = dict(data or {})
    opts = options_from(Options, "sanma", data)
    if n_seats is not None and n_seats != 3:
        raise GameError(f"Sanma needs exactly 3 seats, not {n_seats}: add bots to fill the table.")
    return opts
