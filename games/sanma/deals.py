"""Which deal a Sanma game is in: its hands, counted from 1 (a dealer's repeat is a hand of its own)."""

from __future__ import annotations

from games.sanma.state import SanmaState


def deal_number(state: SanmaState) -> int:
    return state.hand_no
