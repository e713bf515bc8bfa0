"""Drawing at 4x and shrinking: smooth edges without any anti-aliasing support in ImageDraw."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageChops, ImageDraw

SCALE = 4


def new(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent canvas ``SCALE`` times the face size, and its drawer."""
    img = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def finish(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SCALE, img.height // SCALE), Image.Resampling.LANCZOS)


def png_bytes(img: Image.Image) -> bytes:
    """PNG bytes with no timestamp or other metadata, so a build is byte-for-byte repeatable."""
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def rotated_rect(cx: float, cy: float, w: float, h: float, angle: float) -> list[tuple[float, float]]:
    """Corners of a w x h rectangle centred on (cx, cy), turned ``angle`` degrees clockwise."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return [
        (cx + x * c - y * s, cy + x * s + y * c)
        for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    ]


def inset(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    """``box`` (left, top, right, bottom) shrunk by ``by`` on every side: a frame drawn inside a card's edge."""
    x0, y0, x1, y1 = box
    return x0 + by, y0 + by, x1 - by, y1 - by


def disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, outline=None, width: int = 0) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def clip(layer: Image.Image, box: tuple[float, float, float, float], radius: float) -> None:
    """Make everything of ``layer`` outside the rounded ``box`` transparent."""
    mask = Image.new("L", layer.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius, fill=255)
    layer.putalpha(ImageChops.multiply(layer.getchannel("A"), mask))
