"""Pictures shared by the hanafuda fishing games (Koi-Koi, Hachi-Hachi): the pile and field, and a hand panel that
shows under each hand card the field cards it takes."""

from __future__ import annotations

from collections.abc import Callable

from faces.table import DIM_INK, GAP, INK, MARGIN, MARK, TEXT, Board, capture_groups, fitted
from games import hanafuda as hf
from games.fishing import FlipChoice

FACES = "hanafuda"  # the face set of both games' pictures
Pile = tuple[str, list[str], bool]  # a capture pile on a panel: its label, its cards, whether it is the seat's own


def shown_if_drawn(draw: Callable[[Board], bool]) -> Board | None:
    """The picture ``draw`` makes (it says whether it has anything to show, laid out first on a board never
    painted), or None when it has nothing: a result picture."""
    if not draw(Board(FACES)):
        return None
    return fitted(FACES, draw)


def field_and_pile(b: Board, field: list[str], pile_count: int, pending: FlipChoice | None) -> None:
    """The pile (a back with how many are left), the card just flipped (framed), then the field; nothing when
    there is no card to show (the title says so: ``empty_field``)."""
    h = b.card
    if not field and not pending:
        return
    top = b.y
    x = b.face(MARGIN, top, None, h)
    x = b.text(x + 2, top + h // 2 - 7, str(pile_count)) + 8
    if pending:
        after = b.face(x, top, pending.card, h)
        b.rectangle((x - 2, top - 2, after - GAP + 1, top + h + 1), MARK, width=2)
        x = after + 6
    b.y = top
    b.row(x + 6, list(field), h)
    b.y = max(b.y, top + h + GAP) + 4


def empty_field(field: list[str], pending: FlipChoice | None, pile_count: int) -> str:
    """The title's words for a field with no card to show: "4 cards left, the field empty"."""
    return "" if field or pending else f"{pile_count} cards left, the field empty"


def fishing_panel(b: Board, hand: list[str], field: list[str], piles: list[Pile]) -> None:
    """The field, the seat's hand with under each card the field cards it takes, then the capture piles
    (``piles``: a label, the cards, whether it is the seat's own), the seat's own first."""
    small = b.card - 8
    x = b.text(MARGIN, b.y + small // 2 - 7, "Field", fill=DIM_INK) + 8
    b.row(x, hf.sort_codes(field), small)
    b.y += 2
    b.line("Your hand: under each card, the field cards it takes")
    x, top, bottom = MARGIN, b.y, b.y
    for code in hf.sort_codes(hand):  # each card and what it takes a face under another (one-face rows)
        right = b.face(x, top, code, b.card)
        b.y = top + b.card + GAP
        taken = hf.sort_codes(hf.matching(field, code))
        for card in taken:
            b.face(x + 3, b.y, card, small)
            b.y += small + GAP
        if not taken:
            b.text(x + 6, b.y, "-", TEXT, DIM_INK)
            b.y += 16
        bottom = max(bottom, b.y)
        x = right + 6
    b.y = bottom + 4
    for label, cards, own in piles:
        capture_groups(b, label, cards, small, INK if own else DIM_INK)
