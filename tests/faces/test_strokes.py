"""A picture's strokes (faces/strokes.py): rectangles painted as ImageDraw draws them, and every picture of the
seeded games painted exactly once, whatever number of sizes and layouts ``fitted`` tried."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

import faces.table
from bot.render import presentation
from bot.render.pictures import panel_picture, table_picture
from faces.strokes import filled, framed, painted
from tests.faces.table_games import SETUPS, sampled_seat_views, sampled_views


def drawn_by_imagedraw(size: tuple[int, int], box: tuple[int, int, int, int], width: int) -> bytes:
    canvas = Image.new("P", size, 3)
    if width:
        ImageDraw.Draw(canvas).rectangle(box, outline=7, width=width)
    else:
        ImageDraw.Draw(canvas).rectangle(box, fill=7)
    return canvas.tobytes()


def test_rectangles_and_frames_have_imagedraws_pixels_even_cut_off_at_the_edges():
    rng = random.Random(27)
    tried = 0
    while tried < 3000:
        size = (rng.randint(1, 40), rng.randint(1, 40))
        x0, y0 = rng.randint(-8, size[0] + 3), rng.randint(-8, size[1] + 3)
        box = (x0, y0, x0 + rng.randint(0, 25), y0 + rng.randint(0, 25))
        width = rng.choice([0, 1, 2, 3, 5])
        if width and min(box[2] - box[0], box[3] - box[1]) + 1 < 2 * width:
            continue
        strokes = framed(box, 7, width) if width else filled(box, 7)
        assert painted(strokes, size, 3).tobytes() == drawn_by_imagedraw(size, box, width), (size, box, width)
        tried += 1


def test_a_frame_too_wide_for_its_box_or_a_box_upside_down_is_refused():
    with pytest.raises(ValueError):
        framed((0, 0, 4, 20), 7, 3)  # ImageDraw would draw past the box's edges
    with pytest.raises(ValueError):
        filled((5, 0, 4, 20), 7)


def test_strokes_are_pasted_in_order():
    face = Image.new("P", (3, 2), 9).im
    strokes = [(face, (2, 1, 5, 3)), *filled((3, 0, 3, 3), 5)]
    canvas = painted(strokes, (6, 4), 0)
    assert [canvas.getpixel((x, 1)) for x in range(6)] == [0, 0, 9, 5, 9, 0]


@pytest.mark.parametrize("game", list(SETUPS))
def test_every_picture_is_painted_once_and_only_the_board_kept(game, monkeypatch):
    """Over whole seeded games, a table or panel picture is painted once, from the strokes of the board ``fitted``
    kept, however many sizes and layouts it tried."""
    painted_strokes: list[int] = []
    paint = faces.table.painted

    def counted(strokes, *args, **kwargs):
        painted_strokes.append(id(strokes))
        return paint(strokes, *args, **kwargs)

    monkeypatch.setattr(faces.table, "painted", counted)
    tried: list[faces.table.Board] = []
    board = faces.table.Board.__init__

    def made(self, *args, **kwargs):
        tried.append(self)
        board(self, *args, **kwargs)

    monkeypatch.setattr(faces.table.Board, "__init__", made)
    jobs = [(panel_picture, v) for v, _ in sampled_seat_views(game, every=2, limit=150)]
    if presentation(game).table_picture is not None:
        jobs += [(table_picture, v) for v, _ in sampled_views(game, every=2, limit=150)]
    for draw, view in jobs:
        painted_strokes.clear()
        tried.clear()
        if draw(game, view) is None:
            assert not painted_strokes
            continue
        assert len(painted_strokes) == 1
        kept = [b for b in tried if id(b.strokes) == painted_strokes[0]]
        assert len(kept) == 1
        family = presentation(game).faces
        assert kept[0].height <= faces.table.SHOWN_HEIGHT or kept[0].card == faces.table.SIZES[family][-1]
