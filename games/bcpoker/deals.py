"""Which deal a Black Christmas Poker game is in: its rounds, counted from 1."""

from __future__ import annotations

from games.bcpoker.state import BCState


def deal_number(state: BCState) -> int:
    return state.round
