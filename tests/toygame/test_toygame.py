"""The toy game's own rules, its views and table picture, and the same contract every registered game keeps."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from faces.table import FELT, INK, MARK, ink
from games.base import GameError, SeatInfo
from tests.games.test_contract import SEEDS, at_random, by_bot, play
from tests.toygame import GAME
from tests.toygame.embeds import summary
from tests.toygame.events import EVENT, Mark
from tests.toygame.picture import cell_box, table_picture
from tests.toygame.views import PublicView, SeatView


def marks(*cells: int):
    state = GAME.new_game(GAME.Options(), [SeatInfo(name="Ann"), SeatInfo(name="Ben")], "toy")
    events = []
    for n, cell in enumerate(cells):
        events = GAME.apply(state, n % 2, f"mark:{cell}")
    return state, events


def test_three_in_a_row_wins():
    state, events = marks(0, 3, 1, 4, 2)
    assert GAME.is_over(state) and events[-1].fields() == {"scores": [1, -1], "placings": [1, 2]}
    assert GAME.result(state).scores == [1, -1]


def test_a_full_board_without_a_line_is_a_draw():
    state, events = marks(0, 1, 2, 4, 3, 5, 7, 6, 8)
    assert GAME.is_over(state) and GAME.result(state).scores == [0, 0]
    assert events[-1].fields() == {"scores": [0, 0], "placings": [1, 1]}


def test_a_stored_event_reads_back_as_its_own_model():
    state = GAME.new_game(GAME.Options(), [SeatInfo(name="Ann"), SeatInfo(name="Ben")], "toy")
    (mark,) = GAME.apply(state, 0, "mark:4")
    assert mark.model_dump() == {"type": "mark", "seat": None, "player": 0, "cell": 4}
    again = EVENT.validate_json(mark.model_dump_json())
    assert isinstance(again, Mark) and again == mark
    _, events = marks(0, 3, 1, 4, 2)
    assert EVENT.validate_python(events[-1].model_dump()) == events[-1]


def test_a_game_opens_as_every_game_does_its_options_a_model_a_dict_or_none():
    two = ["Ann", "Ben"]
    assert (
        GAME.new_game({"o_first": True}, two, "toy").turn == GAME.new_game(GAME.Options(o_first=True), two, "toy").turn
    )
    assert (
        GAME.new_game(None, two, "toy") == GAME.new_game({}, two, "toy") and GAME.new_game(None, two, "toy").turn == 0
    )
    for options, seats, seed, sentence in [
        ({"x_first": True}, two, "toy", "Unknown Tic-tac-toe option 'x_first'."),
        (None, ["Ann", "Ben", "Cy"], "toy", "Tic-tac-toe is played by 2 players."),
        (GAME.Options(), ["Ann"], "toy", "Tic-tac-toe is played by 2 players."),
        (None, two, "", "The seed must be a non-empty string."),
    ]:
        with pytest.raises(GameError) as refused:
            GAME.new_game(options, seats, seed)
        assert str(refused.value) == sentence


def test_a_marked_square_is_refused():
    state, _ = marks(4)
    with pytest.raises(GameError):
        GAME.apply(state, 1, "mark:4")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_toy_game_keeps_the_contract(seed):
    play(GAME, 2, seed, at_random(seed))
    play(GAME, 2, seed, by_bot)


def inks_in(png: bytes, box: tuple[int, int, int, int]) -> set[int]:
    """The palette entries drawn inside ``box``, its outline left out."""
    left, top, right, bottom = box
    with Image.open(io.BytesIO(png)) as picture:
        return set(picture.crop((left + 3, top + 3, right - 2, bottom - 2)).tobytes())


def test_the_table_picture_draws_each_mark_in_its_square():
    state, _ = marks(4, 0, 8)  # X in the centre and a corner, O in the first corner
    view = GAME.public_view(state)
    board = table_picture(view)
    assert board.texts == ["Tic-tac-toe · Ben to mark", "O", "", "", "", "X", "", "", "", "X", "X: Ann · O: Ben"]
    png = board.png()
    for cell, mark in enumerate(view.board):
        drawn = inks_in(png, cell_box(cell))
        expected = {"X": {ink(FELT), ink(MARK)}, "O": {ink(FELT), ink(INK)}, "": {ink(FELT)}}[mark]
        assert drawn == expected, (cell, mark, drawn)


def test_the_table_picture_names_the_winner_or_a_draw():
    won, _ = marks(0, 3, 1, 4, 2)
    drawn, _ = marks(0, 1, 2, 4, 3, 5, 7, 6, 8)
    assert table_picture(GAME.public_view(won)).texts[0] == "Tic-tac-toe · Ann wins"
    assert table_picture(GAME.public_view(drawn)).texts[0] == "Tic-tac-toe · a draw"


def test_the_views_are_models_a_seat_sees_the_public_view():
    state, _ = marks(4)
    public, own = GAME.public_view(state), GAME.view(state, 1)
    assert isinstance(public, PublicView) and isinstance(own, SeatView)
    assert public.model_dump() == {
        "seats": ["Ann", "Ben"],
        "board": ["", "", "", "", "X", "", "", "", ""],
        "turn": 1,
        "winner": None,
        "over": False,
    }
    assert own.model_dump() == {**public.model_dump(), "seat": 1}


def test_the_summary_names_the_winner_or_a_draw():
    (_, won), (_, drawn) = marks(0, 3, 1, 4, 2), marks(0, 1, 2, 4, 3, 5, 7, 6, 8)
    assert summary(won[-1], ["Ann", "Ben"]).title == "Tic-tac-toe · Ann wins"
    assert summary(drawn[-1], ["Ann", "Ben"]).title == "Tic-tac-toe · A draw"
