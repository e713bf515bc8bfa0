"""Hand panel pictures: what one seat decides with, drawn from that seat's own view.

``panel_picture(game_name, view) -> bytes | None`` takes ONLY ``game.view(state, seat)``: the seat's own
cards and the public table, never another seat's hidden cards. It draws:
- Koi-Koi and Hachi-Hachi: the field, under each hand card the field cards it would capture, then the capture
  piles with their points, the seat's own first and every opponent's after it;
Every picture is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
None when there is nothing to draw (a game without a panel picture, a hand not dealt yet). Like the table
picture, the same view gives the same bytes, so an unchanged picture is not uploaded again.
"""

from __future__ import annotations

from faces.table import (DIM_INK, FACE_GAME, INK, MARGIN, TEXT, WIDTH, Board, _name, capture_groups,
                         fitted)
from games import hanafuda as hf

MIN_WIDTH = 320  # narrower pictures are not cut further: Discord would blow them up
DRAWN_GAP = 10


# --- Koi-Koi and Hachi-Hachi ---------------------------------------------------------------------------

def _fishing_panel(b: Board, hand: list[str], field: list[str], piles: list[tuple[str, list[str], bool]]) -> None:
    """The field, the seat's hand with under each card the field cards it takes, then the capture piles
    (``piles``: a label, the cards, whether it is the seat's own), the seat's own first."""
    small = b.card - 8
    x = b.text(MARGIN, b.y + small // 2 - 7, "Field", fill=DIM_INK) + 8
    b.row(x, hf.sort_codes(field), small)
    b.y += 2
    b.line("Your hand: under each card, the field cards it takes")
    x, top, bottom = MARGIN, b.y, b.y
    for code in hf.sort_codes(hand):
        b.y = top
        right = b.row(x, [code], b.card)
        taken = hf.sort_codes(hf.matching(field, code))
        for card in taken:
            b.row(x + 3, [card], small)
        if not taken:
            b.text(x + 6, b.y, "-", TEXT, DIM_INK)
            b.y += 16
        bottom = max(bottom, b.y)
        x = right + 6
    b.y = bottom + 4
    for label, cards, own in piles:
        capture_groups(b, label, cards, small, INK if own else DIM_INK)



def _koikoi_panel(b: Board, v: dict) -> None:
    piles = []
    for side in sorted(v["sides"], key=lambda side: v["seat"] not in side["seats"]):
        own = v["seat"] in side["seats"]
        who = "You" if side["seats"] == [v["seat"]] else " & ".join(_name(v, s) for s in side["seats"])
        points = sum(v["scores"][s] for s in side["seats"])
        called = " · Koi-Koi called" if side["called"] else ""
        piles.append((f"{who} · {points} pts{called}" + ("" if side["captures"] else " · no captures"),
                      side["captures"], own))
    _fishing_panel(b, v["hand"], v["field"], piles)


def _hachihachi_panel(b: Board, v: dict) -> None:
    seat = v["seat"]
    order = [seat] + [s for s in v["active"] if s != seat] if seat in v["active"] else list(v["active"])
    piles = [(f"{'You' if s == seat else _name(v, s)} · {v['card_points'][s]} pts · cash {v['cash'][s]}p"
              + ("" if v["captures"][s] else " · no captures"), v["captures"][s], s == seat) for s in order]
    _fishing_panel(b, v["hand"], v["table"], piles)


DRAWERS = {"koikoi": _koikoi_panel, "hachihachi": _hachihachi_panel}


def drawn_from(game_name: str, view: dict) -> dict:
    """The part of a seat's view its panel picture is drawn from: a picture is drawn again only when this
    changes."""
    return view


def has_picture(game_name: str, view: dict) -> bool:
    """Whether the seat holds something to draw."""
    return bool(view.get("hand"))


def compose(game_name: str, view: dict) -> Board | None:
    if game_name not in DRAWERS or not has_picture(game_name, view):
        return None
    draw = DRAWERS[game_name]
    return fitted(FACE_GAME[game_name], lambda board: draw(board, view))


def panel_picture(game_name: str, view: dict) -> bytes | None:
    """The seat's hand panel as a small palette PNG, from that seat's own view, cut to what is drawn (an
    embed shows a narrow picture larger); None: nothing to draw."""
    board = compose(game_name, view)
    if board is None:
        return None
    return board.png(min(WIDTH, max(board.right, MIN_WIDTH) + MARGIN))
