"""The pictures' PNG files, written here rather than by Pillow's encoder: a palette picture's rows, each led by its
filter type (0: none, as Pillow picks for palette pictures), compressed by ISA-L's deflate (the ``isal`` package).

Measured with ``python -m benchmarks.bench_png`` on the seeded games' table and panel pictures: Pillow's encoder at
zlib's fastest level spent 0.2–0.75 ms a picture (as much as drawing it); ISA-L's level 1 writes the same deflate
format in 0.04–0.14 ms, files a few per cent smaller (at most ~22 KB; its level 2 is no better, 3 costs twice as
much, 0 makes files 20 % larger). The pixels are the same whichever compressor (PNG is lossless):
``tests/faces/test_png.py`` decodes the files and compares them with Pillow's.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

LEVEL = 1  # ISA-L's deflate level (0–3)
SIGNATURE = b"\x89PNG\r\n\x1a\n"
END = b"\0\0\0\0IEND\xae\x42\x60\x82"  # the IEND chunk: no data, its CRC
PALETTE_8BIT = 3  # IHDR's colour type of a palette picture; its bit depth is 8


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(image: Image.Image, width: int, height: int, level: int = LEVEL) -> bytes:
    """The top-left ``width`` x ``height`` of ``image`` (mode "P", at most 256 colours) as a PNG file (``level``:
    ISA-L's, for the benchmark to try others)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is written here, not mode {image.mode}")
    # cut one column wider on the left: a column outside the picture is 0, each row's filter type
    rows = image.crop((-1, 0, width, height)).tobytes()
    return png_file(rows, width, height, image.im.getpalette("RGB"), level)


def png_file(rows: bytes, width: int, height: int, palette: bytes, level: int = LEVEL) -> bytes:
    """A palette picture's PNG file from its ``rows`` (each its filter type 0 and ``width`` palette indices) and its
    ``palette`` (RGB triples)."""
    header = struct.pack(">IIBBBBB", width, height, 8, PALETTE_8BIT, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows, level)),
            END,
        )
    )
