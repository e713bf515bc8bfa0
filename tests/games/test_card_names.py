"""The names buttons give cards and tiles: one naming table per game, every card named, no two
cards of a game sharing a name, and no bare code."""

from __future__ import annotations

import pytest

from games import hanafuda
from games.bcpoker import cards as bcp
from games.fishing import Play, Take
from games.sanma.actions import tile_name

SANMA_CODES = (
    ["1m", "9m"] + [f"{n}{s}" for s in "ps" for n in range(1, 10)] + ["0p", "0s"] + [f"{n}z" for n in range(1, 8)]
)


@pytest.mark.parametrize(
    "names",
    [
        [hanafuda.FULL_NAMES[c] for c in hanafuda.DECK],
        [tile_name(c) for c in SANMA_CODES],
        [bcp.name(c) for c in bcp.CODES],
    ],
    ids=["hanafuda", "sanma", "bcpoker"],
)
def test_every_card_has_its_own_name(names):
    assert len(set(names)) == len(names) and all(len(n) <= 40 for n in names)


def test_names_read_as_players_say_them():
    assert hanafuda.FULL_NAMES["1L"] == "Pine Crane" and hanafuda.FULL_NAMES["1C1"] == "Pine chaff 1"
    assert hanafuda.FULL_NAMES["9A"] == "Chrysanthemum Sake cup" and hanafuda.FULL_NAMES["8L"] == "Susuki grass Moon"
    assert hanafuda.FULL_NAMES["7A"] == "Bush clover Boar" and hanafuda.FULL_NAMES["2A"] == "Plum Bush warbler"
    assert [tile_name(c) for c in ("5s", "0p", "9m", "1z", "7z")] == [
        "5 of Bamboo",
        "Red 5 of Dots",
        "9 of Characters",
        "East wind",
        "Red dragon",
    ]
    assert (bcp.name("R3"), bcp.name("KX"), bcp.name("KX", 7)) == ("Red 3", "Black A/7", "Black A/7 as 7")


def test_a_capture_button_names_the_cards_it_plays_and_takes():
    assert Play("1L").label(["1C1", "3L"]) == "Play Pine Crane → take Pine chaff 1"
    assert Play("1L", "1C2").label(["1C1", "1C2"]) == "Play Pine Crane → take Pine chaff 2"
    assert Play("12L").label(["12C1", "12C2", "12C3"]) == "Play Paulownia Phoenix → take all 3"
    assert Play("2A").label([]) == "Play Plum Bush warbler"
    assert Take("3C1").label() == "Take Cherry chaff 1"
