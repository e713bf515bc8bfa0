"""Sanma's pictures: the public table, a seat's hand panel and a hand's result, composed from the committed faces.

The table picture reads the public view only; the panel picture one seat's own view (its hand sorted with the
drawn tile apart, its waits and furiten when tenpai, then the table as the table picture shows it); the result
picture a hand's end as the channel was told it (each winning hand with the winning tile marked, its melds, kita,
yaku, han, fu and points, the dora indicators; at an exhaustive draw the hands shown tenpai and every payment).
Every picture is laid out for the box Discord shows an embed's image in (``faces.table.fitted``).
"""

from __future__ import annotations

from typing import Any

from bot.render.drawn_apart import hand_with_drawn
from faces.table import (
    GAP,
    INNER_WIDTH,
    MARGIN,
    MARK,
    RIGHT_EDGE,
    TEXT,
    TITLE,
    Board,
    dotted_lines,
    fitted,
    length,
    seat_label,
    seat_name,
)
from games.sanma.events import EVENT, ExhaustiveOutcome, HandEnd, WinEntry, WinOutcome
from games.sanma.views import Meld, PublicView, SeatView

FACES = "sanma"
HAND_MAX = 33  # the tallest hand whose 14 tiles (the drawn one apart) fit on one line
KITA = "4z"  # a kita is a North set aside


# --- the table --------------------------------------------------------------------------------------------


def table_picture(view: PublicView) -> Board:
    return fitted(FACES, lambda board: _table(board, view))


def _meld(meld: Meld, seat: int) -> tuple[list[str], set[int]]:
    """A meld's tiles as drawn and which to turn: the tile taken from another seat turned, on the side of
    that seat (the left for the seat before, the right for the seat after); a closed kan: none."""
    tiles, called = list(meld.tiles), meld.called_index
    if called is None:
        return tiles, set()
    taken = tiles.pop(called)
    if meld.from_seat == (seat - 1) % 3:
        return [taken] + tiles, {0}
    return tiles + [taken], {len(tiles)}


def _right_row(b: Board, x_min: int, top: int, groups: list[tuple[list[str], set[int]]], h: int) -> bool:
    """``groups`` of faces right-aligned on the line at ``top`` when they fit right of ``x_min``; False (nothing
    drawn) when they do not."""
    width = sum(b.width(g, h, turned) + 6 for g, turned in groups)
    x = RIGHT_EDGE - width + 6
    if x < x_min:
        return False
    y = b.y
    for g, turned in groups:
        b.y = top
        x = b.row(x, g, h, turned=turned) + 6
    b.y = y
    return True


def _table(b: Board, v: PublicView) -> None:
    _heading(b, v)
    for s in range(3):
        b.y += 3
        _seat(b, v, s)


def _heading(b: Board, v: PublicView) -> None:
    """The round, honba, sticks and wall, and the dora indicators on their right (or under them)."""
    h = b.card
    top = b.y
    x = b.text(MARGIN, b.y, f"{v.round} · honba {v.honba} · sticks {v.sticks} · wall {v.live}", TITLE)
    dora = h - 4
    label = length("Dora ")
    if _right_row(b, x + 12 + round(label), top - 2, [(v.dora_indicators, set())], dora):
        b.text(RIGHT_EDGE - b.width(v.dora_indicators, dora) - round(label), top, "Dora")
        b.y = top + max(TITLE + 5, dora + 2)
    else:
        b.y = top + TITLE + 5
        x = b.text(MARGIN, b.y + 4, "Dora") + 6
        b.row(x, v.dora_indicators, dora)


def _seat(b: Board, v: PublicView, s: int) -> None:
    """A seat's line (wind, name, points, riichi, whose turn), its melds and kita, and its river."""
    h = b.card
    turn, top = v.turn == s, b.y
    x = b.text(MARGIN, b.y, f"{v.winds[s]} · {seat_label(v.seats, v.bots, s)} · {v.scores[s]}")
    if v.riichi[s]:
        x = b.text(x + 6, b.y, "RIICHI", fill=MARK)
    if turn:
        x = b.text(x + 6, b.y, "to play", fill=MARK)
    groups = [_meld(m, s) for m in v.melds[s]] + ([([KITA] * v.kita[s], set())] if v.kita[s] else [])
    river_top, wrap, mh = top + TEXT + 4, RIGHT_EDGE, h - 4
    width = sum(b.width(g, mh, turned) + 6 for g, turned in groups)
    if groups and width <= INNER_WIDTH // 2:  # the melds right of the river, which wraps before them
        x = RIGHT_EDGE - width + 6
        for g, turned in groups:
            b.y = river_top + h - mh
            x = b.row(x, g, mh, turned=turned) + 6
        wrap = RIGHT_EDGE - width - 4
    elif groups:  # too many for that: a row of their own above the river
        x, y = MARGIN + 16, river_top
        for g, turned in groups:
            if x + b.width(g, mh, turned) > RIGHT_EDGE:
                x, y = MARGIN + 16, y + mh + GAP
            b.y = y
            x = b.row(x, g, mh, turned=turned) + 6
        river_top = b.y + 2
    river = v.rivers[s]
    b.y = river_top
    b.row(
        MARGIN,
        [r.tile for r in river],
        h,
        wrap_at=wrap,
        turned={i for i, r in enumerate(river) if r.riichi},
        dim={i for i, r in enumerate(river) if r.called},
    )
    if not river and wrap == RIGHT_EDGE:  # nothing discarded, no melds beside: half a row is enough
        b.y = river_top + h // 2
    if turn:
        b.mark(top)


# --- the hand panel ---------------------------------------------------------------------------------------


def panel_picture(view: SeatView) -> Board:
    return fitted(FACES, lambda board: _panel(board, view))


def _panel(b: Board, v: SeatView) -> None:
    b.line(f"Your hand · {v.winds[v.seat]}")
    hand_with_drawn(b, v.hand, v.drawn, min(b.card + 4, HAND_MAX))
    if v.waits:
        top = b.y + 2
        x = b.text(MARGIN, top + 6, "Waits") + 8
        b.y = top
        x = b.row(x, v.waits, b.card - 4)
        if v.furiten:
            b.text(x + 8, top + 6, "FURITEN", fill=MARK)
    b.y += 6
    _table(b, v)


# --- a hand's result --------------------------------------------------------------------------------------


def result_picture(event: dict[str, Any], names: list[str]) -> Board | None:
    """A hand's end (the event's dump) with winning hands or tenpai hands to show; None for anything else."""
    ended = EVENT.validate_python(event)
    if not isinstance(ended, HandEnd):
        return None
    match ended.outcome:
        case WinOutcome() as win:
            return fitted(FACES, lambda board: _wins(board, win, names))
        case ExhaustiveOutcome(tenpai_hands=hands) as draw if hands:
            return fitted(FACES, lambda board: _draw(board, draw, names))
    return None


def _wins(b: Board, outcome: WinOutcome, names: list[str]) -> None:
    b.line(f"{outcome.round} · honba {outcome.honba} · hand result", TITLE)
    for win in outcome.wins:
        b.y += 3
        _winning_hand(b, win, names)
    x = b.text(MARGIN, b.y + 6, "Dora")
    top = b.y
    x = b.row(x + 8, outcome.dora_indicators, b.card - 8)
    if outcome.ura_indicators:
        b.y = top
        x = b.text(x + 12, top + 6, "ura")
        b.row(x + 8, outcome.ura_indicators, b.card - 8)


def _winning_hand(b: Board, win: WinEntry, names: list[str]) -> None:
    how = "Tsumo" if win.kind == "tsumo" or win.from_seat is None else f"Ron from {seat_name(names, win.from_seat)}"
    limit = f" · {win.limit.replace('_', ' ')}" if win.limit else ""
    dotted_lines(b, [seat_name(names, win.winner), how, f"{win.han} han {win.fu} fu{limit}", f"{win.points} points"])
    top = b.y
    x = b.row(MARGIN, win.revealed, b.card) + 4
    b.y = top
    after = b.face(x, top, win.win_tile, b.card)
    b.rectangle((x, top + b.card + 1, after - GAP - 1, top + b.card + 4), MARK)  # the winning tile
    x, bottom = after + 8, top + b.card
    for tiles in [m.tiles for m in win.melds] + ([[KITA] * win.kita] if win.kita else []):
        b.y = top + 6 if x + b.width(tiles, b.card - 6) <= RIGHT_EDGE else bottom + 6
        left = x if b.y == top + 6 else MARGIN
        x = b.row(left, tiles, b.card - 6) + 6
        bottom = max(bottom, b.y - GAP)
    b.y = bottom + 8
    dotted_lines(b, [f"{y.name} {y.han}" for y in win.yaku])


def _draw(b: Board, outcome: ExhaustiveOutcome, names: list[str]) -> None:
    """An exhaustive draw: the hands shown tenpai (revealed by the rules), each with the seat's payment."""
    b.line(f"{outcome.round} · honba {outcome.honba} · exhaustive draw", TITLE)
    for seat, delta in enumerate(outcome.deltas):
        hand = outcome.tenpai_hands.get(str(seat))
        b.y += 3
        b.line(f"{seat_name(names, seat)} · {'tenpai' if hand else 'noten'} · {delta:+d}", TEXT)
        if hand:
            b.row(MARGIN, hand, b.card)
