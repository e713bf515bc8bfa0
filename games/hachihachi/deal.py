"""Dealing a Hachi-Hachi month (the seeds and decks are described in games/hachihachi/engine.py): the deck of each
attempt, the deal itself, a whole month on the table (a redeal) and the fields its Lights make."""

from __future__ import annotations

from games.hachihachi.state import (
    BLANK,
    FIELD_OF_LIGHT,
    HHState,
    seat_count,
)
from games.hanafuda import DECK
from games.shuffle import seeded_shuffle


def next_deck(state: HHState) -> list[str]:
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
        return deck
    base = DECK + [BLANK] if seat_count(state) == 7 else DECK
    return seeded_shuffle(state.month_seed, state.attempt, base)


def deal(deck: list[str], n: int, dealer: int) -> tuple[list[list[str]], list[str], list[str]]:
    """``(hands, table, undealt)`` (§4 phase 2): 3 each from the seat after the dealer, 3 to the
    table, 4 each, 3 to the table; 7 players: 3 then 4 each, no table packets."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[str]] = [[] for _ in range(n)]
    table: list[str] = []
    pos = 0
    for size in (3, 4):
        for s in order:
            hands[s].extend(deck[pos : pos + size])
            pos += size
        if n != 7:
            table.extend(deck[pos : pos + 3])
            pos += 3
    return hands, table, deck[pos:]


def field_tokens(table: list[str]) -> list[int]:
    return sorted((FIELD_OF_LIGHT[c] for c in table if c in FIELD_OF_LIGHT), reverse=True)
