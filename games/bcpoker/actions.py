"""Black Christmas Poker actions: what each one means, its wire string and its words (§3-§7).

``parse("chain:KX7:r")`` gives ``Discard("KX", named=7, riichi=True, chain=True)``; ``str()`` writes an
action back unchanged (the strings are in button ids and in stored action logs, which replay).
``text`` is what the action's button reads; ``label(view)`` adds what the player's view knows (the
card a ``take`` takes, the kind of win a ``win`` declares).

``draw``, ``take``, ``win``, ``discard:<c>[:r]``, ``chain:<c>[:r]`` (``<c>`` a code, ``KX1``/``KX7`` for a
named KX; ``:r`` declares Riichi), ``exchange``, ``under:<code>``, ``giveup`` (a hit Riichi player
gives up Riichi), ``ron``, ``pass``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.base import GameError
from games.bcpoker.cards import CODES, KX, name
from games.words import Words

if TYPE_CHECKING:  # the views read the legal moves, which name these actions
    from games.bcpoker.views import SeatView

KIND_NAMES = {"tsumo": "Tsumo", "ron": "Ron", "surprise_gift": "Surprise Gift", "black_gift": "Black Gift"}


def token(code: str, named: int | None = None) -> str:
    """The card part of an action: the code, or ``KX1`` / ``KX7`` for a named KX."""
    return f"KX{named}" if code == KX else code


def token_text(code: str, named: int | None = None) -> str:
    """The card part as players read it: ``R3``, ``KX as 7``."""
    return f"KX as {named}" if code == KX and named else code


def parse_token(tok: str) -> tuple[str, int | None]:
    """``KX7`` → (``KX``, 7); ``R3`` → (``R3``, None). GameError for anything else."""
    t = tok.upper()
    if t in ("KX1", "KX7"):
        return KX, int(t[2])
    if t in CODES and t != KX:
        return t, None
    if t == KX:
        raise GameError("Say which number the KX is discarded as: KX1 or KX7.")
    raise GameError(f"Unknown card {tok!r}: use R1..R7, G1..G7, K1..K7, KX1 or KX7.")


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard; a chain is the discard that passes a Black Christmas hit on (§6)."""

    card: str  # the code (KX for a KX)
    named: int | None = None  # 1 or 7: the number a KX is discarded as
    riichi: bool = False  # declare Riichi with it
    chain: bool = False

    def __str__(self) -> str:
        return f"{'chain' if self.chain else 'discard'}:{token(self.card, self.named)}{':r' if self.riichi else ''}"

    @property
    def text(self) -> str:
        return self._words(token_text(self.card, self.named))

    @property
    def label(self) -> str:
        """The button text: the card by its name (``Discard Red 3``)."""
        return self._words(name(self.card, self.named))

    def _words(self, card: str) -> str:
        if self.chain:
            return f"Chain {card} + Riichi" if self.riichi else f"Chain {card}"
        return f"Riichi! Discard {card}" if self.riichi else f"Discard {card}"


@dataclass(frozen=True, slots=True)
class Under:
    """One card of an exchange, put under the deck (§7)."""

    card: str

    def __str__(self) -> str:
        return f"under:{self.card}"

    @property
    def text(self) -> str:
        return f"Under the deck: {self.card}"

    @property
    def label(self) -> str:
        return f"Under the deck: {name(self.card)}"


class Word(Words):
    """An action without arguments; its value is its wire string."""

    DRAW = "draw", "Draw from the deck"
    TAKE = "take", "Take the top discard"
    WIN = "win", "Win!"
    EXCHANGE = "exchange"
    GIVEUP = "giveup", "Give up Riichi"  # a hit Riichi player gives up Riichi
    RON = "ron", "Ron!"
    PASS = "pass"

    def label(self, view: SeatView) -> str:
        """The text, told more precisely by what the player's view knows."""
        precise = _VIEW_LABELS.get(self)
        return (precise(view) if precise else None) or self.text


Action = Discard | Under | Word


def win_kind(view: SeatView) -> str:
    """Which win the seat's ``win`` declares now (§5, §7): the engine scores it by this."""
    seat = view.seat
    if view.after_exchange:
        return "black_gift"
    if view.phase == "hit_riichi" or view.riichi[seat]:
        return "tsumo"
    if view.drawn_from == "deck" and view.draws[seat] == 1 and view.discards[seat] == 0:
        return "surprise_gift"
    return "tsumo"


def _take_label(view: SeatView) -> str | None:
    top = view.pile_top
    if not top:
        return None
    text = f"Take {name(top.card, top.named)} from the pile"
    return text + " and win" if view.riichi[view.seat] else text


def _exchange_label(view: SeatView) -> str | None:
    n = view.hit.number if view.hit else None
    return None if n is None else f"Exchange {n} card{'s' if n != 1 else ''}"


_VIEW_LABELS: dict[Word, Callable[[SeatView], str | None]] = {
    Word.DRAW: lambda view: "Draw (Black Christmas)" if view.phase == "hit_draw" else None,
    Word.TAKE: _take_label,
    Word.WIN: lambda view: f"Win: {KIND_NAMES[win_kind(view)]}!",
    Word.EXCHANGE: _exchange_label,
}


def parse(action: str) -> Action:
    """The action ``action`` writes; GameError (a sentence) when it is not a Black Christmas Poker action."""
    if (word := Word.read(action)) is not None:
        return word
    verb, _, rest = action.partition(":")
    if verb in ("discard", "chain") and rest:
        tok, _, riichi = rest.partition(":")
        if riichi in ("", "r"):
            code, named = parse_token(tok)
            return Discard(code, named, riichi=riichi == "r", chain=verb == "chain")
    if verb == "under" and rest:
        code = rest.upper()
        if code not in CODES:
            raise GameError(f"Unknown card {rest!r}: use R1..R7, G1..G7, K1..K7 or KX.")
        return Under(code)
    raise GameError(
        f"There is no action {action!r} in Black Christmas Poker: draw, take, win, discard:<card>[:r], "
        "chain:<card>[:r], exchange, under:<card>, giveup, ron or pass."
    )


def describe(action: str) -> str:
    """The action in words, as its button reads: ``discard:KX7:r`` → "Riichi! Discard KX as 7"."""
    return parse(action).text


def label(action: str, view: SeatView | None = None) -> str:
    """Button text: cards by their names; with the player's view known, a take names its card and a win its
    kind."""
    act = parse(action)
    if isinstance(act, Word):
        return act.label(view) if view is not None else act.text
    return act.label
