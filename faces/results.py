"""Result pictures: a PNG beside a deal's result message, drawn from its public event only.

``result_picture(game_name, event, names) -> bytes | None`` takes the result event (its ``model_dump()``) and
the seat names; None when the game or the outcome has nothing to show (a draw nobody was tenpai at, a game's
final standings). Sanma: each winning hand (the winning tile marked), its melds, kita, the dora indicators,
with its yaku, han, fu and points; at an exhaustive draw, the hands shown tenpai and each seat's payment.
Koi-Koi: the capture pile that scored, grouped by rank, with the yaku. Hachi-Hachi: each player's capture
pile with its card points. Black Christmas Poker: each winning hand with its patterns. Black Flower: the
banker's and each seat's hand at the round's end, with its value and the chips won or lost.
The winning hands, the capture piles and the hands at a round's end are shown by the rules: nothing hidden.
``compose_result`` returns the :class:`~faces.table.Board` (its ``faces`` lists what was pasted) or None.
Like every picture, it is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
"""

from __future__ import annotations

from typing import Callable

from faces.table import FACE_GAME, MARGIN, TEXT, TITLE, WIDTH, Board, capture_groups, clipped, fitted, lines
from faces.table import _plain as plain


def _name(names: list[str], seat: int) -> str:
    return plain(names[seat]) or f"Seat {seat + 1}"


_lines = lines  # ``parts`` joined by " · " over as many lines as they need (faces.table.lines)


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


# --- Black Christmas Poker ------------------------------------------------------------------------------

def _bcpoker(b: Board, event: dict, names: list[str]) -> bool:
    if event.get("type") != "round_end" or not event["wins"]:
        return False
    b.line(f"Round {event['round']} · winning hand{'s' if len(event['wins']) > 1 else ''}", TITLE)
    for win in event["wins"]:
        b.y += 3
        b.line(f"{_name(names, win['winner'])} · {win['total']} points")
        b.row(MARGIN, win["hand"], b.card)
        _lines(b, [f"{p['name']} {p['points']}" for p in win["patterns"]])
    return True


# --- Black Flower ---------------------------------------------------------------------------------------

RESULT_WORDS = {"win": "wins", "loss": "loses", "push": "push"}


def _blackflower(b: Board, event: dict, names: list[str], columns: int = 0) -> bool:
    """A round's end: the banker's hand, then each seat's hand with its value, result and chips won or lost, in
    ``columns`` (by default one for up to 3 hands, else two)."""
    if event.get("type") != "round_end" or not event.get("dealt") or not event.get("banker_hand"):
        return False
    b.line(f"Round {event['round']} · results", TITLE)
    banker, narrow = event["banker_hand"], columns > 2  # narrow columns: a seat's name, value and chips only
    net = event["nets"][event["banker"]]
    rows = [(f"Banker {_name(names, event['banker'])} · {_bf_value(banker)} · {net:+d}", banker["cards"])]
    rows += [(f"{_name(names, h['seat'])}: {_bf_value(h)}, {h['net']:+d}" if narrow else
              f"{_name(names, h['seat'])} · {_bf_value(h)} · {RESULT_WORDS.get(h['result'], h['result'])} "
              f"{h['net']:+d}", h["cards"]) for h in event["hands"]]
    columns = columns or (2 if len(rows) > 3 else 1)
    width = (WIDTH - 2 * MARGIN) // columns
    lines = [rows[start:start + columns] for start in range(0, len(rows), columns)]
    if narrow:  # the banker on a line of its own, its label whole
        lines = [rows[:1]] + [rows[start:start + columns] for start in range(1, len(rows), columns)]
    for n, line in enumerate(lines):
        top = bottom = b.y
        span = WIDTH - 2 * MARGIN if narrow and n == 0 else width
        for i, (label, cards) in enumerate(line):
            left = MARGIN + i * span
            b.text(left, top, clipped(label, span - 6))
            b.y = top + TEXT + 4
            b.row(left, cards, b.card, wrap_at=left + span - 6)
            bottom = max(bottom, b.y)
        b.y = bottom + 4
    return True


def _bf_value(hand: dict) -> str:
    if hand.get("bust"):
        return "bust"
    return str(hand.get("special") or hand["value"])


DRAWERS: dict[str, Callable[[Board, dict, list[str]], bool]] = {
    "koikoi": _koikoi, "hachihachi": _hachihachi, "bcpoker": _bcpoker, "blackflower": _blackflower}


def compose_result(game_name: str, event: dict, names: list[str]) -> Board | None:
    drawer = DRAWERS.get(game_name)
    if drawer is None or not drawer(Board(FACE_GAME[game_name], dry=True), event, names):
        return None
    layouts = [lambda board: drawer(board, event, names)]
    if game_name == "blackflower":  # many hands: three columns when two would make the cards smaller
        layouts.append(lambda board: _blackflower(board, event, names, columns=3))
    return fitted(FACE_GAME[game_name], *layouts)


def result_picture(game_name: str, event: dict, names: list[str]) -> bytes | None:
    """The result as a small palette PNG, or None when there is nothing to draw."""
    board = compose_result(game_name, event, names)
    return board.png() if board is not None else None
