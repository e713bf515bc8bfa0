"""Tic-tac-toe rules: the smallest game that keeps Parlor's contract (games/base.py).

Actions are ``mark:<cell>`` with cells 0-8 read row by row; seat 0 plays X unless the option
``o_first`` gives the first move to seat 1. Nothing is hidden.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo, options_from, placings
from games.events import GameEnded
from games.table_state import opening
from tests.toygame.events import Mark, TicTacToeEvent
from tests.toygame.views import PublicView, SeatView

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
MARKS = "XO"


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    o_first: bool = Field(False, description="The second player (O) moves first")

    def check(self, n_seats: int | None = None) -> None:
        if n_seats is not None and n_seats != 2:
            raise GameError("Tic-tac-toe is played by 2 players.")


def parse_options(data: dict[str, Any] | None = None, n_seats: int | None = None) -> Options:
    """Options from a dict, raising GameError with a clear sentence on any problem (the seat count too)."""
    options = options_from(Options, "Tic-tac-toe", data)
    options.check(n_seats)
    return options


class TicTacToeState(BaseModel):
    names: list[str]
    board: list[str] = Field(default_factory=lambda: [""] * 9)
    turn: int = 0
    winner: int | None = None
    over: bool = False


State = TicTacToeState


def new_game(options: Options | dict[str, Any] | None, seats: list[SeatInfo] | list[str], seed: str) -> TicTacToeState:
    options, infos = opening(options, seats, seed, parse_options)
    return TicTacToeState(names=[s.name for s in infos], turn=1 if options.o_first else 0)


def load(snapshot: str) -> TicTacToeState:
    return TicTacToeState.model_validate_json(snapshot)


def opening_events(state: TicTacToeState) -> list[TicTacToeEvent]:
    return []  # nothing happens before the first mark: the public view says who makes it


def to_act(state: TicTacToeState) -> list[int]:
    return [] if state.over else [state.turn]


def legal_actions(state: TicTacToeState, seat: int) -> list[str]:
    if state.over or seat != state.turn:
        return []
    return [f"mark:{cell}" for cell, mark in enumerate(state.board) if not mark]


def apply(state: TicTacToeState, seat: int, action: str) -> list[TicTacToeEvent]:
    if action not in legal_actions(state, seat):
        raise GameError("That square cannot be marked now.")
    cell = int(action.split(":")[1])
    state.board[cell] = MARKS[seat]
    events: list[TicTacToeEvent] = [Mark(player=seat, cell=cell)]
    if any(all(state.board[c] == MARKS[seat] for c in line) for line in LINES):
        state.winner, state.over = seat, True
    elif all(state.board):
        state.over = True
    else:
        state.turn = 1 - seat
    if state.over:
        events.append(GameEnded(**result(state).model_dump(include={"scores", "placings"})))
    return events


def public_view(state: TicTacToeState) -> PublicView:
    return PublicView(
        seats=list(state.names),
        board=list(state.board),
        turn=None if state.over else state.turn,
        winner=state.winner,
        over=state.over,
    )


def view(state: TicTacToeState, seat: int) -> SeatView:
    return SeatView(**dict(public_view(state)), seat=seat)


def is_over(state: TicTacToeState) -> bool:
    return state.over


def result(state: TicTacToeState) -> Result:
    if not state.over:
        raise GameError("The game is not over yet.")
    scores = [0, 0] if state.winner is None else [1 if s == state.winner else -1 for s in range(2)]
    return Result(scores=scores, placings=placings(scores))


def hidden_cards(state: TicTacToeState) -> dict[int, list[str]]:
    return {0: [], 1: []}


def describe_action(action: str) -> str:
    cell = int(action.split(":")[1])
    return f"mark row {cell // 3 + 1}, column {cell % 3 + 1}"


def bot_choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
    """Win if it can, else block, else the first free square from the centre out."""
    board, mine = view.board, MARKS[view.seat]
    for mark in (mine, MARKS[1 - view.seat]):
        for action in legal:
            cell = int(action.split(":")[1])
            trial = [mark if c == cell else m for c, m in enumerate(board)]
            if any(all(trial[c] == mark for c in line) for line in LINES):
                return action
    return min(legal, key=lambda a: (int(a.split(":")[1]) != 4, int(a.split(":")[1])))
