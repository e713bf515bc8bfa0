"""Rendering shared by the hanafuda fishing games (Koi-Koi, Hachi-Hachi): cards and capture moves."""

from __future__ import annotations

from bot.emoji import faces_stamp
from bot.render.hanafuda_cards import card, card_emoji, cards, name
from games import hanafuda
from games.fishing import Flipped, Play, Played, Take, Taken
from games.memo import flat_cache

__all__ = ["card", "cards", "capture_emoji", "capture_lines", "flipped_line", "narrate_move"]


def capture_lines(hand: list[str], field: list[str]) -> list[str]:
    """What each hand card would capture from ``field``: "🌲Pine Crane → Pine chaff 1"."""
    months: dict[int, list[str]] = {}  # the field's cards by month, in deck order
    for card_code in hanafuda.sort_codes(field):
        months.setdefault(hanafuda.MONTH[card_code], []).append(card_code)
    stamp = faces_stamp()
    return [
        _capture_line(code, tuple(months.get(hanafuda.MONTH[code], ())), stamp) for code in hanafuda.sort_codes(hand)
    ]


@flat_cache(4096)
def _capture_line(code: str, taken: tuple[str, ...], stamp: int) -> str:
    """One hand card's line, kept per card, the field cards of its month and the faces shown: a move changes the
    field's cards of one or two months, so most lines of a hand are written again as they were."""
    if not taken:
        what = "nothing (it stays on the field)"
    elif len(taken) == 2:
        what = "one of " + " or ".join(name(c) for c in taken) + " (your choice)"
    else:
        what = " + ".join(name(c) for c in taken)
    return f"{card(code)} → {what}"


def flipped_line(flipped: str, chooser: str | None) -> str:
    """A flipped card that matches two field cards, on a panel: the panel's own seat is asked to
    choose (``chooser`` None); any other seat's panel says whose choice it is."""
    if chooser is None:
        return f"**Flipped:** {card(flipped)} — choose which card it takes."
    return f"**Flipped:** {card(flipped)} — {chooser} chooses which card it takes."


def capture_emoji(action: object) -> str | None:
    """The face of the card a play or take moves; None for any other action."""
    return card_emoji(action.card) if isinstance(action, Play | Take) else None


def _took(captured: list[str]) -> str:
    return f", takes {' and '.join(name(c) for c in captured)}" if captured else ""


def narrate_move(event: Played | Flipped | Taken, names: list[str]) -> str:
    """A play, a flip or a take in words: "Ann plays 🌲Pine Crane, takes Pine chaff 1"."""
    who = names[event.player]
    if isinstance(event, Played):
        return f"{who} plays {card(event.card)}{_took(event.captured)}"
    if isinstance(event, Flipped):
        return f"{who} flips {card(event.card)}{_took(event.captured)}" + (
            " (choosing…)" if event.pending_choice else ""
        )
    return f"{who} takes {' and '.join(name(c) for c in event.captured)}"
