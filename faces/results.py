"""Result pictures: a PNG beside a deal's result message, drawn from its public event only.

``result_picture(game_name, event, names) -> bytes | None`` takes the result event (its ``model_dump()``) and
the seat names; None when the game or the outcome has nothing to show (a draw, a game's final standings).
Sanma: each winning hand (the winning tile marked), its melds, kita, the dora indicators, with its yaku,
han, fu and points. Koi-Koi: the capture pile that scored, grouped by rank, with the yaku. Hachi-Hachi: each
player's capture pile with its card points. Black Christmas Poker: each winning hand with its patterns.
The winning hands and the capture piles are shown at the end of a deal by the rules: nothing hidden.
``compose_result`` returns the :class:`~faces.table.Board` (its ``faces`` lists what was pasted) or None.
"""

from __future__ import annotations

from typing import Callable

from faces.table import GAP, MARGIN, MARK, SMALL, WIDTH, Board, capture_groups, ink
from faces.table import _plain as plain

TILE = 40  # a winning hand's tile height
CARD = 56  # a BCP winning hand's card height
TEXT_WIDTH = 95  # characters of yaku text on one line


def _name(names: list[str], seat: int) -> str:
    return plain(names[seat]) or f"Seat {seat + 1}"


def _lines(b: Board, parts: list[str]) -> None:
    """``parts`` joined by " · " over as many lines as they need."""
    line = ""
    for part in parts:
        if line and len(line) + 3 + len(part) > TEXT_WIDTH:
            b.line(line)
            line = part
        else:
            line = f"{line} · {part}" if line else part
    if line:
        b.line(line)


# --- sanma ---------------------------------------------------------------------------------------------

def _sanma_hand(b: Board, win: dict, names: list[str]) -> None:
    how = "Tsumo" if win["kind"] == "tsumo" else f"Ron from {_name(names, win['from_seat'])}"
    limit = f" · {win['limit'].replace('_', ' ')}" if win["limit"] else ""
    b.line(f"{_name(names, win['winner'])} · {how} · {win['han']} han {win['fu']} fu{limit} · {win['points']} points", 16)
    top = b.y
    x = b.row(MARGIN, win["revealed"], TILE) + 6
    b.y = top
    after = b.face(x, top, win["win_tile"], TILE)
    b.draw.rectangle((x, top + TILE + 1, after - GAP - 1, top + TILE + 4), fill=ink(MARK))  # the winning tile
    x = after + 10
    for meld in win["melds"] + ([{"tiles": ["4z"] * win["kita"]}] if win["kita"] else []):
        b.y = top + 8
        x = b.row(x, meld["tiles"], TILE - 8) + 8
    b.y = top + TILE + 10
    _lines(b, [f"{y['name']} {y['han']}" for y in win["yaku"]])


def _sanma(b: Board, event: dict, names: list[str]) -> bool:
    outcome = event.get("outcome") or {}
    if outcome.get("type") != "win":
        return False
    b.line(f"{outcome['round']} · hand result", 16)
    for win in outcome["wins"]:
        b.y += 4
        _sanma_hand(b, win, names)
    x = b.text(MARGIN, b.y + 8, "Dora indicators")
    top = b.y
    x = b.row(x + 8, outcome["dora_indicators"], SMALL["sanma"])
    if outcome["ura_indicators"]:
        b.y = top
        x = b.text(x + 12, top + 8, "ura")
        b.row(x + 8, outcome["ura_indicators"], SMALL["sanma"])
    return True


# --- hanafuda games -------------------------------------------------------------------------------------

def _koikoi(b: Board, event: dict, names: list[str]) -> bool:
    if event.get("type") != "round_end" or event["winner"] is None or not event.get("captured"):
        return False
    b.line(f"Month {event['month']} · {_name(names, event['winner'])} wins · {event['value']} points", 16)
    _lines(b, [f"{y['name']} {y['points']}" for y in event["yaku"]])
    b.y += 4
    capture_groups(b, "Captured", event["captured"], SMALL["hanafuda"] + 6)
    return True


def _hachihachi(b: Board, event: dict, names: list[str]) -> bool:
    piles = [(s, cards) for s, cards in enumerate(event.get("captures") or []) if cards]
    if event.get("type") != "month_end" or not piles:
        return False
    b.line(f"Month {event['month']} · {event['field_name']} · captures", 16)
    for seat, cards in piles:
        points = event["captures_points"][seat]
        capture_groups(b, f"{_name(names, seat)}{'' if points is None else f' · {points} pts'}", cards,
                       SMALL["hanafuda"])
    return True


# --- Black Christmas Poker ------------------------------------------------------------------------------

def _bcpoker(b: Board, event: dict, names: list[str]) -> bool:
    if event.get("type") != "round_end" or not event["wins"]:
        return False
    b.line(f"Round {event['round']} · winning hand{'s' if len(event['wins']) > 1 else ''}", 16)
    for win in event["wins"]:
        b.y += 4
        b.line(f"{_name(names, win['winner'])} · {win['total']} points", 14)
        b.row(MARGIN, win["hand"], CARD)
        _lines(b, [f"{p['name']} {p['points']}" for p in win["patterns"]])
    return True


DRAWERS: dict[str, Callable[[Board, dict, list[str]], bool]] = {
    "sanma": _sanma, "koikoi": _koikoi, "hachihachi": _hachihachi, "bcpoker": _bcpoker}


def compose_result(game_name: str, event: dict, names: list[str]) -> Board | None:
    drawer = DRAWERS.get(game_name)
    board = Board(game_name)
    return board if drawer is not None and drawer(board, event, names) else None


def result_picture(game_name: str, event: dict, names: list[str]) -> bytes | None:
    """The result as a small palette PNG, or None when there is nothing to draw."""
    board = compose_result(game_name, event, names)
    return board.png() if board is not None else None
