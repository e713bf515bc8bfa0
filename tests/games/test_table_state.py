"""A new game's opening (``games/table_state.py``): its options parsed and checked against the seats, its seed
checked, every problem one sentence a player can act on."""

from __future__ import annotations

import pytest

from games import get_game
from games.base import GameError, SeatInfo


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}") for i in range(n)]


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_no_options_are_the_defaults_for_the_seats_taken(name):
    state = get_game(name).new_game(None, seats(3), "seed")
    assert state.options == get_game(name).Options(players=3)


@pytest.mark.parametrize(
    ("name", "players", "sentence"), [("koikoi", 5, "from 2 to 4"), ("hachihachi", 8, "from 3 to 7")]
)
def test_too_many_seats_without_options_is_refused_with_the_range(name, players, sentence):
    with pytest.raises(GameError, match=f"The option players must be {sentence}"):
        get_game(name).new_game(None, seats(players), "seed")


def test_options_as_a_dict_are_checked_against_the_seats():
    with pytest.raises(GameError, match="toppa option is for 2 players only"):
        get_game("koikoi").new_game({"toppa": True}, seats(3), "seed")
    assert get_game("koikoi").new_game({"toppa": True}, seats(2), "seed").options.toppa


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_an_options_model_for_another_number_of_seats_is_refused(name):
    game = get_game(name)
    with pytest.raises(GameError):
        game.new_game(game.Options(players=4), seats(3), "seed")


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_an_empty_seed_is_refused(name):
    with pytest.raises(GameError, match="seed must be a non-empty string"):
        get_game(name).new_game(None, seats(3), "")
