"""Pasting without Pillow's checks, for the pictures' many small pastes (faces, glyphs, texts: a hundred and more a
picture): ``Image.paste`` loads both pictures, converts modes and checks the target is writable on every call, which
costs as much again as the paste itself. The pictures pasted here are this package's own: loaded, of the target's
mode (or a colour through a mask), onto a canvas it made."""

from __future__ import annotations

from PIL import Image


def paste(
    target: Image.Image, source: Image.Image | int, box: tuple[int, int, int, int], mask: Image.Image | None = None
) -> None:
    """``source`` (a picture of ``target``'s mode and ``box``'s size, or a colour) into ``box`` of ``target``,
    through ``mask`` when given; what falls outside ``target`` is cut off."""
    pixels = source if isinstance(source, int) else source.im
    if mask is None:
        target.im.paste(pixels, box)
    else:
        target.im.paste(pixels, box, mask.im)
