"""Each game's league points: what the ledger's amounts count, how they are shown, and what the
standings show beside them (and say in their footer).

A game declares its unit and step (``GameBase.points_name``, ``points_scale``), and whether its lines name
rounds each won or lost on their own (``GameBase.rounds_won``: a Black Flower round against the bank; Hachi-Hachi's
lines name months too, but a month's net is its summary's payments, not who won it). Sanma books its final
scores in tenths of a point (``+41.6`` is the amount 416), Koi-Koi and Black Christmas Poker their
points, the money games chips. The league points of a game are the sum of a player's ledger lines
of that game in the season, exactly what the results players saw add up to.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games import get_game


@dataclass(frozen=True)
class Columns:
    """What the standings of one game show: league points always, games played always, then these."""

    unit: str  # "chips", "points", "points (thousands, after uma and oka)"
    scale: int  # amounts are in steps of 1/scale
    placement: bool  # the game ranks its seats (an average placement means something)
    rounds: bool  # its lines name rounds won against the bank (Black Flower)


@cache
def columns(game: str) -> Columns:
    try:
        g = get_game(game)
        unit = "chips" if g.uses_balances else g.points_name
        scale, rounds = g.points_scale, g.rounds_won
    except Exception:  # a game no longer registered: its records still show
        unit, scale, rounds = "points", 1, False
    return Columns(unit=unit, scale=scale, placement=not rounds, rounds=rounds)


def shown(game: str, amount: int, *, sign: bool = True) -> str:
    """An amount of ``game``'s ledger as players saw it: ``+41.6``, ``−3.4``, ``±0``, ``+120``."""
    text = plain(game, abs(amount))
    if not sign:
        return text if amount >= 0 else f"−{text}"
    if amount == 0:
        return "±0"
    return f"+{text}" if amount > 0 else f"−{text}"


def plain(game: str, amount: int) -> str:
    """An amount as a machine reads it (CSV): ``41.6``, ``-3.4``, ``120``."""
    scale = columns(game).scale
    if scale == 1:
        return str(amount)
    digits = len(str(scale)) - 1
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), scale)
    return f"{sign}{whole}.{part:0{digits}d}"
