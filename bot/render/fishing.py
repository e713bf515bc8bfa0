"""Rendering shared by the hanafuda fishing games (Koi-Koi, Hachi-Hachi): cards and capture moves."""

from __future__ import annotations

from games import hanafuda


def card(code: str) -> str:
    """``🌲1L Crane``."""
    return hanafuda.emoji_label(code)


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in hanafuda.sort_codes(codes)) if codes else empty


def capture_label(action: str, field: list[str] | None = None) -> str | None:
    """Button text of ``play:<card>[:<target>]`` / ``take:<card>``; with the field known, a play shows
    what it will take. None for any other action."""
    parts = action.split(":")
    if parts[0] == "play":
        if len(parts) > 2:
            return f"Play {parts[1]} → take {parts[2]}"
        month = hanafuda.card(parts[1]).month
        taken = [c for c in field or [] if hanafuda.card(c).month == month]
        return f"Play {parts[1]}" + (f" → take {' '.join(taken)}" if taken else "")
    if parts[0] == "take":
        return f"Take {parts[1]}"
    return None


def capture_emoji(action: str) -> str | None:
    """The month emoji of the card a play or take moves."""
    parts = action.split(":")
    if parts[0] in ("play", "take") and len(parts) > 1 and parts[1] in hanafuda.BY_CODE:
        return hanafuda.MONTH_EMOJI[hanafuda.card(parts[1]).month]
    return None
