"""A new game's opening (``games/table_state.py``): its options parsed and checked against the seats, its seed
checked, every problem one sentence a player can act on."""

from __future__ import annotations

import pytest

from games import get_game
from games.base import GameError, SeatInfo


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}") for i in range(n)]


GAMES = ["koikoi", "sanma", "hachihachi", "blackflower", "bcpoker"]
TOO_MANY = [  # one seat more than each game is played by, and the sentence that refuses it
    ("koikoi", 5, "The option players must be from 2 to 4."),
    ("sanma", 4, "Sanma needs exactly 3 seats, not 4: add bots to fill the table."),
    ("hachihachi", 8, "The option players must be from 3 to 7."),
    ("blackflower", 11, "Black Flower is played by 2 to 10 players, not 11."),
    ("bcpoker", 8, "The option players must be from 2 to 7."),
]


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_no_options_are_the_defaults_for_the_seats_taken(name):
    state = get_game(name).new_game(None, seats(3), "seed")
    assert state.options == get_game(name).Options(players=3)


@pytest.mark.parametrize("name", GAMES)
def test_no_options_and_an_empty_dict_open_the_same_game(name):
    game = get_game(name)
    assert game.new_game(None, seats(3), "seed") == game.new_game({}, seats(3), "seed")


@pytest.mark.parametrize(("name", "players", "sentence"), TOO_MANY)
def test_too_many_seats_without_options_is_refused_with_the_range(name, players, sentence):
    for options in (None, {}):
        with pytest.raises(GameError) as refused:
            get_game(name).new_game(options, seats(players), "seed")
        assert str(refused.value) == sentence


@pytest.mark.parametrize("name", GAMES)
def test_an_options_model_is_checked_against_the_seats_as_its_check_says(name):
    game = get_game(name)
    players = game.max_players + 1
    with pytest.raises(GameError) as said:
        game.Options().check(players)
    with pytest.raises(GameError) as refused:
        game.new_game(game.Options(), seats(players), "seed")
    assert str(refused.value) == str(said.value)


def test_options_as_a_dict_are_checked_against_the_seats():
    with pytest.raises(GameError, match="toppa option is for 2 players only"):
        get_game("koikoi").new_game({"toppa": True}, seats(3), "seed")
    assert get_game("koikoi").new_game({"toppa": True}, seats(2), "seed").options.toppa


def test_bad_options_are_refused_before_the_seats_are_counted():
    with pytest.raises(GameError, match="Unknown Black Flower option 'jokers'"):
        get_game("blackflower").new_game({"jokers": True}, seats(11), "seed")
    with pytest.raises(GameError, match="maximum bet"):
        get_game("blackflower").new_game({"min_bet": 50, "max_bet": 20}, seats(11), "seed")


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_an_options_model_for_another_number_of_seats_is_refused(name):
    game = get_game(name)
    with pytest.raises(GameError):
        game.new_game(game.Options(players=4), seats(3), "seed")


@pytest.mark.parametrize("name", GAMES)
def test_an_empty_seed_is_refused(name):
    with pytest.raises(GameError, match="seed must be a non-empty string"):
        get_game(name).new_game(None, seats(3), "")
