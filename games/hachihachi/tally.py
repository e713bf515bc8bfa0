"""Hachi-Hachi statistics of one game, per seat, from its events (see :mod:`games.tally`).

Every month that ends counts once for each seat that played it (``months``, the month's active seats)
and ``months_won`` for its winner. Combinations are counted as they are made: the hand combos a seat
declares (``"combo:<name>"``) and each capture combination it completes. ``sage`` counts the seat's
Sage calls (going on after a combination), ``sage_paid`` those of months the seat then won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.base import Event
from games.hachihachi.combos import combo_name
from games.hachihachi.events import ComboMade, Declared, MonthEnd, Sage
from games.tally import Counts, Frequency, months_and_calls

LINES = months_and_calls("Sage", "sage")
FREQUENCIES = (Frequency("combo:", "Combinations made"),)


def count(events: Iterable[Event], players: int) -> list[Counts]:
    seats: list[Counts] = [Counter() for _ in range(players)]
    sage: Counter[int] = Counter()  # this month's calls, per seat
    for event in events:
        match event:
            case Declared():
                for combo in (event.kasu, event.suit):
                    if combo:
                        seats[event.player][f"combo:{combo_name(combo)}"] += 1
            case ComboMade():
                for combo in event.new:
                    seats[event.player][f"combo:{combo_name(combo)}"] += 1
            case Sage():
                sage[event.player] += 1
            case MonthEnd():
                for seat in event.active:
                    seats[seat]["months"] += 1
                for seat, calls in sage.items():
                    seats[seat]["sage"] += calls
                    seats[seat]["sage_paid"] += calls if seat == event.winner else 0
                if event.winner is not None:
                    seats[event.winner]["months_won"] += 1
                sage = Counter()
    return seats
