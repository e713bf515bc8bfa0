"""Black Christmas Poker: the fast hand analysis reads every hand exactly as brute force does.

The reference below is the straightforward analysis (every pair, every split of the other six
cards, every code tried as the eighth card); the package's memoised, count-based analysis must
give the same readings, values, waits and tenpai on many seeded random hands.
"""

import random
from itertools import combinations, product

import pytest

from benchmarks.bench_bcpoker_decisions import play
from games.bcpoker.cards import BLACK, CODES, COLOUR, KX, NUMBER, copies, make_deck
from games.bcpoker.hands import (
    ANKOU,
    BY_ID,
    POINTS,
    RANK,
    RUN,
    SUMS,
    HandValue,
    _readings,
    _tenpai,
    _value_fields,
    _waits,
    count_patterns,
    decompositions,
    evaluate,
    is_tenpai,
    shape_patterns,
    waits,
)
from games.bcpoker.policy import _shape_score, hand_score


def reference_set(cards):
    (c1, n1), (c2, n2), (c3, n3) = cards
    if n1 == n2 == n3:
        return (ANKOU, n1, "")
    a, b, c = sorted((n1, n2, n3))
    if c1 == c2 == c3 and b == a + 1 and c == a + 2:
        return (RUN, a, c1)
    return None


def reference_decompositions(cards):
    out = set()
    for i, j in combinations(range(8), 2):
        if cards[i][1] != cards[j][1]:
            continue
        rest = [cards[k] for k in range(8) if k not in (i, j)]
        for trio in combinations(range(6), 3):
            s1 = reference_set([rest[k] for k in trio])
            s2 = reference_set([rest[k] for k in range(6) if k not in trio])
            if s1 is not None and s2 is not None:
                out.add((*sorted((s1, s2)), cards[i][1]))
    return out


def reference_evaluate(codes, decks, special):
    codes = list(codes)
    n_kx = codes.count(KX)
    fixed = [(COLOUR[c], NUMBER[c]) for c in codes if c != KX]
    colours = {COLOUR[c] for c in codes}
    best = (0, (), tuple(1 for _ in range(n_kx)), ())
    for assignment in product((1, 7), repeat=n_kx):
        cards = fixed + [(BLACK, v) for v in assignment]
        counts = count_patterns(tuple(sorted(n for _, n in cards)), decks)
        readings = reference_decompositions(cards)
        colour_ids = set()
        if readings and len(colours) == 1:
            colour_ids = {"H08", "H12"} if BLACK in colours else {"H08"}
        for ids in [shape_patterns(r) | counts | colour_ids for r in readings] or [counts]:
            ids = {i for i in ids if (special or not BY_ID[i].special) and (decks >= 2 or not BY_ID[i].two_decks)}
            options = [(POINTS[i], (i,)) for i in ids]
            options += [(POINTS[a] + POINTS[b], (a, b)) for a, b in SUMS if a in ids and b in ids]
            for value, counted in options:
                if value > best[0] or (value == best[0] > 0 and RANK[counted[0]] < RANK[best[1][0]]):
                    best = (value, counted, assignment, tuple(sorted(ids, key=RANK.__getitem__)))
    return HandValue(*best)


def reference_waits(hand7, decks, special):
    out = {}
    for code in CODES:
        if hand7.count(code) < copies(code, decks):
            hv = reference_evaluate(hand7 + [code], decks, special)
            if hv.value > 0:
                out[code] = hv
    return out


def random_set(rng):
    if rng.random() < 0.5:
        number = rng.randint(1, 7)
        return [rng.choice([c for c in CODES if c != KX and NUMBER[c] == number]) for _ in range(3)]
    colour, low = rng.choice("RGK"), rng.randint(1, 5)
    return [f"{colour}{low + k}" for k in range(3)]


def near_win(rng, decks):
    """Seven cards one card short of a reading (two sets and a pair, one card taken out), so a
    good share of the hands tested are tenpai; a KX may stand in for a black 1 or 7."""
    number = rng.randint(1, 7)
    pair = [rng.choice([c for c in CODES if c != KX and NUMBER[c] == number]) for _ in range(2)]
    hand = pair + random_set(rng) + random_set(rng)
    hand = [KX if c in ("K1", "K7") and rng.random() < 0.5 else c for c in hand]
    hand.pop(rng.randrange(8))
    if any(hand.count(c) > copies(c, decks) for c in hand):
        return None
    return hand


def random_hands(seed, count):
    rng = random.Random(seed)
    while count:
        decks = rng.choice((1, 2))
        hand = rng.sample(make_deck(decks), 7) if rng.random() < 0.5 else near_win(rng, decks)
        if hand is not None:
            count -= 1
            yield hand, decks, rng.random() < 0.7


@pytest.mark.parametrize("seed", range(4))
def test_waits_tenpai_and_values_match_brute_force(seed):
    tenpai_seen = 0
    for hand7, decks, special in random_hands(seed, 250):
        expected = reference_waits(hand7, decks, special)
        assert list(waits(hand7, decks, special).items()) == list(expected.items()), (hand7, decks, special)
        assert is_tenpai(hand7, decks, special) == bool(expected)
        tenpai_seen += bool(expected)
        for code in CODES:
            if hand7.count(code) < copies(code, decks):
                hand8 = hand7 + [code]
                assert evaluate(hand8, decks, special) == reference_evaluate(hand8, decks, special), hand8
    assert 20 < tenpai_seen < 230  # both kinds of hand were tried


def test_decompositions_match_brute_force_in_any_order():
    rng = random.Random(7)
    for hand7, _decks, _ in random_hands(11, 600):
        hand8 = hand7 + [rng.choice([c for c in CODES if c != KX])]
        cards = [(COLOUR[c], NUMBER[c] if c != KX else rng.choice((1, 7))) for c in hand8]
        rng.shuffle(cards)
        assert decompositions(cards) == reference_decompositions(cards), cards


def test_waits_are_the_same_whatever_the_order_and_a_copy_each_time():
    hand = "R1 R2 R3 G4 G5 G6 R5".split()
    first = waits(hand)
    first.clear()  # a caller changing its answer does not change the next one
    assert waits(list(reversed(hand))) == waits(hand) == reference_waits(hand, 1, True) != {}


def test_memo_tables_are_bounded_and_give_the_collector_nothing_to_walk():
    """A warm memo table must not make every full garbage collection slower (pauses of tens of ms
    on the bot's event loop): after a collection, thousands of new entries leave the number of
    tracked objects almost unchanged."""
    import gc

    hands = [random.Random(f"memo {n}").sample(CODES, 7) for n in range(600)]
    gc.collect()
    tracked_before = len(gc.get_objects())
    for hand in hands:
        waits(hand)
        is_tenpai(hand)
        hand_score(hand, 1, True)
    gc.collect()
    gc.collect()
    entries = sum(cached.cache_len() for cached in (_value_fields, _readings, _waits, _tenpai))
    assert entries > 2000
    assert len(gc.get_objects()) - tracked_before < 50
    for cached in (_value_fields, _readings, _waits, _tenpai):
        assert cached.limit <= 262144


def test_a_tenpai_test_needs_seven_cards():
    with pytest.raises(ValueError):
        is_tenpai("R1 R2 R3 G4 G5 G6".split())


def test_the_bot_scores_a_hand_the_same_in_any_order():
    rng = random.Random(3)
    for hand7, decks, special in random_hands(5, 200):
        shuffled = rng.sample(hand7, 7)
        w = reference_waits(hand7, decks, special)
        outs = sum((copies(c, decks) - hand7.count(c)) * hv.value for c, hv in w.items())
        expected = _shape_score(hand7) + (40.0 + outs / 100.0 if w else 0.0)
        assert hand_score(shuffled, decks, special) == expected


@pytest.mark.parametrize("players, digest", [(3, "c9f4e2d01666de78"), (5, "d3be8cb4b16a82bb")])
def test_seeded_bot_games_play_exactly_as_before_the_fast_analysis(players, digest):
    """Every action of two seeded bot games, as recorded with the brute-force analysis."""
    assert play(players, 2, "1")[2] == digest
