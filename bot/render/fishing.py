"""Rendering shared by the hanafuda fishing games (Koi-Koi, Hachi-Hachi): cards and capture moves."""

from __future__ import annotations

from games import hanafuda
from games.fishing import Flipped, Play, Played, Take, Taken


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


def _took(captured: list[str]) -> str:
    return f", takes {' '.join(captured)}" if captured else ""


def narrate_move(event: Played | Flipped | Taken, names: list[str]) -> str:
    """A play, a flip or a take in words: "Ann plays 🌲1L Crane, takes 1C1"."""
    who = names[event.player]
    if isinstance(event, Played):
        return f"{who} plays {card(event.card)}{_took(event.captured)}"
    if isinstance(event, Flipped):
        return f"{who} flips {card(event.card)}{_took(event.captured)}" + (" (choosing…)" if event.pending_choice else "")
    return f"{who} takes {' '.join(event.captured)}"

