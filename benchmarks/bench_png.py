"""Benchmark (not a test): the PNG encoder's settings for the table and panel pictures.

    .venv/bin/python -m benchmarks.bench_png [--pictures 60] [--repeat 3]

Draws the pictures of seeded bot games (tests/faces/table_games.py), each game's table pictures and panel pictures,
and encodes the same boards with each encoder and setting tried — Pillow's (zlib) and ``faces/png.py``'s (ISA-L's
deflate) — and prints per game and kind the CPU time of one encoding and the mean and largest file. The pixels are
the same whatever the setting (PNG is lossless); what it trades is CPU for bytes uploaded, within the 100 KB budget
(``faces/png.py``'s ``LEVEL`` is the one used).
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from benchmarks.command_line import read
from bot.render import presentation
from bot.render.pictures import has_panel_picture
from faces.png import palette_png
from faces.table import MARGIN, MIN_WIDTH, WIDTH
from tests.faces.table_games import SETUPS, sampled_seat_views, sampled_views


def pillow(**options: int) -> Callable[[Image.Image], bytes]:
    """Pillow's encoder with these options (compress_type: zlib's strategy, 2 Huffman only, 3 run-length)."""

    def encode(image: Image.Image) -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG", **options)
        return out.getvalue()

    return encode


def isal(level: int) -> Callable[[Image.Image], bytes]:
    return lambda image: palette_png(image, image.width, image.height, level)


SETTINGS: dict[str, Callable[[Image.Image], bytes]] = {
    "zlib 6": pillow(compress_level=6),
    "zlib 1": pillow(compress_level=1),
    "zlib rle": pillow(compress_level=1, compress_type=3),
    "isal 0": isal(0),
    "isal 1": isal(1),
    "isal 2": isal(2),
    "isal 3": isal(3),
}


def pictures(game: str, count: int) -> dict[str, list[Image.Image]]:
    """The game's table and panel pictures as the boards draw them (cut as ``bot/render/pictures.py`` cuts them)."""
    looks, drawn = presentation(game), {}
    if looks.table_picture is not None:
        boards = [looks.table_picture(v) for v, _ in sampled_views(game, seed="bench-0", every=3, limit=200)][:count]
        drawn["table"] = [b.img.crop((0, 0, WIDTH, b.height)) for b in boards]
    if looks.panel_picture is not None:
        views = [v for v, _ in sampled_seat_views(game, seed="bench-0", every=3, limit=300)]
        boards = [looks.panel_picture(v) for v in views if has_panel_picture(game, v)][:count]
        drawn["panel"] = [b.img.crop((0, 0, min(WIDTH, max(b.right, MIN_WIDTH) + MARGIN), b.height)) for b in boards]
    return drawn


def encoded(images: list[Image.Image], encode: Callable[[Image.Image], bytes], repeat: int) -> str:
    """CPU ms per encoding, mean and largest KB."""
    sizes = []
    started = time.process_time()
    for _ in range(repeat):
        for image in images:
            sizes.append(len(encode(image)))
    cpu = (time.process_time() - started) * 1000 / max(len(sizes), 1)
    return f"{cpu:.2f} ms {statistics.mean(sizes) / 1024:.1f}/{max(sizes) / 1024:.0f} KB"


def main() -> None:
    args = read(__doc__, pictures=60, repeat=3)
    print("per game and kind, for each setting: CPU per encoding, mean/largest file")
    print(f"{'':<19}" + "".join(f"{name:<20}" for name in SETTINGS))
    for game in SETUPS:
        for kind, images in pictures(game, args.pictures).items():
            cells = [encoded(images, encode, args.repeat) for encode in SETTINGS.values()]
            print(f"{game:<12}{kind:<7}" + "".join(f"{cell:<20}" for cell in cells), flush=True)


if __name__ == "__main__":
    main()
