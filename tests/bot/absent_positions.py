"""For the absent-player tests.

A Black Christmas Poker deal: three players, bob (seat 1) leads and discards R1, carol discards K7
and Black Christmas hits alice (seat 0) with N = 7. Alice holds no K1 or KX, so nothing can chain
onto a black 7: her hit turn is a draw, the exchange, seven cards put under the deck one at a time
and a discard; the seven cards she draws back are red or green, so her discard hits nobody and
bob's turn follows."""

from __future__ import annotations

import asyncio
from collections import Counter

from games.bcpoker import GAME, engine
from games.bcpoker.cards import CODES, make_deck

# bob is dealt cards 0-6, carol 7-13, alice 14-20; the deck starts at 21
BOB, CAROL, ALICE = "R1 R2 R3 G4 G5 G6 R7", "K7 R1 R2 G1 G2 G3 G7", "R4 R5 R6 G4 G5 K2 K3"
DRAWS = "R3 R4 G1 G2 G3 G6 G7 R5 R6 R7"  # bob's draw, carol's, alice's hit draw, her exchange's seven
OPENING = [("bob", "draw"), ("bob", "discard:R1"), ("carol", "draw"), ("carol", "discard:K7")]


def black_christmas_deck() -> list[str]:
    top = " ".join((BOB, CAROL, ALICE, DRAWS)).split()
    assert not Counter(top) - Counter(make_deck(1))
    return top + sorted((Counter(make_deck(1)) - Counter(top)).elements(), key=CODES.index)


def rig_black_christmas(monkeypatch) -> None:
    """Every new Black Christmas Poker game is dealt the deck above, bob leading."""
    monkeypatch.setattr(
        GAME,
        "new_game",
        lambda options, seats, seed, decks=None, lead=None: engine.new_game(
            options, seats, seed, decks=[black_christmas_deck()], lead=1
        ),
    )


def count_pauses(monkeypatch, delay: float) -> list[float]:
    """The pauses of ``delay`` seconds a table makes between bot decisions, counted instead of waited
    for (every other sleep runs as usual)."""
    counted: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds, *args, **kwargs):
        if seconds == delay:
            counted.append(seconds)
            seconds = 0
        return await real_sleep(seconds, *args, **kwargs)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return counted
