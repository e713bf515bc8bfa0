"""A hand drawn on one row with the card just drawn set apart at its end (the mahjong-like games' panels)."""

from __future__ import annotations

from faces.table import DRAWN_GAP, GAP, MARGIN, Board


def hand_with_drawn(b: Board, hand: list[str], drawn: str | None, size: int) -> None:
    """``hand`` from the left margin at ``size``; ``drawn``, while still in the hand, stands apart after the
    others (a card drawn and played already is just not shown apart)."""
    rest = list(hand)
    if drawn in rest:
        rest.remove(drawn)
    else:
        drawn = None
    x = b.row(MARGIN, rest, size)
    if drawn:
        b.y -= size + GAP
        b.row(x + DRAWN_GAP, [drawn], size)
