"""Per-player statistics of a finished game, counted from the events a replay of its action log gives.

A game's ``games/<game>/tally.py`` declares ``count(events, players)``: one counter per seat of whole
numbers (hands played, wins, riichi declared, ``"yaku:<name>"`` …), so that the counters of many games
add up, and ``LINES``, the statistics its player page shows, each a count, a rate or an average of two
of those numbers. Everything here is pure: the store keeps the counters of each finished game, and the
page sums them.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

from games import get_game
from games.base import Event, SeatInfo

Counts = Counter[str]


@dataclass(frozen=True)
class Line:
    """One statistic of a player page: ``numerator`` alone (a count), per ``denominator`` (a rate,
    shown in per cent) or divided by it (an average)."""

    label: str
    numerator: str
    denominator: str | None = None
    kind: Literal["count", "rate", "average"] = "count"

    def value(self, counts: Mapping[str, int]) -> float | None:
        """The figure, or None when its denominator is still 0 (nothing to say yet)."""
        top = counts.get(self.numerator, 0)
        if self.denominator is None:
            return float(top)
        bottom = counts.get(self.denominator, 0)
        if not bottom:
            return None
        return 100.0 * top / bottom if self.kind == "rate" else top / bottom

    def text(self, counts: Mapping[str, int]) -> str:
        """The figure as the page writes it: ``"31.2% (52/167)"``, ``"5,120"``, ``"—"``."""
        value = self.value(counts)
        if value is None:
            return "—"
        if self.kind == "rate":
            return f"{value:.1f}% ({counts.get(self.numerator, 0)}/{counts.get(self.denominator or '', 0)})"
        if self.kind == "average":
            return f"{value:,.2f}" if value < 10 else f"{value:,.0f}"
        return f"{int(value):,}"


def months_and_calls(call: str, key: str) -> tuple[Line, ...]:
    """The lines of a fishing game played by the month with a call that may pay (Koi-Koi's, Hachi-Hachi's Sage):
    months played and won, ``key`` calls made and ``key_paid`` those that paid."""
    return (
        Line("Months played", "months"),
        Line("Months won", "months_won", "months", "rate"),
        Line(f"{call} calls", key),
        Line(f"{call} calls that paid", f"{key}_paid", key, "rate"),
    )


@dataclass(frozen=True)
class Frequency:
    """Counters named ``prefix + name`` (``"yaku:Ino-Shika-Cho"``) listed by how often they happened."""

    prefix: str
    title: str

    def most_common(self, counts: Mapping[str, int], limit: int = 8) -> list[tuple[str, int]]:
        found = [(key[len(self.prefix) :], n) for key, n in counts.items() if key.startswith(self.prefix) and n]
        return sorted(found, key=lambda item: (-item[1], item[0]))[:limit]


def module(game: str) -> ModuleType | None:
    """The game's tally module, or None for a game that declares none."""
    try:
        return importlib.import_module(f"games.{game}.tally")
    except ModuleNotFoundError:
        return None


def replay(
    game: str, options: Mapping[str, Any], seats: list[SeatInfo], seed: str, actions: Iterable[tuple[int | None, str]]
) -> Iterator[Event]:
    """Every event of a game, in order: the opening events, then each logged action's."""
    declared = get_game(game)
    state = declared.new_game(declared.Options(**options), seats, seed)
    yield from declared.opening_events(state)
    for seat, action in actions:
        if seat is None:
            raise ValueError("a logged move without a seat")
        yield from declared.apply(state, seat, action)


def tally(game: str, events: Iterable[Event], players: int) -> list[Counts]:
    """Each seat's counters from a game's events (empty counters for a game without a tally)."""
    found = module(game)
    if found is None:
        return [Counter() for _ in range(players)]
    return found.count(events, players)


def total(counters: Iterable[Mapping[str, int]]) -> Counts:
    """The sum of several games' counters."""
    summed: Counts = Counter()
    for counts in counters:
        summed.update(counts)
    return summed
