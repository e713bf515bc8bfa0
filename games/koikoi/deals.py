"""Which deal a Koi-Koi game is in: its months (rounds), counted from 1 (a redeal is the same month)."""

from __future__ import annotations

from games.koikoi.state import KoiKoiState


def deal_number(state: KoiKoiState) -> int:
    return state.round
