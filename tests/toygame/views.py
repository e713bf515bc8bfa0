"""What the players of tic-tac-toe see: everything (nothing is hidden), as models."""

from __future__ import annotations

from pydantic import BaseModel


class PublicView(BaseModel):
    seats: list[str]  # the players' names, X first
    board: list[str]  # cells 0-8 row by row: "X", "O" or "" (empty)
    turn: int | None  # the seat to mark; None once the game is over
    winner: int | None
    over: bool


class SeatView(PublicView):
    seat: int
