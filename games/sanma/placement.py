"""Sanma's placement points as a season fixes them (docs/rules/sanma.md §8): start points, return points and
uma; oka follows as the final result computes it (``engine.final_scores``: 3 × (return − start) / 1000 to first
place), so the scores stay zero-sum. They are stored as the engine's options ``start_points``,
``return_points`` and ``uma``; the defaults are the game's own (Tenhou's sanma)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from games.base import Placement
from games.sanma.options import Options

_DEFAULT = Options.model_fields


def _points(option: str, description: str) -> Any:
    """A field of points: 1,000 to 1,000,000 in hundreds, by default the game's ``option``."""
    return Field(_DEFAULT[option].default, ge=1000, le=1_000_000, multiple_of=100, description=description)


def _uma(place: int, name: str) -> Any:
    """The uma of one place, in thousands (-100 to 100), by default the game's."""
    return Field(_DEFAULT["uma"].default[place], ge=-100, le=100, description=f"Uma of {name} place (thousands)")


class SanmaPlacement(Placement):
    """Sanma's placement points (defaults: Tenhou's sanma, as the game's options have them)."""

    ENGINE_KEYS = ("start_points", "return_points", "uma")

    start_points: int = _points("start_points", "Points each player starts with")
    return_points: int = _points("return_points", "Return points: subtracted from the final points before uma")
    uma_first: int = _uma(0, "first")
    uma_second: int = _uma(1, "second")
    uma_third: int = _uma(2, "third")

    @model_validator(mode="after")
    def _zero_sum(self) -> SanmaPlacement:
        if self.uma_first + self.uma_second + self.uma_third != 0:
            raise ValueError("The three uma must add up to 0, so that the scores stay zero-sum.")
        return self

    @property
    def oka(self) -> float:
        """Oka to first place, in thousands: what the three players paid above their start."""
        return 3 * (self.return_points - self.start_points) / 1000

    def engine_options(self) -> dict[str, Any]:
        return {
            "start_points": self.start_points,
            "return_points": self.return_points,
            "uma": [self.uma_first, self.uma_second, self.uma_third],
        }

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> SanmaPlacement:
        uma = options.get("uma") or _DEFAULT["uma"].default
        return cls(
            start_points=options.get("start_points", _DEFAULT["start_points"].default),
            return_points=options.get("return_points", _DEFAULT["return_points"].default),
            uma_first=uma[0],
            uma_second=uma[1],
            uma_third=uma[2],
        )

    def text(self) -> str:
        return (
            f"start {self.start_points}, return {self.return_points}, oka {self.oka:+g}, "
            f"uma {self.uma_first:+d}/{self.uma_second:+d}/{self.uma_third:+d}"
        )
