"""Hachi-Hachi's pictures: the table (the month's field, pot, table cards and each playing seat's captures with its
card points and cash), a seat's hand panel (what each hand card takes) and a month's result (each playing seat's
captures with its card points). Each reads one view or one public event."""

from __future__ import annotations

from typing import Any

from bot.render.fishing_pictures import FACES, Pile, empty_field, field_and_pile, fishing_panel, shown_if_drawn
from bot.render.hachihachi.words import OVER, PICTURE_PHASES
from faces.table import DIM_INK, TEXT, TITLE, Board, capture_groups, fitted, phase_status, seat_label, seat_name, title
from games.hachihachi.views import PublicView, SeatView

LABEL_COLUMN = 100  # a seat's label in a column left of its captures: more cards on a line, more lines a seat


def money(points: int) -> str:
    return f"{points}p"


def _table(b: Board, v: PublicView, column: int = 0) -> None:
    acting = list(v.acting) if v.phase != "over" else []
    game = f"game {v.game_no} of {v.games_total} · " if v.games_total > 1 else ""
    title(
        b,
        [
            f"Hachi-Hachi · {game}month {v.month} of {v.months} · {v.field_name}",
            f"pot {money(v.pot)}" if v.pot else "",
            phase_status(PICTURE_PHASES, OVER, v.seats, v.phase, acting),
            empty_field(v.table, v.pending, v.stock_count),
        ],
    )
    field_and_pile(b, v.table, v.stock_count, v.pending)
    campaign = v.games_total > 1
    for s in v.active:
        top = b.y
        cash = f"cash {money(v.cash[s])}" + (f" · debt {money(v.debt[s])}" if v.debt[s] else "")
        total = f" · total {v.totals[s]}" if campaign else ""
        label = f"{seat_label(v.seats, v.bots, s)} · {v.card_points[s]} pts · {cash}{total}"
        declared = v.declared[s]
        capture_groups(b, label, v.captures[s], b.card, column=column, shown=declared.face_up if declared else [])
        if s in acting:
            b.mark(top)
    out = [s for s in range(len(v.seats)) if s not in v.active]
    if out:
        b.line("Sitting out: " + ", ".join(f"{seat_name(v.seats, s)} {money(v.cash[s])}" for s in out), TEXT, DIM_INK)


def table_picture(view: PublicView) -> Board:
    """The public table, from the public view only: the seats' labels on a line of their own, or in a column beside
    their captures when that draws the cards larger."""
    return fitted(FACES, lambda board: _table(board, view), lambda board: _table(board, view, LABEL_COLUMN))


def _panel(b: Board, v: SeatView) -> None:
    seat = v.seat
    order = [seat] + [s for s in v.active if s != seat] if seat in v.active else list(v.active)
    piles: list[Pile] = [
        (
            f"{'You' if s == seat else seat_name(v.seats, s)} · {v.card_points[s]} pts · cash {v.cash[s]}p"
            + ("" if v.captures[s] else " · no captures"),
            v.captures[s],
            s == seat,
        )
        for s in order
    ]
    fishing_panel(b, v.hand, v.table, piles)


def panel_picture(view: SeatView) -> Board:
    """The seat's hand panel: the table's cards, under each hand card what it takes, the playing seats' captures."""
    return fitted(FACES, lambda board: _panel(board, view))


def _result(b: Board, event: dict[str, Any], names: list[str]) -> bool:
    piles = [(s, cards) for s, cards in enumerate(event.get("captures") or []) if cards]
    if event.get("type") != "month_end" or not piles:
        return False
    b.line(f"Month {event['month']} · {event['field_name']} · captures", TITLE)
    for seat, cards in piles:
        points = event["captures_points"][seat]
        capture_groups(b, f"{seat_name(names, seat)}{'' if points is None else f' · {points} pts'}", cards, b.card)
    return True


def result_picture(event: dict[str, Any], names: list[str]) -> Board | None:
    """A month's end: each playing seat's captures with its card points (a public event's dump); None otherwise."""
    return shown_if_drawn(lambda board: _result(board, event, names))
