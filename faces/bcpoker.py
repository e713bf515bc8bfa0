"""Black Christmas Poker faces (docs/rules/bcpoker.md §1): red, green and black 1-7 and the black A/7.

A white card with a broad border in the card's colour and its number large in the middle; the
black extra card (KX, worth 1 or 7) is black with "A/7" in white.
"""

from __future__ import annotations

from PIL import Image

from faces import canvas
from faces.canvas import SCALE
from faces.glyphs import draw_text
from games.bcpoker.cards import BLACK, CODES, GREEN, KX, RED

WIDTH, HEIGHT = 80, 128
W, H = WIDTH * SCALE, HEIGHT * SCALE
COLOURS = {RED: (204, 34, 44, 255), GREEN: (24, 132, 60, 255), BLACK: (24, 24, 28, 255)}
COLOUR_NAMES = {RED: "red", GREEN: "green", BLACK: "black"}
WHITE = (252, 252, 248, 255)


def emoji_name(code: str) -> str:
    """``bcp_red_3``; ``bcp_black_a7`` for KX."""
    return "bcp_black_a7" if code == KX else f"bcp_{COLOUR_NAMES[code[0]]}_{code[1]}"


def draw(code: str) -> Image.Image:
    img, d = canvas.new(WIDTH, HEIGHT)
    colour = COLOURS[code[0]]
    d.rounded_rectangle((0, 0, W - 1, H - 1), 8 * SCALE, fill=colour)
    inner = (7 * SCALE, 7 * SCALE, W - 7 * SCALE, H - 7 * SCALE)
    if code == KX:
        d.rounded_rectangle(inner, 4 * SCALE, outline=WHITE, width=2 * SCALE)
        draw_text(d, "A", (inner[0], 24 * SCALE, inner[2], 64 * SCALE), WHITE, 7 * SCALE)
        draw_text(d, "/7", (inner[0], 72 * SCALE, inner[2], 104 * SCALE), WHITE, 5 * SCALE, gap=0.1)
    else:
        d.rounded_rectangle(inner, 4 * SCALE, fill=WHITE)
        draw_text(d, code[1], (inner[0], 34 * SCALE, inner[2], 94 * SCALE), colour, 9 * SCALE)
        for y in (inner[1] + 4 * SCALE, inner[3] - 18 * SCALE):  # corner indices
            draw_text(d, code[1], (inner[0] + 3 * SCALE, y, inner[0] + 12 * SCALE, y + 14 * SCALE), colour, 2.5 * SCALE)
    return canvas.finish(img)


def draw_back() -> Image.Image:
    img, d = canvas.new(WIDTH, HEIGHT)
    d.rounded_rectangle((0, 0, W - 1, H - 1), 8 * SCALE, fill=COLOURS[GREEN])
    for k in range(-8, 16):  # red diagonal stripes
        x = k * 20 * SCALE
        d.line([(x, 0), (x + H, H)], fill=COLOURS[RED], width=6 * SCALE)
    canvas.clip(img, (0, 0, W - 1, H - 1), 8 * SCALE)
    d.rounded_rectangle(canvas.inset((0, 0, W, H), 6 * SCALE), 4 * SCALE, outline=WHITE, width=2 * SCALE)
    return canvas.finish(img)


__all__ = ["CODES", "draw", "draw_back", "emoji_name"]
