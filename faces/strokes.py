"""A picture's paint strokes: what a :class:`faces.table.Board` records while it lays a picture out, painted once
when its picture is asked for.

A picture is laid out before it is known to fit the shown box (``faces.table.fitted`` tries sizes and layouts), so
a board only records where each face, text and rectangle goes; the one layout that is kept is painted, stroke by
stroke in the order drawn, onto a canvas of the picture's final size. Each stroke is a paste of Pillow's core
pictures (a face, or a colour through a text's 1-bit mask), which ``Image.paste`` would check and convert on every
call (``faces/paste.py`` says what that costs).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom outside), as pastes take them
Stroke = tuple[Any, Box] | tuple[Any, Box, Any]  # a face's core picture, or a palette index and a mask's core picture,
# and where it goes: the arguments of a core picture's ``paste``


def filled(box: Box, colour: int) -> list[Stroke]:
    """The strokes of ``ImageDraw.rectangle(box, fill=colour)``: ``box``'s right and bottom edges are inside it."""
    left, top, right, bottom = box
    if right < left or bottom < top:
        raise ValueError(f"a rectangle's right and bottom edges are below its left and top: {box}")
    return [(colour, (left, top, right + 1, bottom + 1))]


def framed(box: Box, colour: int, width: int) -> list[Stroke]:
    """The strokes of ``ImageDraw.rectangle(box, outline=colour, width=width)``: a frame ``width`` pixels wide
    inside ``box`` (edges included), its top and bottom bands across, its sides between them. A box too small for
    two bands each way is refused: ImageDraw draws such a frame past the box's edges, which no picture wants."""
    left, top, right, bottom = box
    if right - left + 1 < 2 * width or bottom - top + 1 < 2 * width:
        raise ValueError(f"a frame {width} pixels wide does not fit inside {box}")
    bands = [
        (left, top, right, top + width - 1),
        (left, bottom - width + 1, right, bottom),
        (left, top + width, left + width - 1, bottom - width),
        (right - width + 1, top + width, right, bottom - width),
    ]
    return [(colour, (x0, y0, x1 + 1, y1 + 1)) for x0, y0, x1, y1 in bands if x1 >= x0 and y1 >= y0]


def painted(strokes: list[Stroke], size: tuple[int, int], background: int) -> Image.Image:
    """A palette-index canvas of ``size`` filled with ``background``, every stroke pasted in order (what falls outside
    the canvas is cut off)."""
    canvas = Image.new("P", size, background)
    paste = canvas.im.paste
    for stroke in strokes:
        paste(*stroke)
    return canvas
