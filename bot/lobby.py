"""A lobby's seat rules, from the table's own options: the one check of a table's options (when the
table is opened, and again at Start with the seats taken), and how many seats it offers.

A game declares the players it takes (``min_players``–``max_players``); a table's options may take
fewer (Koi-Koi's ``players:2``, or ``toppa``, which is for 2 players only). Rather than a second
list of such rules, the seat counts a table offers are those its options pass the game's own
check with.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.base import GameBase, GameError, options_from
from games.optionspec import SEATED


def table_options(game: GameBase, options: dict[str, Any], seated: int) -> BaseModel:
    """The game's options for ``seated`` players: the table's options, ``players`` (when the game has
    it and the table left it unset) being the seats taken, then the game's check of the combination.
    Raises GameError with the game's own sentence."""
    data = dict(options)
    if SEATED in game.Options.model_fields:
        data.setdefault(SEATED, seated)
    chosen = options_from(game.Options, game.title, data)
    if (check := getattr(chosen, "check", None)) is not None:
        check(seated)
    return chosen


def seat_counts(game: GameBase, options: dict[str, Any]) -> list[int]:
    """The numbers of players a table with ``options`` can start with, ascending (empty: none)."""
    counts = []
    for seated in range(game.min_players, game.max_players + 1):
        try:
            table_options(game, options, seated)
        except GameError:
            continue
        counts.append(seated)
    return counts


def check_opening(game: GameBase, options: dict[str, Any]) -> list[int]:
    """The seat counts of a table about to be opened with ``options``; GameError with the sentence
    Start would say when no number of players can start it."""
    counts = seat_counts(game, options)
    if not counts:
        table_options(game, options, options.get(SEATED) or game.min_players)  # raises the game's sentence
        options_from(game.Options, game.title, options)  # a range or choice error not tied to the seats
        raise GameError(f"No number of players can start a {game.title} table with these options.")
    return counts


def most_seats(game: GameBase, options: dict[str, Any]) -> int:
    """How many seats the lobby offers."""
    return max(seat_counts(game, options), default=game.max_players)


def players_wanted(game: GameBase, options: dict[str, Any]) -> str:
    """How many players a table starts with: "3 players" (Sanma, or a table set for 3), "2–7 players"."""
    counts = seat_counts(game, options) or [game.min_players, game.max_players]
    low, high = counts[0], counts[-1]
    return f"{low} players" if low == high else f"{low}–{high} players"
