"""Helpers for Black Christmas Poker flow tests: constructed positions."""

from __future__ import annotations

from collections import Counter

from games.base import SeatInfo
from games.bcpoker import GAME, Options
from games.bcpoker.cards import KX, NUMBER, make_deck, sort_codes
from games.bcpoker.options import decks_for
from tests.games._events_helpers import apply_all, first, types

NAMES = ["A", "B", "C", "D", "E", "F", "G"]


def codes(text: str) -> list[str]:
    return text.split()


def arrange(players=3, lead=0, hands=None, pile=(), deck=(), riichi=(), turn=None, phase="draw", seed="5eed", **opts):
    """A game whose current round is replaced by the given position.

    ``hands``: {seat: "codes"} (7 cards, or 8 for a seat about to discard); other hands are
    filled from the remaining cards. ``pile``: codes bottom first, ``"KX=7"`` for a named KX.
    ``deck``: the top cards of the deck; the remaining cards follow in canonical order.
    """
    state = GAME.new_game(Options(**opts), [SeatInfo(name=NAMES[i]) for i in range(players)], seed, lead=lead)
    full = Counter(make_deck(decks_for(players)))
    hands = {s: codes(h) if isinstance(h, str) else list(h) for s, h in (hands or {}).items()}
    pile_codes, pile_named = [], []
    for p in pile.split() if isinstance(pile, str) else pile:
        code, _, named = p.partition("=")
        pile_codes.append(code)
        pile_named.append(int(named) if named else (7 if code == KX else NUMBER[code]))
    top = codes(deck) if isinstance(deck, str) else list(deck)
    used = Counter()
    for h in hands.values():
        used.update(h)
    used.update(pile_codes)
    used.update(top)
    rest = full - used
    assert not (used - full), f"more cards than exist: {used - full}"
    rest_list = sort_codes(rest.elements())
    for s in range(players):
        if s not in hands:
            hands[s], rest_list = rest_list[:7], rest_list[7:]
    state.hands = [list(hands[s]) for s in range(players)]
    state.pile, state.pile_named = pile_codes, pile_named
    state.deck = top + rest_list
    state.riichi = [s in riichi for s in range(players)]
    state.turn = lead if turn is None else turn
    state.phase = phase
    state.draws = [1] * players  # nobody is on a first draw unless a test says so
    state.discards = [1] * players
    if phase == "discard":
        state.drawn_from = "deck"
        state.drawn = state.hands[state.turn][-1]
    assert sorted(c for h in state.hands for c in h) + [] is not None
    total = sum(len(h) for h in state.hands) + len(state.pile) + len(state.deck)
    assert total == sum(full.values())
    return state


def a_discarding(**position):
    """``arrange``'s position at the moment A (seat 0) has drawn and is to discard: the card it drew is the last
    of its hand."""
    return arrange(turn=0, phase="discard", **position)


def act(state, seat, *actions):
    return apply_all(GAME, state, seat, *actions)


def public(events):
    return [e for e in events if e.seat is None]


__all__ = ["a_discarding", "act", "arrange", "codes", "first", "public", "types"]
