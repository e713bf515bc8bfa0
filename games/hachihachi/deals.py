"""Which deal a Hachi-Hachi game is in: its months, counted from 1 over every game of a campaign (a redeal
of a month is the same month)."""

from __future__ import annotations

from games.hachihachi.state import HHState


def deal_number(state: HHState) -> int:
    return (state.game_no - 1) * state.options.months + state.month
