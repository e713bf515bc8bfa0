"""Sanma statistics of one game, per seat, from its events (see :mod:`games.tally`).

Each hand that ends counts once for every seat (``hands``). Per seat: ``wins`` and ``tsumo`` (the
hand's win entries naming the seat), ``win_points`` (their points, sticks and honba included as the
entry states them), ``deal_ins`` (hands in which a ron was paid by the seat) and ``deal_in_points``,
``riichi`` (hands in which the seat declared riichi), ``calls`` (hands in which the seat called pon or
an open kan of a discard), ``kita`` (Norths set aside), ``draws`` (exhaustive draws) and
``draw_tenpai`` (of those, the ones the seat ended in tenpai).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.base import Event
from games.sanma.events import Called, ExhaustiveOutcome, HandEnd, HandOutcome, Kita, Riichi, WinOutcome
from games.tally import Counts, Line

OPEN_CALLS = ("pon", "daiminkan")

LINES = (
    Line("Hands played", "hands"),
    Line("Win rate", "wins", "hands", "rate"),
    Line("Deal-in rate", "deal_ins", "hands", "rate"),
    Line("Riichi rate", "riichi", "hands", "rate"),
    Line("Call rate (pon/kan)", "calls", "hands", "rate"),
    Line("Tsumo share of wins", "tsumo", "wins", "rate"),
    Line("Average win", "win_points", "wins", "average"),
    Line("Average deal-in", "deal_in_points", "deal_ins", "average"),
    Line("Kita per hand", "kita", "hands", "average"),
    Line("Tenpai at exhaustive draw", "draw_tenpai", "draws", "rate"),
)
FREQUENCIES = ()


def count(events: Iterable[Event], players: int) -> list[Counts]:
    seats: list[Counts] = [Counter() for _ in range(players)]
    riichi: set[int] = set()
    called: set[int] = set()
    for event in events:
        match event:
            case Riichi():
                riichi.add(event.player)
            case Called() if event.meld in OPEN_CALLS:
                called.add(event.player)
            case Kita():
                seats[event.player]["kita"] += 1
            case HandEnd():
                _hand_end(seats, event.outcome, riichi, called)
                riichi, called = set(), set()
    return seats


def _hand_end(seats: list[Counts], outcome: HandOutcome, riichi: set[int], called: set[int]) -> None:
    for seat, counts in enumerate(seats):
        counts["hands"] += 1
        counts["riichi"] += seat in riichi
        counts["calls"] += seat in called
    if isinstance(outcome, WinOutcome):
        paid_by: set[int] = set()
        for win in outcome.wins:
            seats[win.winner]["wins"] += 1
            seats[win.winner]["tsumo"] += win.kind == "tsumo"
            seats[win.winner]["win_points"] += win.points
            if win.kind == "ron" and win.from_seat is not None:
                paid_by.add(win.from_seat)
                seats[win.from_seat]["deal_in_points"] += win.points
        for seat in paid_by:
            seats[seat]["deal_ins"] += 1
    elif isinstance(outcome, ExhaustiveOutcome):
        for seat, counts in enumerate(seats):
            counts["draws"] += 1
            counts["draw_tenpai"] += seat in outcome.tenpai
