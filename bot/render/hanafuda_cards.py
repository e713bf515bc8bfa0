"""Hanafuda cards in Discord text, for every hanafuda game: a card's face (its application emoji, or the
month's Unicode emoji until the faces are uploaded) followed by its code and name."""

from __future__ import annotations

from bot.emoji import face
from games import hanafuda


def card_emoji(code: str) -> str:
    """The card's face ``<:hf_01_crane:…>``, or its month's emoji (🌲) when the face is not available."""
    return face("hanafuda", code) or hanafuda.MONTH_EMOJI[hanafuda.card(code).month]


def card(code: str) -> str:
    """``<face>1L Crane`` (``🌲1L Crane`` as text)."""
    return f"{card_emoji(code)}{hanafuda.label(code)}"


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in hanafuda.sort_codes(codes)) if codes else empty
