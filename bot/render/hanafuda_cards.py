"""Hanafuda cards in Discord text, for every hanafuda game: a card's face (its application emoji, or the
month's Unicode emoji until the faces are uploaded) followed by its one name, the name its button shows
("Susuki grass Geese", "Pine Crane"), and capture piles as faces grouped by kind.

A panel and the table write the same hands, fields and piles again at every move: each text is kept per the cards it
shows and the faces shown then (``faces_stamp``, which changes with any face shown, replaced or dropped)."""

from __future__ import annotations

import functools

from bot.emoji import face, faces_stamp
from games import hanafuda
from games.memo import flat_cache

PILE_WORDS = {
    hanafuda.BRIGHT: "Brights",
    hanafuda.ANIMAL: "Animals",
    hanafuda.RIBBON: "Ribbons",
    hanafuda.CHAFF: "Chaff",
}


MONTH_FACES = {code: hanafuda.MONTH_EMOJI[month] for code, month in hanafuda.MONTH.items()}  # code → 🌲 …


def card_emoji(code: str) -> str:
    """The card's face ``<:hf_01_crane:…>``, or its month's emoji (🌲) when the face is not available."""
    return face("hanafuda", code) or MONTH_FACES[code]


def name(code: str) -> str:
    """The card's one name in every text: ``"Pine Crane"``, ``"Susuki grass Moon"``."""
    return hanafuda.FULL_NAMES[code]


def card(code: str) -> str:
    """``<face>Pine Crane`` (``🌲Pine Crane`` as text)."""
    return _card(code, face("hanafuda", code))


@functools.lru_cache(maxsize=1024)
def _card(code: str, found: str | None) -> str:
    """A card's text with its face as found now (None: not uploaded): written once per card and face, as a panel
    writes the same cards again and again."""
    return f"{found or MONTH_FACES[code]}{hanafuda.FULL_NAMES[code]}"


def cards(codes: list[str], empty: str = "—") -> str:
    """The cards in deck order, each with its face: ``<face>Pine Crane · <face>Pine chaff 1``."""
    return _cards(tuple(codes), empty, faces_stamp())


@flat_cache(4096)
def _cards(codes: tuple[str, ...], empty: str, stamp: int) -> str:
    return " · ".join([card(c) for c in hanafuda.sort_codes(codes)]) if codes else empty


def pile(codes: list[str], empty: str = "—") -> str:
    """A capture pile grouped by kind: ``Brights <face><face> · Chaff <face>`` with the faces, and the cards'
    names (``Brights Pine Crane, Cherry Curtain``) until the faces are uploaded."""
    return _pile(tuple(codes), empty, faces_stamp())


@flat_cache(4096)
def _pile(codes: tuple[str, ...], empty: str, stamp: int) -> str:
    if not codes:
        return empty
    kinds: dict[str, list[str]] = {kind: [] for kind in PILE_WORDS}
    for code in hanafuda.sort_codes(codes):
        kinds[hanafuda.KIND[code]].append(code)
    groups = []
    for kind, word in PILE_WORDS.items():
        if members := kinds[kind]:
            faces = [found for c in members if (found := face("hanafuda", c))]
            shown = "".join(faces) if len(faces) == len(members) else ", ".join(name(c) for c in members)
            groups.append(f"{word} {shown}")
    return " · ".join(groups)
