"""Black Christmas Poker statistics of one game, per seat, from its events (see :mod:`games.tally`).

Every round that ends counts once for every seat (``rounds``). ``wins`` are the round's scored wins of
the seat, ``tsumo`` and ``ron`` those of each kind (the gifts are the rest). ``riichi`` counts rounds in
which the seat declared Riichi. A Black Christmas the seat fires with an ordinary discard starts a chain
(``bc_started``); one it passes on with a chain discard is ``bc_chained``; ``bc_hit`` counts the Black
Christmas hits the seat suffered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.base import Event
from games.bcpoker.events import BlackChristmas, Discarded, RoundEnd
from games.tally import Counts, Line

LINES = (
    Line("Rounds played", "rounds"),
    Line("Win rate", "wins", "rounds", "rate"),
    Line("Wins by tsumo", "tsumo"),
    Line("Wins by ron", "ron"),
    Line("Riichi rate", "riichi", "rounds", "rate"),
    Line("Black Christmas chains started", "bc_started"),
    Line("Black Christmas passed on", "bc_chained"),
    Line("Black Christmas suffered", "bc_hit"),
)
FREQUENCIES = ()


def count(events: Iterable[Event], players: int) -> list[Counts]:
    seats: list[Counts] = [Counter() for _ in range(players)]
    riichi: set[int] = set()
    chain = False  # the last discard passed a hit on
    for event in events:
        match event:
            case Discarded():
                chain = event.chain
                if event.riichi:
                    riichi.add(event.player)
            case BlackChristmas():
                seats[event.by]["bc_chained" if chain else "bc_started"] += 1
                seats[event.target]["bc_hit"] += 1
            case RoundEnd():
                for seat, counts in enumerate(seats):
                    counts["rounds"] += 1
                    counts["riichi"] += seat in riichi
                for win in event.wins:
                    seats[win.winner]["wins"] += 1
                    if win.kind in ("tsumo", "ron"):
                        seats[win.winner][win.kind] += 1
                riichi = set()
    return seats
