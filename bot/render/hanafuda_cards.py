"""Hanafuda cards in Discord text, for every hanafuda game: a card's face (its application emoji, or the
month's Unicode emoji until the faces are uploaded) followed by its one name, the name its button shows
("Susuki grass Geese", "Pine Crane"), and capture piles as faces grouped by kind."""

from __future__ import annotations

from bot.emoji import face
from games import hanafuda

PILE_WORDS = {
    hanafuda.BRIGHT: "Brights",
    hanafuda.ANIMAL: "Animals",
    hanafuda.RIBBON: "Ribbons",
    hanafuda.CHAFF: "Chaff",
}


def card_emoji(code: str) -> str:
    """The card's face ``<:hf_01_crane:…>``, or its month's emoji (🌲) when the face is not available."""
    return face("hanafuda", code) or hanafuda.MONTH_EMOJI[hanafuda.card(code).month]


def name(code: str) -> str:
    """The card's one name in every text: ``"Pine Crane"``, ``"Susuki grass Moon"``."""
    return hanafuda.FULL_NAMES[code]


def card(code: str) -> str:
    """``<face>Pine Crane`` (``🌲Pine Crane`` as text)."""
    return f"{card_emoji(code)}{name(code)}"


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in hanafuda.sort_codes(codes)) if codes else empty


def pile(codes: list[str], empty: str = "—") -> str:
    """A capture pile grouped by kind: ``Brights <face><face> · Chaff <face>`` with the faces, and the cards'
    names (``Brights Pine Crane, Cherry Curtain``) until the faces are uploaded."""
    if not codes:
        return empty
    groups = []
    for kind, word in PILE_WORDS.items():
        members = [c for c in hanafuda.sort_codes(codes) if hanafuda.KIND[c] == kind]
        if members:
            faces = [found for c in members if (found := face("hanafuda", c))]
            shown = "".join(faces) if len(faces) == len(members) else ", ".join(name(c) for c in members)
            groups.append(f"{word} {shown}")
    return " · ".join(groups)
