"""Actions without arguments (``hit``, ``pass``, ``koikoi``): one enum per game, each member its wire string and
its words, declared together::

    class Word(Words):
        TSUMO = "tsumo", "Tsumo!"
        PASS = "pass"  # its words: "Pass", the wire string capitalised

``Word.TSUMO == "tsumo"`` (it is the string that goes into button ids and action logs), ``Word.TSUMO.text`` is
``"Tsumo!"``, and ``Word.read("tsumo")`` finds the member a text names.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self, cast


class Words(StrEnum):
    text: str  # the action in words, as its button says it

    def __new__(cls, value: str, text: str = "") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.text = text or value.capitalize()
        return member

    @classmethod
    def read(cls, action: str) -> Self | None:
        """The member whose wire string is ``action``; None when no member is."""
        return cast("Self | None", cls._value2member_map_.get(action))  # the map of this enum's own members
