"""Black Flower statistics of one game, per seat, from its events (see :mod:`games.tally`).

A round counts for a seat that banked it or bet in it, once cards were dealt (``rounds``); it is won
when the seat's chips of the round sum above zero (``rounds_won``, as the standings count it). Each of
the seat's hands against the banker settles as a win, a ``push`` or a loss (``hands``); ``busts``
counts the seat's hands over 13, as a bettor or as the banker, and ``"special:<name>"`` the special
hands it stood with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.base import Event
from games.blackflower import events as E
from games.blackflower.hands import title
from games.tally import Counts, Frequency, Line

LINES = (
    Line("Rounds played", "rounds"),
    Line("Rounds won", "rounds_won", "rounds", "rate"),
    Line("Hands won against the banker", "hands_won", "hands", "rate"),
    Line("Pushes", "pushes", "hands", "rate"),
    Line("Busts", "busts"),
    Line("Special hands", "specials"),
)
FREQUENCIES = (Frequency("special:", "Special hands"),)


def count(events: Iterable[Event], players: int) -> list[Counts]:
    seats: list[Counts] = [Counter() for _ in range(players)]
    for event in events:
        match event:
            case E.Settle():
                seats[event.player]["hands"] += 1
                seats[event.player]["hands_won"] += event.result == "win"
                seats[event.player]["pushes"] += event.result == "push"
            case E.Bust() | E.BankerBust():
                seats[event.player]["busts"] += 1
            case E.Stand(special=str(special)) | E.BankerStand(special=str(special)) if special:
                seats[event.player]["specials"] += 1
                seats[event.player][f"special:{title(special)}"] += 1
            case E.RoundEnd():
                for seat, counts in enumerate(seats):
                    counts["rounds"] += event.dealt and (seat == event.banker or event.stakes[seat] > 0)
                    counts["rounds_won"] += event.nets[seat] > 0
    return seats
