"""The tic-tac-toe table picture: the grid with its marks, drawn as text and rectangles on a board of no face
set (``faces.table.Board``), from the public view only."""

from __future__ import annotations

from faces.table import DIM_INK, INK, MARGIN, MARK, TITLE, WIDTH, Board, length, phase_status, seat_name, title
from tests.toygame.views import PublicView

CELL = 72  # a square's side, pixels
MARK_SIZE = 48  # a mark's text size
GRID_LEFT = (WIDTH - 3 * CELL) // 2
GRID_TOP = MARGIN + TITLE + 5 + 4  # under the title, one line (two names of at most 20 letters fit on it)
INKS = {"X": MARK, "O": INK}
ASKED = {"play": "to mark"}


def table_picture(view: PublicView) -> Board:
    board = Board(None)
    title(board, ["Tic-tac-toe", status(view)])
    for cell, mark in enumerate(view.board):  # every square's mark drawn, "" for an empty one: ``texts`` tells them
        left, top, right, bottom = cell_box(cell)
        board.rectangle((left, top, right, bottom), DIM_INK, width=2)
        x = left + (CELL - round(length(mark, MARK_SIZE))) // 2
        board.text(x, top + (CELL - MARK_SIZE) // 2 - 4, mark, MARK_SIZE, INKS.get(mark, INK))
    board.y = GRID_TOP + 3 * CELL + 8
    board.line(" · ".join(f"{mark}: {seat_name(view.seats, seat)}" for seat, mark in enumerate("XO")), TITLE)
    return board


def status(view: PublicView) -> str:
    """Who is to mark, who won, or a draw."""
    if not view.over:
        return phase_status(ASKED, "", view.seats, "play", [] if view.turn is None else [view.turn])
    return "a draw" if view.winner is None else f"{seat_name(view.seats, view.winner)} wins"


def cell_box(cell: int) -> tuple[int, int, int, int]:
    """Where the square ``cell`` (0-8, row by row) is drawn: left, top, right, bottom."""
    left, top = GRID_LEFT + (cell % 3) * CELL, GRID_TOP + (cell // 3) * CELL
    return left, top, left + CELL, top + CELL
