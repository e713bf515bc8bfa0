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

from faces.table import (FACE_GAME, GAP, MARGIN, MARK, TEXT, TITLE, WIDTH, Board, capture_groups, dotted_lines,
                         fitted)
from faces.table import _plain as plain


def _name(names: list[str], seat: int) -> str:
    return plain(names[seat]) or f"Seat {seat + 1}"


_lines = dotted_lines


# --- sanma ---------------------------------------------------------------------------------------------

def _sanma_hand(b: Board, win: dict, names: list[str]) -> None:
    how = "Tsumo" if win["kind"] == "tsumo" else f"Ron from {_name(names, win['from_seat'])}"
    limit = f" · {win['limit'].replace('_', ' ')}" if win["limit"] else ""
    _lines(b, [_name(names, win['winner']), how, f"{win['han']} han {win['fu']} fu{limit}", f"{win['points']} points"])
    top = b.y
    x = b.row(MARGIN, win["revealed"], b.card) + 4
    b.y = top
    after = b.face(x, top, win["win_tile"], b.card)
    b.rectangle((x, top + b.card + 1, after - GAP - 1, top + b.card + 4), MARK)  # the winning tile
    x, bottom = after + 8, top + b.card
    for meld in win["melds"] + ([{"tiles": ["4z"] * win["kita"]}] if win["kita"] else []):
        b.y = top + 6 if x + b.width(meld["tiles"], b.card - 6) <= WIDTH - MARGIN else bottom + 6
        left = x if b.y == top + 6 else MARGIN
        x = b.row(left, meld["tiles"], b.card - 6) + 6
        bottom = max(bottom, b.y - GAP)
    b.y = bottom + 8
    _lines(b, [f"{y['name']} {y['han']}" for y in win["yaku"]])


def _sanma(b: Board, event: dict, names: list[str]) -> bool:
    outcome = event.get("outcome") or {}
    if outcome.get("type") == "exhaustive" and outcome.get("tenpai_hands"):
        return _sanma_draw(b, outcome, names)
    if outcome.get("type") != "win":
        return False
    b.line(f"{outcome['round']} · honba {outcome['honba']} · hand result", TITLE)
    for win in outcome["wins"]:
        b.y += 3
        _sanma_hand(b, win, names)
    x = b.text(MARGIN, b.y + 6, "Dora")
    top = b.y
    x = b.row(x + 8, outcome["dora_indicators"], b.card - 8)
    if outcome["ura_indicators"]:
        b.y = top
        x = b.text(x + 12, top + 6, "ura")
        b.row(x + 8, outcome["ura_indicators"], b.card - 8)
    return True


def _sanma_draw(b: Board, outcome: dict, names: list[str]) -> bool:
    """An exhaustive draw: the hands shown tenpai (revealed by the rules), each with the seat's payment."""
    b.line(f"{outcome['round']} · honba {outcome['honba']} · exhaustive draw", TITLE)
    for seat in range(len(outcome["deltas"])):
        hand = outcome["tenpai_hands"].get(str(seat))
        delta = outcome["deltas"][seat]
        b.y += 3
        b.line(f"{_name(names, seat)} · {'tenpai' if hand else 'noten'} · {delta:+d}", TEXT)
        if hand:
            b.row(MARGIN, hand, b.card)
    return True


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
    "sanma": _sanma, "koikoi": _koikoi, "hachihachi": _hachihachi}


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
