from games.hanafuda import DECK, ORDER
from games.shuffle import seeded_shuffle, sha256_hex


def test_seeded_shuffle():
    a = seeded_shuffle("abc", 0, DECK)
    assert sorted(a, key=ORDER.get) == DECK
    assert a == seeded_shuffle("abc", 0, DECK)
    assert a != seeded_shuffle("abc", 1, DECK)
    assert a != seeded_shuffle("abd", 0, DECK)


def test_sha256_hex_is_the_hex_digest_of_the_utf8_text():
    assert sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
