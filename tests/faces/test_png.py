"""The pictures' PNG files (faces/png.py): every seeded game's table and panel picture, written by ISA-L's deflate,
decodes to exactly the pixels Pillow's own encoder writes of the same board, cut to the same size, within the
100 KB budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from faces.png import SIGNATURE, palette_png
from faces.table import MARGIN, MIN_WIDTH, WIDTH, Board
from tests.faces.table_games import SETUPS, panel_board, sampled_seat_views, sampled_views, table_board

MAX_BYTES = 100 * 1024


def boards(game: str) -> list[tuple[Board, int]]:
    """Some of the game's table and panel boards, each with the width its picture is cut to."""
    tables = [table_board(game, v) for v, _ in sampled_views(game, every=9, limit=12)]
    panels = [panel_board(game, v) for v, _ in sampled_seat_views(game, every=9, limit=12)]
    cut = [(b, min(WIDTH, max(b.right, MIN_WIDTH) + MARGIN)) for b in panels if b is not None]
    return [(b, WIDTH) for b in tables] + cut


def pillows(board: Board, width: int) -> bytes:
    out = io.BytesIO()
    board.img.crop((0, 0, width, board.height)).save(out, format="PNG")
    return out.getvalue()


def decoded(png: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size, image.convert("RGBA").tobytes()


@pytest.mark.parametrize("game", list(SETUPS))
def test_each_picture_has_the_pixels_pillow_writes_and_fits_the_budget(game):
    drawn = boards(game)
    assert drawn
    for board, width in drawn:
        png = board.png(width)
        assert png.startswith(SIGNATURE) and len(png) <= MAX_BYTES
        assert decoded(png) == decoded(pillows(board, width))
        assert decoded(png)[0] == (width, board.height)


def test_the_leftmost_and_rightmost_columns_are_kept():
    board = Board(None)
    board.rectangle((0, 0, 0, 20), (230, 70, 60))  # a column at each edge
    board.rectangle((WIDTH - 1, 0, WIDTH - 1, 20), (245, 245, 235))
    board.y = 30
    assert decoded(board.png()) == decoded(pillows(board, WIDTH))


def test_only_palette_pictures_are_written():
    with pytest.raises(ValueError):
        palette_png(Image.new("RGB", (4, 4)), 4, 4)
