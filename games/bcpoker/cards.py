"""The cards of Black Christmas Poker (docs/rules/bcpoker.md §1).

Codes: ``R1``..``R7`` (red), ``G1``..``G7`` (green), ``K1``..``K7`` (black) and ``KX``
(black, worth 1 or 7). One deck holds two of each red and green card and one of each
black card: 36 cards. Games of 4-7 players shuffle two decks together (72 cards).
Cards with the same code are interchangeable.
"""

from __future__ import annotations

import re

from games.base import GameError

RED, GREEN, BLACK = "R", "G", "K"
COLOURS = (RED, GREEN, BLACK)
KX = "KX"

CODES: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in range(1, 8)) + (KX,)
ORDER = {code: i for i, code in enumerate(CODES)}
COLOUR = {code: code[0] for code in CODES}
# the number of a card in a hand; KX has none of its own (1 or 7, §1)
NUMBER = {code: int(code[1]) for code in CODES if code != KX}
EMOJI = {RED: "🟥", GREEN: "🟩", BLACK: "⬛"}


def copies(code: str, decks: int = 1) -> int:
    """How many cards of ``code`` the decks in play hold."""
    return (1 if code[0] == BLACK else 2) * decks


def make_deck(decks: int = 1) -> list[str]:
    """The canonical (unshuffled) deck: every code as often as it exists, in code order."""
    return [code for code in CODES for _ in range(copies(code, decks))]


def is_black(code: str) -> bool:
    return code[0] == BLACK


def sort_codes(codes) -> list[str]:
    return sorted(codes, key=ORDER.__getitem__)


def parse_codes(text: str) -> list[str]:
    """Codes from free text (``"r1 R2, g3"``); GameError naming the first bad one."""
    out = []
    for raw in re.split(r"[\s,;]+", text.strip()):
        if not raw:
            continue
        code = raw.upper()
        if code not in ORDER:
            raise GameError(f"Unknown card {raw!r}: use R1..R7, G1..G7, K1..K7 or KX.")
        out.append(code)
    return out


def check_counts(codes, decks: int) -> None:
    """GameError if a hand holds more copies of a code than the decks contain."""
    for code in set(codes):
        have = list(codes).count(code)
        if have > copies(code, decks):
            n = copies(code, decks)
            raise GameError(
                f"{code} exists only {n} time{'s' if n != 1 else ''} with {decks} deck{'s' if decks != 1 else ''}, "
                f"but the hand holds {have}."
            )


COLOUR_NAMES = {RED: "Red", GREEN: "Green", BLACK: "Black"}


def name(code: str, named: int | None = None) -> str:
    """A card's name, as a button shows it: ``Red 3``, ``Black A/7``, ``Black A/7 as 7``."""
    number = "A/7" if code == KX else code[1]
    return f"{COLOUR_NAMES[code[0]]} {number}" + (f" as {named}" if code == KX and named else "")


def short_text(code: str, named: int | None = None) -> str:
    """``R3``, ``KX=7``."""
    return code if code != KX or not named else f"KX={named}"


def label(code: str, named: int | None = None) -> str:
    """Short display text with a colour square: ``🟥R3``, ``⬛KX=7``."""
    return f"{EMOJI[code[0]]}{short_text(code, named)}"


def trigger_number(code: str, named: int | None) -> int:
    """The number a discarded card hits with: its own, or a KX's as named (1 or 7)."""
    return named if code == KX and named is not None else NUMBER[code]


def beats(number: int, top_code: str, top_number: int) -> bool:
    """Whether a black card of ``number`` triggers against the card ``top_code`` (§6)."""
    return number > top_number or (number == 1 and is_black(top_code) and top_number == 7)


def names_for(code: str) -> list[int | None]:
    """The numbers a discard of ``code`` may be named as: 1 or 7 for a KX, none for any other card."""
    return [1, 7] if code == KX else [None]
