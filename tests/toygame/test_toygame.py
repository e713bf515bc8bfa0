"""The toy game's own rules, and the same contract every registered game keeps."""

from __future__ import annotations

import pytest

from games.base import GameError, SeatInfo
from tests.games.test_contract import SEEDS, at_random, by_bot, play
from tests.toygame import GAME


def marks(*cells: int):
    state = GAME.new_game(GAME.Options(), [SeatInfo(name="Ann"), SeatInfo(name="Ben")], "toy")
    events = []
    for n, cell in enumerate(cells):
        events = GAME.apply(state, n % 2, f"mark:{cell}")
    return state, events


def test_three_in_a_row_wins():
    state, events = marks(0, 3, 1, 4, 2)
    assert GAME.is_over(state) and events[-1].fields() == {"winner": 0}
    assert GAME.result(state).scores == [1, -1]


def test_a_full_board_without_a_line_is_a_draw():
    state, _ = marks(0, 1, 2, 4, 3, 5, 7, 6, 8)
    assert GAME.is_over(state) and GAME.result(state).scores == [0, 0]


def test_a_marked_square_is_refused():
    state, _ = marks(4)
    with pytest.raises(GameError):
        GAME.apply(state, 1, "mark:4")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_toy_game_keeps_the_contract(seed):
    play(GAME, 2, seed, at_random(seed))
    play(GAME, 2, seed, by_bot)
