"""Rendering shared by the hanafuda fishing games (Koi-Koi, Hachi-Hachi): cards and capture moves."""

from __future__ import annotations

from games import hanafuda
from games.fishing import Play, Take


def card(code: str) -> str:
    """``🌲1L Crane``."""
    return hanafuda.emoji_label(code)


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in hanafuda.sort_codes(codes)) if codes else empty


def capture_emoji(action: object) -> str | None:
    """The month emoji of the card a play or take moves; None for any other action."""
    if isinstance(action, Play | Take):
        return hanafuda.MONTH_EMOJI[hanafuda.card(action.card).month]
    return None


def taken_text(captured: list[str]) -> str:
    """``, takes 1C1 1C2`` after a play or flip that captured table cards; empty otherwise."""
    return f", takes {' '.join(captured)}" if captured else ""

