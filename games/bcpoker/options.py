"""Black Christmas Poker options (docs/rules/bcpoker.md §12)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import check_range, option_range, options_from
from games.optionspec import seats_disagree

MIN_PLAYERS, MAX_PLAYERS = 2, 7


class Options(BaseModel):
    """Variant switches, defaults as in §12. The deck count follows the players (1 deck for 2-3, 2 for 4-7)."""

    model_config = ConfigDict(extra="forbid")

    players: int | None = Field(
        None,
        ge=MIN_PLAYERS,
        le=MAX_PLAYERS,  # None: however many are seated
        description="Number of players (two decks for 4 or more)",
    )
    riichi_required: bool = Field(True, description="A normal win needs Riichi; off: anyone may win at any time")
    black_christmas: bool = Field(True, description="Black Christmas hits, chains and Black Gift")
    special_hands: bool = Field(True, description="The special hands S01-S06")
    lead_rounds: int = Field(2, ge=1, le=10, description="How many times everyone leads before the game ends")
    max_reshuffles: int = Field(
        3, ge=0, le=100, description="Deck rebuilds per round before it ends without a winner; 0 = unlimited"
    )

    def check(self, n_seats: int | None = None) -> None:
        if n_seats is None:
            return
        if (seats := option_range(Options, "players")) is not None:
            check_range("players", n_seats, seats)
        if self.players is not None and self.players != n_seats:
            raise seats_disagree(self.players, n_seats)


def decks_for(players: int) -> int:
    """One deck for 2-3 players, two decks for 4-7 (§1)."""
    return 1 if players <= 3 else 2


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem."""
    opts = options_from(Options, "Black Christmas Poker", data)
    opts.check(n_seats)
    return opts
