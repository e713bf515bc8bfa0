"""Black Flower's pictures, drawn from what the game shows and nothing else: the table from the public view, a
hand panel from the seat's own view, a round's result from its ``round_end`` event (its dump).

- The table: each seat (the banker first) in columns, its label (name, chips, bet or stake) over its hands; the
  banker's face-down card as a back.
- A hand panel: each of the seat's own hands as its best arrangement (the view's ``arrangements``: piles of a
  month, the cards beneath peeking out, Brights turned sideways when they count 2), with each pile's value and
  the total; a hand without one (a card face down, bust, special) as its cards.
- A result: the banker's hand, then each seat's hand with its value, result and chips won or lost.
Every picture is laid out for the box Discord shows an embed's image in (``faces.table.fitted``), with more
columns when that keeps the cards larger.
"""

from __future__ import annotations

from typing import Any

from bot.render.blackflower.words import ASKS, OVER, RESULT_WORDS
from faces.table import (
    GAP,
    INNER_WIDTH,
    MARGIN,
    MARK,
    TEXT,
    TITLE,
    Board,
    clipped,
    fitted,
    length,
    phase_status,
    seat_label,
    seat_name,
    title,
)
from games import hanafuda as hf
from games.blackflower.views import HandView, PileView, PublicView, SeatView

FACES = "hanafuda"
PLAYING = ("niko", "play", "banker_niko", "banker")  # the phases of one seat's turn


# --- the table ------------------------------------------------------------------------------------------


def table_picture(view: PublicView) -> Board:
    """The public table; many seats: three columns when two would make the cards smaller."""
    return fitted(FACES, lambda board: _table(board, view), lambda board: _table(board, view, 3))


def _table(b: Board, v: PublicView, columns: int = 0) -> None:
    """The seats in ``columns`` (by default one for up to 3 seats, else two), each its label (name, chips, stake)
    over its hands."""
    acting = [v.turn] if v.turn is not None and v.phase in PLAYING else list(v.to_act) if v.phase != "over" else []
    rounds = f" of {v.rounds}" if v.rounds else ""
    title(
        b,
        [
            f"Black Flower · round {v.round}{rounds}",
            f"deck {v.deck_count}",
            phase_status(ASKS, OVER, v.seats, v.phase, acting),
        ],
    )
    columns = columns or (2 if len(v.seats) > 3 else 1)
    seats = _seat_rows(v, columns)
    width = INNER_WIDTH // columns
    for start in range(0, len(seats), columns):
        top = bottom = b.y
        for i, (seat, label, hands) in enumerate(seats[start : start + columns]):
            b.y = top
            bottom = max(bottom, _seat(b, MARGIN + i * width, width, label, hands, seat in acting))
        b.y = bottom + 6


def _seat_rows(v: PublicView, columns: int) -> list[tuple[int, str, list[HandView]]]:
    """Each seat drawn (the banker first, once dealt): its number, its label, its hands."""

    def name(seat: int) -> str:  # three narrow columns: no room for "(bot)"
        return seat_label(v.seats, v.bots, seat) if columns < 3 else seat_name(v.seats, seat)

    rows: list[tuple[int, str, list[HandView]]] = []
    if v.banker_hand is not None:
        rows.append((v.banker, f"Banker {name(v.banker)} · {v.chips[v.banker]}", [v.banker_hand]))
    for s, hands in enumerate(v.hands):
        if s != v.banker:
            bet = f" · bet {v.bets[s]}" if v.phase == "betting" and v.bets[s] else ""
            rows.append((s, f"{name(s)} · {v.chips[s]}{bet}", hands))
    return rows


def _seat(b: Board, left: int, width: int, label: str, hands: list[HandView], acting: bool) -> int:
    """One seat's label and hands in the column at ``left``, from b.y; returns the bottom of what it drew."""
    h, top = b.card, b.y
    x, cards_top = left + 6, top + TEXT + 4
    bottom = cards_top
    for hand in hands:
        b.y = cards_top
        x = b.row(x, hand.cards, h, wrap_at=left + width - 4, left=left + 6) + 6
        bottom = max(bottom, b.y - GAP)
        cards_top = b.y - h - GAP  # the next hand goes on the line this one ended on
    stakes = "+".join(str(hand.stake) for hand in hands if hand.stake)
    if stakes and width < 150:  # a narrow column: the stake in place of the chips (the text has both)
        label = f"{label.split(' · ')[0]} · stake {stakes}"
    elif stakes:  # after the cards when it fits there, else in the label
        if x + length(f"stake {stakes}") <= left + width - 4:
            b.text(x, cards_top + h // 2 - 7, f"stake {stakes}")
        else:
            label += f" · stake {stakes}"
    b.text(left + 6, top, clipped(label, width - 8))
    if acting:
        b.rectangle((left, top, left + 3, bottom), MARK)
    return bottom


# --- the hand panel -------------------------------------------------------------------------------------


def panel_shows(view: SeatView) -> bool:
    """Whether the seat holds a hand to draw."""
    return bool(view.own_hands())


def panel_drawn_from(view: SeatView) -> dict[str, Any]:
    """The part of a seat's view its panel picture is drawn from: a bet changes every seat's view, but not the
    hands the panels draw, so it redraws none."""
    return {
        "seat": view.seat,
        "banker": view.banker,
        "hand": view.hands[view.seat],
        "banker_hand": view.banker_hand if view.seat == view.banker else None,
        "arrangements": view.arrangements,
    }


def panel_picture(view: SeatView) -> Board:
    return fitted(FACES, lambda board: _panel(board, view))


def _panel(b: Board, v: SeatView) -> None:
    mine = v.own_hands()
    for i, (h, piles) in enumerate(zip(mine, v.arrangements)):
        label = f"Hand {i + 1}" if len(mine) > 1 else "Your hand"
        if piles is None or h.best is None or h.special or h.status == "bust":
            b.line(label)
            b.row(MARGIN, h.cards, b.card)
            b.y += 6
            continue
        b.line(f"{label}: best arrangement {h.best}")
        x, top = MARGIN, b.y
        for pile in piles:
            x = _pile(b, x, top, pile) + 10
        b.y = top + max(len(p.below) for p in piles) * _peek(b) + b.card + TEXT + 8


def _peek(b: Board) -> int:
    """How much of a card beneath a pile's top shows."""
    return b.card * 3 // 10


def _pile(b: Board, x: int, top: int, pile: PileView) -> int:
    """One pile: the cards beneath peeking out above its top card, a sideways Bright turned; its value under it."""
    step = _peek(b)
    for i, under in enumerate(pile.below):
        b.face(x, top + i * step, under, b.card)
    sideways = hf.KIND[pile.top] == hf.BRIGHT and pile.value == 2
    y = top + len(pile.below) * step
    right = b.face(x, y, pile.top, b.card, turned=sideways)
    b.text(x + 4, y + b.card + 2, str(pile.value + len(pile.below)))
    return right


# --- a round's result -----------------------------------------------------------------------------------


def result_picture(event: dict[str, Any], names: list[str]) -> Board | None:
    """A dealt round's end (None for any other event); many hands: three columns when two would make the cards
    smaller."""
    if event.get("type") != "round_end" or not event.get("dealt") or not event.get("banker_hand"):
        return None
    return fitted(FACES, lambda board: _result(board, event, names), lambda board: _result(board, event, names, 3))


def _result(b: Board, event: dict[str, Any], names: list[str], columns: int = 0) -> None:
    """The banker's hand, then each seat's hand with its value, result and chips won or lost, in ``columns`` (by
    default one for up to 3 hands, else two)."""
    b.line(f"Round {event['round']} · results", TITLE)
    rows = _result_rows(event, names, narrow=columns > 2)
    columns = columns or (2 if len(rows) > 3 else 1)
    width = INNER_WIDTH // columns
    lines = [rows[start : start + columns] for start in range(0, len(rows), columns)]
    if columns > 2:  # the banker on a line of its own, its label whole
        lines = [rows[:1]] + [rows[start : start + columns] for start in range(1, len(rows), columns)]
    for n, line in enumerate(lines):
        top = bottom = b.y
        span = INNER_WIDTH if columns > 2 and n == 0 else width
        for i, (label, cards) in enumerate(line):
            left = MARGIN + i * span
            b.text(left, top, clipped(label, span - 6))
            b.y = top + TEXT + 4
            b.row(left, cards, b.card, wrap_at=left + span - 6)
            bottom = max(bottom, b.y)
        b.y = bottom + 4


def _result_rows(event: dict[str, Any], names: list[str], narrow: bool) -> list[tuple[str, list[str]]]:
    """Each hand's label and cards, the banker's first; ``narrow`` columns: a seat's name, value and chips only."""
    banker = event["banker_hand"]
    net = event["nets"][event["banker"]]
    rows = [(f"Banker {seat_name(names, event['banker'])} · {_value(banker)} · {net:+d}", banker["cards"])]
    for h in event["hands"]:
        who = seat_name(names, h["seat"])
        label = (
            f"{who}: {_value(h)}, {h['net']:+d}"
            if narrow
            else f"{who} · {_value(h)} · {RESULT_WORDS.get(h['result'], h['result'])} {h['net']:+d}"
        )
        rows.append((label, h["cards"]))
    return rows


def _value(hand: dict[str, Any]) -> str:
    if hand.get("bust"):
        return "bust"
    return str(hand.get("special") or hand["value"])
