"""Seating a league night: the signed-up players split into tables of a game's size.

Three ways to draw, each a pure function of its inputs, so a draw can be checked afterwards:

* ``random``: the players in a seeded shuffle (the fair shuffle of ``games/shuffle.py``; the seed
  is shown with the draw, so anyone can deal it again), seated in that order;
* ``rating``: players of close rating together (highest first);
* ``swiss``: the fewest repeated pairings with the night's (or season's) earlier tables, then
  players of close points together. Small nights are searched exhaustively; past
  :data:`EXACT_NODES` search steps the best seating found so far is improved by swapping players
  between tables until no swap helps.

Who waits: when the players do not fill whole tables and the game allows no smaller one, the
leftover players sit at a table with bots (when the officer allows it) or wait for the next round.
Those who have waited the most are seated first; the rest wait in shuffled order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import ceil
from typing import Literal

from games.shuffle import seeded_shuffle

Method = Literal["random", "rating", "swiss"]
METHODS: tuple[Method, ...] = ("random", "rating", "swiss")
EXACT_NODES = 200_000  # search steps before a swiss draw settles for the best seating found


@dataclass(frozen=True)
class Draw:
    """A draw's tables (player ids), the bots each table needs, and who waits."""

    method: Method
    seed: str
    tables: list[list[int]]
    bots: list[int]
    waiting: list[int] = field(default_factory=list)


def table_sizes(players: int, size: int, minimum: int, allow_bots: bool) -> tuple[list[int], list[int], int]:
    """How many people sit at each table, the bots each table needs, and how many wait.

    Tables are as even as the game allows: ``players`` over as few tables of at most ``size`` as
    hold them, when each then gets at least ``minimum``; otherwise full tables, and the rest at a
    table with bots or waiting."""
    if size < 1 or minimum < 1 or minimum > size:
        raise ValueError("a table needs room for at least its minimum of players")
    if players <= 0:
        return [], [], 0
    count = ceil(players / size)
    if players // count >= minimum:
        sizes = [players // count + (1 if i < players % count else 0) for i in range(count)]
        return sizes, [0] * count, 0
    full, rest = divmod(players, size)
    if rest and allow_bots:
        return [size] * full + [rest], [0] * full + [size - rest], 0
    return [size] * full, [0] * full, rest


def repeats(tables: Sequence[Sequence[int]], met: Mapping[frozenset[int], int]) -> int:
    """How many earlier meetings the seating repeats: for each pair at a table, the times they met."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def spread(tables: Sequence[Sequence[int]], points: Mapping[int, float]) -> float:
    """The sum over tables of the gap between the most and the fewest points there."""
    total = 0.0
    for table in tables:
        values = [points.get(p, 0.0) for p in table]
        total += max(values) - min(values) if values else 0.0
    return total


def draw(
    players: Sequence[int],
    *,
    method: Method,
    size: int,
    minimum: int,
    seed: str,
    allow_bots: bool = False,
    ratings: Mapping[int, float] | None = None,
    points: Mapping[int, float] | None = None,
    met: Mapping[frozenset[int], int] | None = None,
    waited: Mapping[int, int] | None = None,
) -> Draw:
    """Seat ``players`` (ids, each once) by ``method``; see the module's notes."""
    if method not in METHODS:
        raise ValueError(f"unknown draw method {method!r}")
    if len(set(players)) != len(players):
        raise ValueError("a player is signed up twice")
    waited = waited or {}
    order = seeded_shuffle(seed, 0, deck=sorted(players))
    order.sort(key=lambda p: -waited.get(p, 0))  # stable: the shuffle breaks ties
    sizes, bots, waiting_count = table_sizes(len(order), size, minimum, allow_bots)
    seated, waiting = order[: len(order) - waiting_count], order[len(order) - waiting_count :]
    if method == "random":
        tables = _chunks(seated, sizes)
    elif method == "rating":
        rating = ratings or {}
        ranked = sorted(seated, key=lambda p: -rating.get(p, 0.0))  # stable: the shuffle breaks ties
        tables = _chunks(ranked, sizes)
    else:
        tables = swiss(seated, sizes, met or {}, points or {})
    return Draw(method=method, seed=seed, tables=tables, bots=bots, waiting=waiting)


def _chunks(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    out, start = [], 0
    for n in sizes:
        out.append(list(players[start : start + n]))
        start += n
    return out


def swiss(
    players: Sequence[int], sizes: Sequence[int], met: Mapping[frozenset[int], int], points: Mapping[int, float]
) -> list[list[int]]:
    """The seating with the fewest repeated pairings, then the smallest spread of points."""
    if sum(sizes) != len(players):
        raise ValueError("the tables' sizes do not add up to the players")
    ranked = sorted(players, key=lambda p: -points.get(p, 0.0))  # stable
    best = _improve(_chunks(ranked, sorted(sizes, reverse=True)), met, points)
    search = _Search(met, points, best)
    search.run(list(ranked), sorted(sizes, reverse=True))
    return search.best


def _cost(
    tables: Sequence[Sequence[int]], met: Mapping[frozenset[int], int], points: Mapping[int, float]
) -> tuple[int, float]:
    return repeats(tables, met), spread(tables, points)


def _improve(
    tables: list[list[int]], met: Mapping[frozenset[int], int], points: Mapping[int, float]
) -> list[list[int]]:
    """Swap two players of different tables while a swap lowers the cost."""
    tables = [list(t) for t in tables]
    cost = _cost(tables, met, points)
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    new = _cost(tables, met, points)
                    if new < cost:
                        cost, improved = new, True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
    return tables


class _Search:
    """Branch and bound over seatings: the table of the first unseated player is filled with each
    choice of the others, tables of each remaining size tried in turn; a partial seating that
    already costs as much as the best one is dropped."""

    def __init__(self, met: Mapping[frozenset[int], int], points: Mapping[int, float], best: list[list[int]]) -> None:
        self.met, self.points = met, points
        self.best = best
        self.best_cost = _cost(best, met, points)
        self.nodes = 0

    def run(self, players: list[int], sizes: list[int]) -> None:
        self._extend(players, sizes, [], (0, 0.0))

    def _extend(self, left: list[int], sizes: list[int], tables: list[list[int]], cost: tuple[int, float]) -> None:
        if not left:
            if cost < self.best_cost:
                self.best, self.best_cost = [list(t) for t in tables], cost
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes), reverse=True):
            remaining = list(sizes)
            remaining.remove(size)
            for others in combinations(rest, size - 1):
                self.nodes += 1
                if self.nodes > EXACT_NODES:
                    return
                table = [first, *others]
                added = _cost([table], self.met, self.points)
                total = (cost[0] + added[0], cost[1] + added[1])
                if total >= self.best_cost:
                    continue
                chosen = set(others)
                tables.append(table)
                self._extend([p for p in rest if p not in chosen], remaining, tables, total)
                tables.pop()
