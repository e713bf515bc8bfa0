"""Text put together from glyphs rendered once (faces/lettering.py) has exactly the pixels and width FreeType gives the
whole text, for every text the seeded games' pictures draw and for random texts of the characters a name may hold."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from faces.lettering import _follows, _leads, font, length, pieces
from faces.table import TEXT, TITLE
from tests.faces.table_games import SETUPS, panel_board, sampled_seat_views, sampled_views, table_board


def drawn_by_freetype(text: str, size: int) -> bytes:
    reference = Image.new("1", (900, 40), 0)
    ImageDraw.Draw(reference).text((0, 0), text, font=font(size), fill=1)
    return reference.tobytes()


def drawn_from_lettering(text: str, size: int) -> bytes:
    """The text's pieces pasted as a picture pastes them, 20 pixels in: nothing left of the text is drawn."""
    placed = Image.new("1", (920, 40), 0)
    for left, width, height, mask in pieces(text, size):
        placed.paste(255, (20 + left, 0, 20 + left + width, height), mask)
    assert placed.crop((0, 0, 20, 40)).getbbox() is None, "drawn left of the text"
    return placed.crop((20, 0, 920, 40)).tobytes()


def pictures_texts(game: str) -> set[str]:
    texts: set[str] = set()
    for view, _ in sampled_views(game, seed="lettering", every=5, limit=30):
        texts.update(table_board(game, view).texts)
    for view, _ in sampled_seat_views(game, seed="lettering", every=5, limit=30):
        board = panel_board(game, view)
        if board is not None:
            texts.update(board.texts)
    return {text for text in texts if text}


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_text_of_a_games_pictures_has_freetypes_pixels_and_width(game):
    texts = pictures_texts(game)
    assert texts
    for text in texts:
        for size in (TEXT, TITLE):
            assert drawn_from_lettering(text, size) == drawn_by_freetype(text, size), (text, size)
            assert length(text, size) == font(size).getlength(text), (text, size)


def test_random_names_and_scores_have_freetypes_pixels_and_width():
    rng = random.Random(27)
    characters = [chr(c) for c in range(32, 0x250)]  # what a seat's name is drawn with (faces/table.py's _plain)
    for _ in range(1500):
        text = "".join(rng.choice(characters) for _ in range(rng.randint(1, 30)))
        size = rng.choice((TEXT, TITLE))
        assert drawn_from_lettering(text, size) == drawn_by_freetype(text, size), (text, size)
        assert length(text, size) == font(size).getlength(text), (text, size)


def test_ordinary_words_are_put_together_from_glyphs():
    """The fast way is the one taken: the words of a title and a score are all made of checked glyphs."""
    for size in (TEXT, TITLE):
        text = "Koi-Koi · month 1 of 12 · Alice to play a card: 35000 pts, Xavier Young, x2"
        assert _leads(text[0], size) and all(_follows(char, size) for char in text[1:])
