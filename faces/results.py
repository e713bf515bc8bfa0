"""Result pictures: a PNG beside a deal's result message, drawn from its public event only.

``result_picture(game_name, event, names) -> bytes | None`` takes the result event (its ``model_dump()``) and
the seat names; None when the game or the outcome has nothing to show (a draw nobody was tenpai at, a game's
final standings). Sanma: each winning hand (the winning tile marked), its melds, kita, the dora indicators,
with its yaku, han, fu and points; at an exhaustive draw, the hands shown tenpai and each seat's payment.
Black Christmas Poker: each winning hand with its patterns. Black Flower: the
banker's and each seat's hand at the round's end, with its value and the chips won or lost.
The winning hands and the hands at a round's end are shown by the rules: nothing hidden.
``compose_result`` returns the :class:`~faces.table.Board` (its ``faces`` lists what was pasted) or None.
Like every picture, it is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
"""

from __future__ import annotations

from typing import Callable

from faces.table import FACE_GAME, GAP, MARGIN, MARK, TEXT, TITLE, WIDTH, Board, clipped, fitted
from faces.table import wrapped_lines as _lines
from faces.table import _plain as plain


def _name(names: list[str], seat: int) -> str:
    return plain(names[seat]) or f"Seat {seat + 1}"


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
    "sanma": _sanma, "bcpoker": _bcpoker, "blackflower": _blackflower}


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
