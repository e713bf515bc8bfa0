"""The sanma shanten core (games/sanma/shanten.py) against the ``mahjong`` library (docs/rules/sanma.md §5).

Every seeded random hand — closed 13/14-tile hands, open hands of every 3n+1 / 3n+2 size, hands
of few kinds (pairs and quads: chiitoitsu and the fourth-copy rules), hands rich in terminals and
honours (kokushi) — gets the library's ``Shanten.calculate_shanten(..., is_three_player=True)``,
and every 3n+1 hand the waits ``Agari.is_agari`` finds over the 27 kinds.

``PARLOR_SHANTEN_HANDS=100000`` runs the large comparison (the default is a few thousand).
"""

from __future__ import annotations

import os
import random
import time

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from games.sanma import shanten as core
from games.sanma.tiles import KINDS, code_kind, parse_codes

HANDS = int(os.environ.get("PARLOR_SHANTEN_HANDS", "4000"))
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WALL = [k for k in KINDS for _ in range(4)]


def counts_of(kinds) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


def counts(text: str) -> list[int]:
    return counts_of(code_kind(code) for code in parse_codes(text))


def random_hand(rng: random.Random, size: int, style: str) -> list[int]:
    if style == "wall":
        return counts_of(rng.sample(WALL, size))
    if style == "few kinds":  # pairs, triplets and quads of a handful of kinds
        pool = [k for k in rng.sample(KINDS, rng.randint(4, 8)) for _ in range(4)]
        return counts_of(rng.sample(pool, size))
    pool = [k for k in ORPHANS for _ in range(4)] + rng.sample([k for k in WALL if k not in ORPHANS], 16)
    return counts_of(rng.sample(pool, size))  # rich in terminals and honours


def random_hands(seed: int, n: int):
    rng = random.Random(seed)
    for i in range(n):
        size = rng.choice(SIZES + (13, 14) * 3)  # closed hands most often
        style = ("wall", "wall", "few kinds", "orphans")[i % 4]
        yield random_hand(rng, size, style)


def library_waits(c: list[int]) -> tuple[int, ...]:
    out = []
    for k in KINDS:
        if c[k] < 4:
            c[k] += 1
            if Agari.is_agari(c):
                out.append(k)
            c[k] -= 1
    return tuple(out)


def test_shanten_agrees_with_the_library_on_random_hands():
    checked = 0
    started = time.perf_counter()
    for c in random_hands(14, HANDS):
        expected = Shanten.calculate_shanten(c, is_three_player=True)
        assert core.shanten(c) == expected, (c, expected)
        checked += 1
    assert checked == HANDS
    print(f"{checked} hands agree ({time.perf_counter() - started:.1f} s)")


def test_waits_agree_with_the_library_on_random_hands():
    tenpai = 0
    for c in random_hands(15, HANDS // 2):
        if sum(c) % 3 != 1:
            continue
        expected = library_waits(c)
        assert core.waits(c) == expected, (c, expected)
        assert core.is_complete(c) is False
        tenpai += bool(expected)
    assert tenpai > HANDS // 100  # the random set does reach tenpai hands


def test_each_shape_alone_and_open_sizes():
    # kokushi: thirteen orphans wait on all thirteen; a paired one waits on the missing kind
    assert core.kokushi_shanten(counts("19m19p19s1234567z")) == 0
    assert core.waits(counts("19m19p19s1234567z")) == ORPHANS
    assert core.waits(counts("19m19p19s1234566z")) == (33,)
    # chiitoitsu: six pairs and a single wait on the single; a quad is one pair, not two
    assert core.waits(counts("1199p3355s11224z")) == (30,)
    assert core.chiitoitsu_shanten(counts("9999p3355s112244z")) == 1
    # open hands: a pair is complete, a single tile is tenpai, an open 4-tile hand with a triplet
    assert core.shanten(counts("5p")) == 0 and core.waits(counts("5p")) == (13,)
    assert core.is_complete(counts("77z"))
    assert core.waits(counts("555p7z")) == (33,)
    assert core.waits(counts("46p99s")) == (13,)  # a kanchan on 5p; a third 9s leaves 46p
    assert (
        core.shanten(counts("1111m111122233z"))
        == Shanten.calculate_shanten(counts("1111m111122233z"), is_three_player=True)
        == 2
    )
    # no 2m-8m: 1m 9m only pair or triplet, never a sequence
    assert core.waits(counts("19m11p")) == ()


def test_incremental_hand_matches_a_fresh_count():
    """A Hand kept up to date tile by tile, its improving draws and its shanten after each discard
    equal a fresh count at every step of a random walk between 13 and 14 tiles."""
    rng = random.Random(3)
    c = counts_of(rng.sample(WALL, 13))
    hand = core.Hand(c)

    def with_one(x: int, step: int) -> list[int]:
        return c[:x] + [c[x] + step] + c[x + 1 :]

    for _ in range(300):
        assert hand.improving() == [x for x in KINDS if c[x] < 4 and core.shanten(with_one(x, 1)) < core.shanten(c)]
        k = rng.choice([k for k in KINDS if c[k] < 4])
        hand.add(k)
        c[k] += 1
        assert hand.shanten() == core.shanten(c)
        assert hand.after_discards() == {x: core.shanten(with_one(x, -1)) for x in KINDS if c[x]}
        k = rng.choice([k for k in KINDS if c[k]])
        hand.remove(k)
        c[k] -= 1
        assert hand.shanten() == core.shanten(c)


def test_shipped_table_is_what_the_search_gives():
    """The table file (games/sanma/shanten_suits.bin) holds, for sampled suit patterns, the very
    breakdowns the search works out afresh."""
    assert core.TABLE_FILE.exists()
    rng = random.Random(9)
    for _ in range(300):
        pattern = counts_of(rng.sample([k for k in range(9) for _ in range(4)], rng.randint(1, 14)))[:9]
        assert core.suit_forms(pattern) == core._computed_forms(core.suit_key(pattern)), pattern
