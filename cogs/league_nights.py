"""``/league`` commands of league nights: sign-up, draws, rounds and tournaments (a mixin of
``cogs/league_group.py``)."""

from __future__ import annotations


class NightCommands:
    """League nights."""
