"""Sanma actions: what each one means, its wire string and its words (docs/rules/sanma.md §5-§6).

``parse("r:5p")`` gives ``Discard("5p", riichi=True)``; ``str()`` writes an action back unchanged
(the strings are in button ids and in stored action logs, which replay). ``text`` is what a player
reads on the action's button.

Own turn: ``d:<tile>`` discard (``d:0p`` = the red five), ``r:<tile>`` riichi with that discard,
``tsumo``, ``ankan:<kind>`` (closed kan), ``kakan:<kind>`` (added kan), ``kita``, ``kyuushu``.
Call window: ``ron``, ``pon`` (``pon:0`` uses the red five when there is a choice), ``kan`` (open
kan of the discard), ``pass``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.base import GameError
from games.sanma.tiles import check_code
from games.words import Words

# honours in plain letters: kanji show as empty boxes where no CJK font is installed (East, South, West, North,
# White, Green, Red dragon)
HONOR_LETTERS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "Wh", "6z": "Gr", "7z": "Rd"}
_TILE = re.compile(r"[0-9][mpsz]")


SUIT_NAMES = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
HONOR_TILE_NAMES = {
    "1z": "East wind",
    "2z": "South wind",
    "3z": "West wind",
    "4z": "North wind",
    "5z": "White dragon",
    "6z": "Green dragon",
    "7z": "Red dragon",
}


def tile_name(code: str) -> str:
    """A tile's name, as a button shows it: ``5 of Dots``, ``Red 5 of Bamboo``, ``East wind``."""
    if code in HONOR_TILE_NAMES:
        return HONOR_TILE_NAMES[code]
    return f"Red 5 of {SUIT_NAMES[code[1]]}" if code[0] == "0" else f"{code[0]} of {SUIT_NAMES[code[1]]}"


def tile_text(code: str) -> str:
    """A tile as players read it: ``5p``, ``r5p`` (red five), ``E`` … ``Rd`` for honours."""
    if code in HONOR_LETTERS:
        return HONOR_LETTERS[code]
    return "r5" + code[1] if code[0] == "0" else code


@dataclass(frozen=True, slots=True)
class Discard:
    tile: str  # a tile code; 0p / 0s is the red five
    riichi: bool = False  # declare riichi with this discard

    def __str__(self) -> str:
        return f"{'r' if self.riichi else 'd'}:{self.tile}"

    @property
    def text(self) -> str:
        return f"Riichi · discard {tile_name(self.tile)}" if self.riichi else tile_text(self.tile)


@dataclass(frozen=True, slots=True)
class OwnKan:
    """A kan declared on one's own turn: closed (four concealed tiles) or added to one's pon."""

    kind: str  # the tile kind, e.g. 5p
    added: bool = False

    def __str__(self) -> str:
        return f"{'kakan' if self.added else 'ankan'}:{self.kind}"

    @property
    def text(self) -> str:
        return f"Kan {tile_name(self.kind)} ({'added' if self.added else 'closed'})"


@dataclass(frozen=True, slots=True)
class Pon:
    red: bool = False  # use the red five of the pair when there is a choice

    def __str__(self) -> str:
        return "pon:0" if self.red else "pon"

    @property
    def text(self) -> str:
        return "Pon with red 5" if self.red else "Pon"


class Word(Words):
    """An action without arguments; its value is its wire string."""

    TSUMO = "tsumo", "Tsumo!"
    RON = "ron", "Ron!"
    KAN = "kan"  # an open kan of a discard
    PASS = "pass"
    KITA = "kita", "Kita (set North aside)"
    KYUUSHU = "kyuushu", "Kyuushu kyuuhai (abort)"


Action = Discard | OwnKan | Pon | Word


def parse_tile(code: str) -> str:
    """A tile code as written in an action; GameError (a sentence) when sanma has no such tile."""
    if _TILE.fullmatch(code):
        try:
            check_code(code)
            return code
        except GameError:
            pass
    raise GameError(f"There is no tile {code!r} in sanma.")


def parse(action: str) -> Action:
    """The action ``action`` writes; GameError (a sentence) when it is not a sanma action."""
    if (word := Word.read(action)) is not None:
        return word
    head, _, arg = action.partition(":")
    if head == "pon" and arg == "0":
        return Pon(red=True)
    if head == "pon" and not arg:
        return Pon()
    if head in ("d", "r"):
        return Discard(parse_tile(arg), riichi=head == "r")
    if head in ("ankan", "kakan"):
        return OwnKan(parse_tile(arg), added=head == "kakan")
    raise GameError(
        f"There is no action {action!r} in sanma: discard (d:5p), riichi (r:5p), tsumo, ankan:<tile>, "
        "kakan:<tile>, kita, kyuushu, or in a call window ron, pon, kan or pass."
    )


def describe(action: str) -> str:
    """The action as its button reads: ``r:1z`` → "Riichi · discard 東"."""
    return parse(action).text
