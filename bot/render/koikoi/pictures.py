"""Koi-Koi's pictures: the table (field, pile, each side's captures), a seat's hand panel (what each hand card
takes) and a round's result (the winning side's captures and yaku). Each reads one view or one public event."""

from __future__ import annotations

from typing import Any

from bot.render.fishing_pictures import FACES, Pile, empty_field, field_and_pile, fishing_panel, shown_if_drawn
from bot.render.koikoi.words import OVER, PICTURE_PHASES
from faces.table import TITLE, Board, capture_groups, dotted_lines, fitted, phase_status, seat_label, seat_name, title
from games.koikoi.views import PublicView, SeatView


def _table(b: Board, v: PublicView) -> None:
    acting = [v.turn] if v.turn is not None and v.phase != "over" else []
    title(
        b,
        [
            f"Koi-Koi · month {v.month} of {v.months}",
            phase_status(PICTURE_PHASES, OVER, v.seats, v.phase, acting),
            empty_field(v.field, v.pending, v.pile_count),
        ],
    )
    field_and_pile(b, v.field, v.pile_count, v.pending)
    for side in v.sides:
        top = b.y
        label = " & ".join(seat_label(v.seats, v.bots, s) for s in side.seats)
        label += f" · {sum(v.scores[s] for s in side.seats)} pts"
        if side.called:
            label += " · Koi-Koi called"
        capture_groups(b, label, side.captures, b.card)
        if acting and acting[0] in side.seats:
            b.mark(top)


def table_picture(view: PublicView) -> Board:
    """The public table, from the public view only."""
    return fitted(FACES, lambda board: _table(board, view))


def _panel(b: Board, v: SeatView) -> None:
    piles: list[Pile] = []
    for side in sorted(v.sides, key=lambda side: v.seat not in side.seats):
        who = "You" if side.seats == [v.seat] else " & ".join(seat_name(v.seats, s) for s in side.seats)
        points = sum(v.scores[s] for s in side.seats)
        called = " · Koi-Koi called" if side.called else ""
        piles.append(
            (
                f"{who} · {points} pts{called}" + ("" if side.captures else " · no captures"),
                side.captures,
                v.seat in side.seats,
            )
        )
    fishing_panel(b, v.hand, v.field, piles)


def panel_picture(view: SeatView) -> Board:
    """The seat's hand panel: the field, under each hand card what it takes, every side's captures."""
    return fitted(FACES, lambda board: _panel(board, view))


def _result(b: Board, event: dict[str, Any], names: list[str]) -> bool:
    if event.get("type") != "round_end" or event["winner"] is None or not event.get("captured"):
        return False
    b.line(f"Month {event['month']} · {seat_name(names, event['winner'])} wins · {event['value']} points", TITLE)
    dotted_lines(b, [f"{y['name']} {y['points']}" for y in event["yaku"]])
    b.y += 3
    capture_groups(b, "Captured", event["captured"], b.card)
    return True


def result_picture(event: dict[str, Any], names: list[str]) -> Board | None:
    """A round won: the winner's captures grouped by rank, with the yaku (a public event's dump); None otherwise."""
    return shown_if_drawn(lambda board: _result(board, event, names))
