"""Hand panel pictures: what one seat decides with, drawn from that seat's own view.

``panel_picture(game_name, view) -> bytes | None`` takes ONLY ``game.view(state, seat)``: the seat's own
cards and the public table, never another seat's hidden cards. It draws:
- sanma: the hand sorted with the drawn tile apart, the waits (and furiten) when tenpai, then the table as
  the table picture shows it (every river with riichi and called tiles marked, melds, kita, dora, points);
- Black Flower: each of the seat's hands as its best arrangement (piles of a month, Brights turned
  sideways when they count 2), with each pile's value and the total;
- Black Christmas Poker: the hand (the card just drawn apart), the deck and the top discard, each seat's
  score and card count.
Every picture is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
None when there is nothing to draw (a game without a panel picture, a hand not dealt yet). Like the table
picture, the same view gives the same bytes, so an unchanged picture is not uploaded again.
"""

from __future__ import annotations

from faces.table import (FACE_GAME, GAP, MARGIN, MARK, TEXT, WIDTH, Board, _bcpoker, _sanma, fitted)
from games import hanafuda as hf
from games.blackflower import hands as bf

MIN_WIDTH = 320  # narrower pictures are not cut further: Discord would blow them up
DRAWN_GAP = 10
HAND_MAX = 33  # the tallest sanma hand whose 14 tiles (the drawn one apart) fit on one line


# --- sanma ---------------------------------------------------------------------------------------------

def _sanma_panel(b: Board, v: dict) -> None:
    hand, drawn = list(v["hand"]), v.get("drawn")
    if drawn in hand:
        hand.remove(drawn)
    else:
        drawn = None  # drawn and played already
    own = min(b.card + 4, HAND_MAX)
    b.line(f"Your hand · {v['winds'][v['seat']]}")
    x = b.row(MARGIN, hand, own)
    if drawn:
        b.y -= own + GAP
        b.row(x + DRAWN_GAP, [drawn], own)
    if v.get("waits"):
        top = b.y + 2
        x = b.text(MARGIN, top + 6, "Waits") + 8
        b.y = top
        x = b.row(x, v["waits"], b.card - 4)
        if v.get("furiten"):
            b.text(x + 8, top + 6, "FURITEN", fill=MARK)
    b.y += 6
    _sanma(b, v)


# --- Black Flower ---------------------------------------------------------------------------------------

def _pile(b: Board, x: int, top: int, pile: bf.Pile) -> int:
    """One pile: the cards beneath peeking out above its top card, a sideways Bright turned; its value under it."""
    card, value, below = pile
    step = b.card * 3 // 10  # how much of a card beneath a pile's top shows
    for i, under in enumerate(below):
        b.face(x, top + i * step, under, b.card)
    sideways = hf.KIND[card] == hf.BRIGHT and value == 2
    y = top + len(below) * step
    right = b.face(x, y, card, b.card, turned=sideways)
    b.text(x + 4, y + b.card + 2, str(value + len(below)))
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
            b.row(MARGIN, cards, b.card)
            b.y += 6
            continue
        b.line(f"{label}: best arrangement {best}")
        x, top = MARGIN, b.y
        piles = bf.arrangement(known, best, npa)
        for pile in piles:
            x = _pile(b, x, top, pile) + 10
        b.y = top + max(len(p[2]) for p in piles) * (b.card * 3 // 10) + b.card + TEXT + 8


# --- Black Christmas Poker ------------------------------------------------------------------------------

def _bcpoker_panel(b: Board, v: dict) -> None:
    """The seat's hand (the card just drawn apart), then the table as the table picture shows it."""
    hand, drawn = list(v["hand"]), v.get("drawn")
    if drawn in hand:
        hand.remove(drawn)
    else:
        drawn = None  # drawn and played already
    b.line("Your hand")
    x = b.row(MARGIN, hand, b.card)
    if drawn:
        b.y -= b.card + GAP
        b.row(x + DRAWN_GAP, [drawn], b.card)
    b.y += 6
    _bcpoker(b, v, backs=False)  # the other hands as counts: the seat's own cards stay large


DRAWERS = {"sanma": _sanma_panel, "blackflower": _blackflower_panel, "bcpoker": _bcpoker_panel}


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
    draw = DRAWERS[game_name]
    return fitted(FACE_GAME[game_name], lambda board: draw(board, view))


def panel_picture(game_name: str, view: dict) -> bytes | None:
    """The seat's hand panel as a small palette PNG, from that seat's own view, cut to what is drawn (an
    embed shows a narrow picture larger); None: nothing to draw."""
    board = compose(game_name, view)
    if board is None:
        return None
    return board.png(min(WIDTH, max(board.right, MIN_WIDTH) + MARGIN))
