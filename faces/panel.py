"""Hand panel pictures: what one seat decides with, drawn from that seat's own view.

``panel_picture(game_name, view) -> bytes | None`` takes ONLY ``game.view(state, seat)``: the seat's own
cards and the public table, never another seat's hidden cards. It draws:
- sanma: the hand sorted with the drawn tile apart, the waits (and furiten) when tenpai, then the table as
  the table picture shows it (every river with riichi and called tiles marked, melds, kita, dora, points);
- Koi-Koi and Hachi-Hachi: the field, and under each hand card the field cards it would capture;
- Black Flower: each of the seat's hands as its best arrangement (piles of a month, Brights turned
  sideways when they count 2), with each pile's value and the total.
None when there is nothing to draw (a game without a panel picture, a hand not dealt yet). Like the table
picture, the same view gives the same bytes, so an unchanged picture is not uploaded again.
"""

from __future__ import annotations

import io

from faces.table import (DIM_INK, FELT, GAP, MARGIN, MARK, MAX_HEIGHT, SMALL, WIDTH, Board, _sanma, capture_groups,
                         ink)
from games import hanafuda as hf
from games.blackflower import hands as bf

MIN_WIDTH = 320  # narrower pictures are not cut further: Discord would blow them up
HAND = 48  # face height of the seat's own cards, pixels
DRAWN_GAP = 14


# --- sanma ---------------------------------------------------------------------------------------------

def _sanma_panel(b: Board, v: dict) -> None:
    hand, drawn = list(v["hand"]), v.get("drawn")
    if drawn in hand:
        hand.remove(drawn)
    b.line(f"Your hand · {v['winds'][v['seat']]}", 16)
    x = b.row(MARGIN, hand, HAND)
    if drawn:
        b.y -= HAND + GAP
        b.row(x + DRAWN_GAP, [drawn], HAND)
    if v.get("waits"):
        top = b.y + 2
        x = b.text(MARGIN, top + 8, "Waits") + 8
        b.y = top
        x = b.row(x, v["waits"], SMALL["sanma"])
        if v.get("furiten"):
            b.text(x + 8, top + 8, "FURITEN", fill=MARK)
    b.y += 6
    _sanma(b, v)


# --- Koi-Koi and Hachi-Hachi ---------------------------------------------------------------------------

def _fishing_panel(b: Board, hand: list[str], field: list[str], captures: list[str]) -> None:
    small = SMALL["hanafuda"]
    b.line("Field", 14, DIM_INK)
    b.row(MARGIN, hf.sort_codes(field), small)
    b.y += 4
    b.line("Your hand: under each card, the field cards it takes", 14)
    x, top, bottom = MARGIN, b.y, b.y
    for code in hf.sort_codes(hand):
        b.y = top
        right = b.row(x, [code], HAND)
        taken = hf.sort_codes(hf.matching(field, code))
        for card in taken:
            b.row(x + 4, [card], small - 6)
        if not taken:
            b.text(x + 6, b.y, "-", 14, DIM_INK)
            b.y += 18
        bottom = max(bottom, b.y)
        x = right + 10
    b.y = bottom + 6
    if captures:
        capture_groups(b, "Your captures", captures, small)


def _koikoi_panel(b: Board, v: dict) -> None:
    mine = next((s["captures"] for s in v["sides"] if v["seat"] in s["seats"]), [])
    _fishing_panel(b, v["hand"], v["field"], mine)


def _hachihachi_panel(b: Board, v: dict) -> None:
    _fishing_panel(b, v["hand"], v["table"], v["captures"][v["seat"]])


# --- Black Flower ---------------------------------------------------------------------------------------

PILE_STEP = 14  # how much of a card beneath a pile's top shows


def _pile(b: Board, x: int, top: int, pile: bf.Pile) -> int:
    """One pile: the cards beneath peeking out above its top card, a sideways Bright turned; its value under it."""
    card, value, below = pile
    for i, under in enumerate(below):
        b.face(x, top + i * PILE_STEP, under, HAND)
    sideways = hf.KIND[card] == hf.BRIGHT and value == 2
    y = top + len(below) * PILE_STEP
    right = b.face(x, y, card, HAND, turned=sideways)
    b.text(x + 4, y + HAND + 2, str(value + len(below)), 14)
    return right


def _blackflower_panel(b: Board, v: dict) -> None:
    seat, npa = v["seat"], v["options"]["no_pair_advantage"]
    mine = [v["banker_hand"]] if seat == v["banker"] and v["banker_hand"] else v["hands"][seat]
    for i, h in enumerate(mine):
        cards = h["cards"]
        known = [c for c in cards if c is not None]
        best = None if None in cards or h.get("special") or h["status"] == "bust" else bf.standing(known, npa)
        label = f"Hand {i + 1}" if len(mine) > 1 else "Your hand"
        if best is None:
            b.line(label)
            b.row(MARGIN, cards, HAND)
            b.y += 6
            continue
        b.line(f"{label}: best arrangement {best}")
        x, top = MARGIN, b.y
        piles = bf.arrangement(known, best, npa)
        for pile in piles:
            x = _pile(b, x, top, pile) + 12
        b.y = top + max(len(p[2]) for p in piles) * PILE_STEP + HAND + 24


DRAWERS = {"sanma": _sanma_panel, "koikoi": _koikoi_panel, "hachihachi": _hachihachi_panel,
           "blackflower": _blackflower_panel}


def drawn_from(game_name: str, view: dict) -> dict:
    """The part of a seat's view its panel picture is drawn from: a picture is drawn again only when this
    changes (a Black Flower bet changes every seat's view, but not the hands the panels draw)."""
    if game_name == "blackflower":
        seat = view["seat"]
        return {"seat": seat, "banker": view["banker"], "hand": view["hands"][seat],
                "banker_hand": view["banker_hand"] if seat == view["banker"] else None,
                "no_pair_advantage": view["options"]["no_pair_advantage"]}
    return view


def has_picture(game_name: str, view: dict) -> bool:
    """Whether the seat holds something to draw."""
    if game_name == "blackflower":
        seat = view["seat"]
        return bool(view["banker_hand"] if seat == view["banker"] else view["hands"][seat])
    return bool(view.get("hand"))


def compose(game_name: str, view: dict) -> Board | None:
    if game_name not in DRAWERS or not has_picture(game_name, view):
        return None
    board = Board(game_name)
    DRAWERS[game_name](board, view)
    return board


def panel_picture(game_name: str, view: dict) -> bytes | None:
    """The seat's hand panel as a small palette PNG, from that seat's own view, cut to what is drawn (an
    embed shows a narrow picture larger); None: nothing to draw."""
    board = compose(game_name, view)
    if board is None:
        return None
    felt = ink(FELT)
    drawn = board.img.point([0 if i == felt else 255 for i in range(256)], "1").getbbox()
    right = min(WIDTH, max(drawn[2] if drawn else 0, MIN_WIDTH) + MARGIN)
    out = io.BytesIO()
    board.img.crop((0, 0, right, min(board.y + MARGIN, MAX_HEIGHT))).save(out, format="PNG", compress_level=6)
    return out.getvalue()
