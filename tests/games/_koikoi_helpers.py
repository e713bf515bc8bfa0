"""Helpers for Koi-Koi flow tests: build games and arrange constructed positions."""

from __future__ import annotations

from games.base import SeatInfo
from games.hanafuda import DECK, sort_codes
from games.koikoi import GAME, Options
from games.koikoi.rounds import deal
from games.koikoi.state import seats_from_oya
from games.koikoi.yaku import evaluate
from tests.games._events_helpers import apply_all, first, types

NAMES = ["Ann", "Ben", "Cho", "Dai"]


def seats(n):
    return [SeatInfo(name=NAMES[i]) for i in range(n)]


def game(players=2, order=None, decks=None, seed="5eed", **opts):
    options = Options(players=players, **opts)
    if order == "draw":
        order = None  # the seeded Oya draw
    elif order is None:
        order = list(range(players))
    if decks is not None or order is None:
        return GAME.new_game(options, seats(players), seed, decks=decks, order=order)
    # constructed positions start from a normal first round (no hand combo in the deal)
    for k in range(100):
        state = GAME.new_game(options, seats(players), f"{seed}{'.' * k}", order=order)
        if state.round == 1 and state.months_done == 0:
            return state
    raise AssertionError("no plain first deal found")


def deck_for(
    variant: str, order_from_oya: list[int], hands: dict[int, list[str]], table: list[str], pile: list[str] = ()
) -> list[str]:
    """A 48-card deck that deals ``hands`` (per seat) and ``table``; ``pile`` is its top;
    the other cards fill the remaining positions in canonical order."""
    pos_hands, pos_table, pos_pile = deal(list(range(48)), variant, order_from_oya)
    deck: list[str | None] = [None] * 48
    for s, cards in hands.items():
        for p, c in zip(pos_hands[s], cards):
            deck[p] = c
    for p, c in zip(pos_table, table):
        deck[p] = c
    for p, c in zip(pos_pile, pile):
        deck[p] = c
    used = [c for c in deck if c is not None]
    assert len(used) == len(set(used)), "a card is listed twice"
    rest = iter(c for c in DECK if c not in set(used))
    return [c if c is not None else next(rest) for c in deck]


def arrange(
    state,
    hands: dict[int, list[str]],
    field: list[str],
    pile_top: list[str],
    captures: dict[int, list[str]] | None = None,
    turn: int | None = None,
):
    """Put a constructed position into a live state (all 48 cards stay accounted for)."""
    captures = captures or {}
    listed = (
        [c for h in hands.values() for c in h]
        + list(field)
        + list(pile_top)
        + [c for cs in captures.values() for c in cs]
    )
    assert len(listed) == len(set(listed)), "a card is listed twice"
    rest = [c for c in DECK if c not in set(listed)]
    n = state.options.players
    state.hands = [sort_codes(hands.get(s, [])) for s in range(n)]
    state.field = list(field)
    state.pile = list(pile_top) + rest
    for i, side in enumerate(state.sides):
        side.captures = list(captures.get(i, []))
        side.points, side.yaku, side.sake_cup = evaluate(side.captures, state.options)
        side.called = False
        side.reference = 0
    state.calls = []
    state.pending = None
    state.pending_choices = []
    state.phase = "play"
    state.turn = state.oya if turn is None else turn
    return state


def play(state, seat, *actions):
    """Apply actions for one seat; return all events."""
    return apply_all(GAME, state, seat, *actions)


__all__ = ["GAME", "arrange", "deck_for", "first", "game", "play", "seats", "seats_from_oya", "types"]
