"""League night draws: table sizes, seeded and rating draws, and swiss seatings checked by brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bot.league.pairing import draw, repeats, spread, table_sizes


@pytest.mark.parametrize(
    "players, size, minimum, bots, expected",
    [
        (10, 3, 3, False, ([3, 3, 3], [0, 0, 0], 1)),  # sanma: one waits
        (10, 3, 3, True, ([3, 3, 3, 1], [0, 0, 0, 2], 0)),  # …or sits with two bots
        (11, 3, 3, False, ([3, 3, 3], [0, 0, 0], 2)),
        (9, 3, 3, False, ([3, 3, 3], [0, 0, 0], 0)),
        (5, 2, 2, False, ([2, 2], [0, 0], 1)),  # Koi-Koi for two
        (13, 6, 2, False, ([5, 4, 4], [0, 0, 0], 0)),  # Black Flower: even smaller tables, nobody waits
        (7, 4, 3, False, ([4, 3], [0, 0], 0)),
        (2, 3, 3, False, ([], [], 2)),
        (0, 3, 3, False, ([], [], 0)),
    ],
)
def test_table_sizes(players, size, minimum, bots, expected):
    sizes, with_bots, waiting = table_sizes(players, size, minimum, bots)
    assert (sizes, with_bots, waiting) == expected
    assert sum(sizes) + waiting == players


def test_a_random_draw_is_dealt_again_from_its_seed_and_seats_everyone_once():
    players = list(range(101, 111))
    first = draw(players, method="random", size=3, minimum=3, seed="night 1")
    again = draw(list(reversed(players)), method="random", size=3, minimum=3, seed="night 1")
    assert first == again  # the sign-up order does not matter, the seed does
    other = draw(players, method="random", size=3, minimum=3, seed="night 2")
    assert other.tables != first.tables
    seated = [p for t in first.tables for p in t]
    assert sorted(seated + first.waiting) == players and len(first.waiting) == 1


def test_who_waited_before_is_seated_first():
    players = list(range(1, 11))
    for seed in ("a", "b", "c", "d"):
        result = draw(players, method="random", size=3, minimum=3, seed=seed, waited={7: 1})
        assert 7 not in result.waiting and len(result.waiting) == 1


def test_a_rating_draw_seats_close_ratings_together():
    rng = random.Random(5)
    players = list(range(1, 13))
    ratings = {p: rng.uniform(10, 40) for p in players}
    result = draw(players, method="rating", size=3, minimum=3, seed="s", ratings=ratings)
    bands = [sorted(ratings[p] for p in t) for t in result.tables]
    for higher, lower in zip(bands, bands[1:]):
        assert min(higher) >= max(lower)


def partitions(players, sizes):
    """Every seating of ``players`` at tables of ``sizes`` (the test's own enumeration)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in partitions(remaining, left):
                yield [[first, *others], *tail]


def random_history(rng, players, rounds, size):
    met = {}
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        for start in range(0, len(order) - size + 1, size):
            for pair in combinations(order[start : start + size], 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    return met


@pytest.mark.parametrize("night", range(40))
def test_no_swiss_seating_of_a_small_night_repeats_fewer_pairings(night):
    rng = random.Random(f"swiss {night}")
    count = rng.choice([6, 7, 8, 9, 10])
    size, minimum = rng.choice([(3, 3), (4, 3), (2, 2)])
    players = rng.sample(range(1, 60), count)
    met = random_history(rng, players, rng.randint(1, 3), size)
    points = {p: rng.choice([-20.0, -5.5, 0.0, 7.5, 30.0]) for p in players}
    result = draw(players, method="swiss", size=size, minimum=minimum, seed=f"n{night}", met=met, points=points)
    seated = [p for t in result.tables for p in t]
    sizes = [len(t) for t in result.tables]
    best = min((repeats(s, met), spread(s, points)) for s in partitions(seated, sizes))
    assert repeats(result.tables, met) == best[0]
    assert spread(result.tables, points) == pytest.approx(best[1])


def test_a_second_swiss_round_repeats_no_trio_member_when_it_can():
    players = list(range(1, 10))
    first = draw(players, method="swiss", size=3, minimum=3, seed="round 1")
    met = {frozenset(pair): 1 for t in first.tables for pair in combinations(t, 2)}
    second = draw(players, method="swiss", size=3, minimum=3, seed="round 2", met=met)
    assert repeats(second.tables, met) == 0
    assert sorted(p for t in second.tables for p in t) == players


def test_a_large_night_is_still_drawn_quickly_enough_and_whole():
    rng = random.Random(1)
    players = list(range(1, 41))
    met = random_history(rng, players, 3, 4)
    result = draw(players, method="swiss", size=4, minimum=4, seed="big", met=met)
    assert sorted(p for t in result.tables for p in t) == players
    naive = draw(players, method="random", size=4, minimum=4, seed="big")
    assert repeats(result.tables, met) <= repeats(naive.tables, met)


def test_bad_draw_requests_are_refused():
    with pytest.raises(ValueError):
        draw([1, 2, 2], method="random", size=2, minimum=2, seed="x")
    with pytest.raises(ValueError):
        draw([1, 2], method="lottery", size=2, minimum=2, seed="x")  # type: ignore[arg-type]
