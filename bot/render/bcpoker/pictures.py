"""Black Christmas Poker's pictures: the table, a seat's hand panel and a round's winning hands.

The table picture is drawn from the public view only (every hand as backs), the panel from the seat's own view
(its hand, then the table with the other hands as counts), the result from the public ``round_end`` event: the
winning hands the rules show. Each is laid out by ``faces.table.fitted`` for the box Discord shows an image in.
"""

from __future__ import annotations

from typing import Any

from bot.render.bcpoker.words import OVER, PICTURE_PHASES
from bot.render.drawn_apart import hand_with_drawn
from faces.table import (
    MARGIN,
    TEXT,
    TITLE,
    Board,
    dotted_lines,
    fitted,
    phase_status,
    seat_label,
    seat_name,
    title,
)
from games.bcpoker.events import RoundEnd
from games.bcpoker.views import PublicView, SeatView

FACES = "bcpoker"


def table_picture(view: PublicView) -> Board:
    """The public table: the deck, the top discard, each seat with its hand as backs."""
    return fitted(FACES, lambda board: _table(board, view))


def panel_picture(view: SeatView) -> Board:
    """The seat's hand (the card just drawn apart), then the table with the other hands as counts."""
    return fitted(FACES, lambda board: _panel(board, view))


def result_picture(event: dict[str, Any], names: list[str]) -> Board | None:
    """A round's winning hands with their points and patterns; None for any other event or a round nobody won."""
    if event.get("type") != "round_end":
        return None
    end = RoundEnd.model_validate(event)
    if not end.wins:
        return None
    return fitted(FACES, lambda board: _winning_hands(board, end, names))


def _table(b: Board, v: PublicView, backs: bool = True) -> None:
    """The deck, the top discard and each seat (its hand as backs, or with ``backs`` False as a count)."""
    h = b.card
    status = phase_status(PICTURE_PHASES, OVER, v.seats, v.phase, v.to_act)
    title(b, [f"Black Christmas Poker · round {v.round}", status])
    top = b.y
    x = b.face(MARGIN, top, None, h)
    x = b.text(x + 2, top + h // 2 - 7, f"{v.deck_count} left") + 14
    x = b.text(x, top + h // 2 - 7, "discard")
    if v.pile_top:
        x = b.face(x + 6, top, v.pile_top.card, h)
        if v.pile_top.named:
            b.text(x + 2, top + h // 2 - 7, f"as {v.pile_top.named}")
    b.y = top + h + 6
    back = max(h - 12, 20)
    for s in range(len(v.seats)):
        top = b.y
        riichi = " · RIICHI" if v.riichi[s] else ""
        label = seat_label(v.seats, v.bots, s)
        if backs:
            x = b.text(MARGIN + 6, b.y + back // 2 - 7, f"{label} · {v.scores[s]}{riichi}")
            b.row(max(x + 8, 190), [None] * v.hand_counts[s], back)
        else:
            b.line(f"  {label} · {v.scores[s]} · {v.hand_counts[s]} cards{riichi}")
        if s in v.to_act:
            b.mark(top)
        b.y += 2


def _panel(b: Board, v: SeatView) -> None:
    b.line("Your hand")
    hand_with_drawn(b, v.hand, v.drawn, b.card)
    b.y += 6
    _table(b, v, backs=False)  # the other hands as counts: the seat's own cards stay large


def _winning_hands(b: Board, end: RoundEnd, names: list[str]) -> None:
    b.line(f"Round {end.round} · winning hand{'s' if len(end.wins) > 1 else ''}", TITLE)
    for win in end.wins:
        b.y += 3
        b.line(f"{seat_name(names, win.winner)} · {win.total} points", TEXT)
        b.row(MARGIN, win.hand, b.card)
        dotted_lines(b, [f"{p.name} {p.points}" for p in win.patterns])
