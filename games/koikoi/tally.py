"""Koi-Koi statistics of one game, per seat, from its events (see :mod:`games.tally`).

Every month that ends counts once for every seat (``months``); ``months_won`` for each seat of the
winning side. The yaku (and hand combos) of a won month are credited to the seat that won it
(``"yaku:<name>"``). ``koikoi`` counts the seat's Koi-Koi calls, ``koikoi_paid`` those after which its
side went on to win the month.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.base import Event
from games.koikoi.events import RoundEnd
from games.tally import Counts, Frequency, months_and_calls

LINES = months_and_calls("Koi-Koi", "koikoi")
FREQUENCIES = (Frequency("yaku:", "Yaku made"),)


def count(events: Iterable[Event], players: int) -> list[Counts]:
    seats: list[Counts] = [Counter() for _ in range(players)]
    for event in events:
        if not isinstance(event, RoundEnd):
            continue
        for seat, counts in enumerate(seats):
            counts["months"] += 1
            counts["months_won"] += seat in event.winner_seats
        if event.winner is not None:
            for yaku in event.yaku:
                seats[event.winner][f"yaku:{yaku['name']}"] += 1
        for call in event.calls:
            seats[call["seat"]]["koikoi"] += 1
            seats[call["seat"]]["koikoi_paid"] += call["side"] == event.winner_side
    return seats
