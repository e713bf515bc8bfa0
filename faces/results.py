"""Result pictures: a PNG beside a deal's result message, drawn from its public event only.

``result_picture(game_name, event, names) -> bytes | None`` takes the result event (its ``model_dump()``) and
the seat names; None when the game or the outcome has nothing to show (a draw nobody was tenpai at, a game's
final standings). Sanma: each winning hand (the winning tile marked), its melds, kita, the dora indicators,
with its yaku, han, fu and points; at an exhaustive draw, the hands shown tenpai and each seat's payment.
Koi-Koi: the capture pile that scored, grouped by rank, with the yaku. Hachi-Hachi: each player's capture
pile with its card points.
The winning hands and the capture piles are shown by the rules: nothing hidden.
``compose_result`` returns the :class:`~faces.table.Board` (its ``faces`` lists what was pasted) or None.
Like every picture, it is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
"""

from __future__ import annotations

from typing import Callable

from faces.table import (FACE_GAME, TITLE, Board, capture_groups, dotted_lines,
                         fitted)
from faces.table import _plain as plain


def _name(names: list[str], seat: int) -> str:
    return plain(names[seat]) or f"Seat {seat + 1}"


_lines = dotted_lines


# --- hanafuda games -------------------------------------------------------------------------------------

def _koikoi(b: Board, event: dict, names: list[str]) -> bool:
    if event.get("type") != "round_end" or event["winner"] is None or not event.get("captured"):
        return False
    b.line(f"Month {event['month']} · {_name(names, event['winner'])} wins · {event['value']} points", TITLE)
    _lines(b, [f"{y['name']} {y['points']}" for y in event["yaku"]])
    b.y += 3
    capture_groups(b, "Captured", event["captured"], b.card)
    return True


def _hachihachi(b: Board, event: dict, names: list[str]) -> bool:
    piles = [(s, cards) for s, cards in enumerate(event.get("captures") or []) if cards]
    if event.get("type") != "month_end" or not piles:
        return False
    b.line(f"Month {event['month']} · {event['field_name']} · captures", TITLE)
    for seat, cards in piles:
        points = event["captures_points"][seat]
        capture_groups(b, f"{_name(names, seat)}{'' if points is None else f' · {points} pts'}", cards, b.card)
    return True


DRAWERS: dict[str, Callable[[Board, dict, list[str]], bool]] = {
    "koikoi": _koikoi, "hachihachi": _hachihachi}


def compose_result(game_name: str, event: dict, names: list[str]) -> Board | None:
    drawer = DRAWERS.get(game_name)
    if drawer is None or not drawer(Board(FACE_GAME[game_name], dry=True), event, names):
        return None
    layouts = [lambda board: drawer(board, event, names)]
    return fitted(FACE_GAME[game_name], *layouts)


def result_picture(game_name: str, event: dict, names: list[str]) -> bytes | None:
    """The result as a small palette PNG, or None when there is nothing to draw."""
    board = compose_result(game_name, event, names)
    return board.png() if board is not None else None
