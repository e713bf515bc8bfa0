"""Actions of a verb and a whole number (``bet:20``, ``repay:120``): the base declares their wire string and how one
is read back, each game's subclass its verb, what the number is, and its words::

    @dataclass(frozen=True, slots=True)
    class Bet(Amount):
        VERB = "bet"
        MEANING = "A bet is a whole number of chips"
        TEXT = "Bet {}"

``str(Bet(20)) == "bet:20"``, ``Bet(20).text == "Bet 20"``, ``Bet.form() == "bet:{}"``, ``Bet.read("bet:20") == Bet(20)``, ``Bet.read("hit")`` is None, and
``Bet.read("bet:-5")`` refuses with "A bet is a whole number of chips, not '-5'."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Self

from games.base import GameError

NUMBER = re.compile(r"[0-9]{1,9}")  # a whole number as an action writes it: no sign, at most nine digits


@dataclass(frozen=True, slots=True)
class Amount:
    amount: int

    VERB: ClassVar[str]  # the wire string's head: ``bet`` in ``bet:20``
    MEANING: ClassVar[str]  # what the number must be, as a refusal says it
    TEXT: ClassVar[str]  # the action in words, as its button says it, ``{}`` where the number goes: ``Bet {}``

    def __str__(self) -> str:
        return f"{self.VERB}:{self.amount}"

    @property
    def text(self) -> str:
        """The action in words: ``TEXT`` with the number (a game whose words need more says them itself)."""
        return self.TEXT.format(self.amount)

    @classmethod
    def read(cls, action: str) -> Self | None:
        """The action ``action`` writes; None when its verb is another; GameError when its number is not a whole
        number."""
        verb, colon, rest = action.partition(":")
        if verb != cls.VERB or not colon:
            return None
        if not NUMBER.fullmatch(rest):
            raise GameError(f"{cls.MEANING}, not {rest!r}.")
        return cls(int(rest))

    @classmethod
    def form(cls) -> str:
        """The wire string with ``{}`` where the number goes, for a button that asks the player for it."""
        return f"{cls.VERB}:{{}}"
