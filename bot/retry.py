"""How a write nobody waits on is tried again after the database refused it.

A bot's move or a deadline's is written by Parlor itself, not asked for by a player who could click
again: when the database refuses it (PostgreSQL stopped or unreachable, a full disk), the table manager
tries it again after a pause that doubles from ``first`` up to ``most`` seconds and stays there, until it
lands. ``most`` bounds how long a table waits once the database is back.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Backoff:
    first: float = 0.25  # seconds before the second attempt
    most: float = 2.0  # the longest pause between two attempts
    factor: float = 2.0

    def delay(self, failures: int) -> float:
        """The pause after ``failures`` failed attempts in a row (1 or more)."""
        return min(self.most, self.first * self.factor ** max(0, failures - 1))
