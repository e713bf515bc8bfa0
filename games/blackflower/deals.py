"""Which deal a Black Flower game is in: its rounds against the bank, counted from 1."""

from __future__ import annotations

from games.blackflower.state import BlackFlowerState


def deal_number(state: BlackFlowerState) -> int:
    return state.round
