"""Sanma tile faces (docs/rules/sanma.md §1): 1m 9m, 1-9p, 1-9s, the red 5p and 5s, four winds, three dragons, a back.

Pins are circles, sous bamboo sticks, the two manzu a numeral over 萬, winds their initial letter
and dragons 中, 発 and the framed white tile, all drawn as shapes.
"""

from __future__ import annotations

import math

from PIL import Image

from faces import canvas
from faces.canvas import SCALE, disc, rotated_rect
from faces.glyphs import draw_glyph

WIDTH, HEIGHT = 96, 128
IVORY = (250, 247, 236, 255)
EDGE = (226, 152, 40, 255)  # the tile's coloured back, seen as its bottom edge
OUTLINE = (90, 80, 60, 255)
BLUE, GREEN, RED, BLACK = (24, 70, 170, 255), (22, 128, 56, 255), (200, 30, 40, 255), (25, 25, 30, 255)

W, H = WIDTH * SCALE, HEIGHT * SCALE
FACE = (6 * SCALE, 5 * SCALE, W - 6 * SCALE, H - 14 * SCALE)  # the picture area of the face
# the 27 kinds of sanma tiles as mpsz codes, plus the red fives
CODES: tuple[str, ...] = (
    "1m",
    "9m",
    *(f"{n}p" for n in range(1, 10)),
    *(f"{n}s" for n in range(1, 10)),
    "0p",
    "0s",
    *(f"{n}z" for n in range(1, 8)),
)
HONOURS = {1: "east", 2: "south", 3: "west", 4: "north", 5: "white", 6: "green", 7: "red"}


def emoji_name(code: str) -> str:
    """``sanma_5p``, ``sanma_5p_red`` for ``0p``, ``sanma_east`` for ``1z``."""
    if code[1] == "z":
        return f"sanma_{HONOURS[int(code[0])]}"
    if code[0] == "0":
        return f"sanma_5{code[1]}_red"
    return f"sanma_{code}"


def _at(u: float, v: float) -> tuple[float, float]:
    x0, y0, x1, y1 = FACE
    return x0 + u * (x1 - x0), y0 + v * (y1 - y0)


def _body(d, face_fill=IVORY) -> None:
    r = 10 * SCALE
    d.rounded_rectangle((SCALE, SCALE, W - SCALE, H - SCALE), r, fill=EDGE, outline=OUTLINE, width=2 * SCALE)
    d.rounded_rectangle((SCALE, SCALE, W - SCALE, H - 11 * SCALE), r, fill=face_fill, outline=OUTLINE, width=2 * SCALE)


# pin circles: (u, v, colour) in the face box
_PIN_LAYOUT: dict[int, list[tuple[float, float, tuple]]] = {
    2: [(0.5, 0.25, GREEN), (0.5, 0.75, BLUE)],
    3: [(0.2, 0.17, BLUE), (0.5, 0.5, RED), (0.8, 0.83, GREEN)],
    4: [
        (u, v, c)
        for (u, v), c in zip(((0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)), (BLUE, GREEN, GREEN, BLUE))
    ],
    5: [(0.24, 0.18, BLUE), (0.76, 0.18, GREEN), (0.5, 0.5, RED), (0.24, 0.82, GREEN), (0.76, 0.82, BLUE)],
    6: [(u, v, GREEN if v < 0.3 else RED) for v in (0.15, 0.5, 0.85) for u in (0.28, 0.72)],
    7: [(0.2, 0.1, GREEN), (0.5, 0.22, GREEN), (0.8, 0.34, GREEN)]
    + [(u, v, RED) for v in (0.62, 0.88) for u in (0.3, 0.7)],
    8: [(u, v, BLUE) for v in (0.12, 0.37, 0.63, 0.88) for u in (0.28, 0.72)],
    9: [(u, v, c) for v, c in ((0.15, BLUE), (0.5, RED), (0.85, GREEN)) for u in (0.2, 0.5, 0.8)],
}
_PIN_RADIUS = {2: 0.22, 3: 0.17, 4: 0.2, 5: 0.17, 6: 0.16, 7: 0.14, 8: 0.125, 9: 0.15}


def _pin_circle(d, u: float, v: float, r: float, colour) -> None:
    cx, cy = _at(u, v)
    disc(d, cx, cy, r, colour)
    disc(d, cx, cy, r * 0.62, IVORY)
    disc(d, cx, cy, r * 0.42, colour)


def _pins(d, n: int, red: bool) -> None:
    face_w = FACE[2] - FACE[0]
    if n == 1:
        cx, cy = _at(0.5, 0.5)
        r = face_w * 0.44
        disc(d, cx, cy, r, GREEN)
        disc(d, cx, cy, r * 0.8, IVORY)
        disc(d, cx, cy, r * 0.68, RED)
        disc(d, cx, cy, r * 0.3, IVORY)
        disc(d, cx, cy, r * 0.16, BLUE)
        return
    for u, v, colour in _PIN_LAYOUT[n]:
        _pin_circle(d, u, v, face_w * _PIN_RADIUS[n], RED if red else colour)


def _stick(d, u: float, v: float, h: float, colour, angle: float = 0) -> None:
    """One bamboo stick centred at (u, v), ``h`` of the face height long."""
    cx, cy = _at(u, v)
    length = h * (FACE[3] - FACE[1])
    width = 0.17 * (FACE[2] - FACE[0])
    d.polygon(rotated_rect(cx, cy, width, length, angle), fill=colour)
    inner = tuple(int(c * 0.55) for c in colour[:3]) + (255,)
    for k in (-0.5, 0, 0.5):  # the nodes
        d.polygon(
            rotated_rect(
                cx - k * length * _sin(angle), cy + k * length * _cos(angle), width * 1.25, length * 0.07, angle
            ),
            fill=inner,
        )
    light = tuple(min(255, int(c * 0.5 + 128)) for c in colour[:3]) + (255,)
    d.polygon(rotated_rect(cx, cy, width * 0.25, length * 0.85, angle), fill=light)


def _sin(a: float) -> float:
    return math.sin(math.radians(a))


def _cos(a: float) -> float:
    return math.cos(math.radians(a))


_SOU_LAYOUT: dict[int, list[tuple[float, float, bool, float]]] = {  # u, v, red, angle
    2: [(0.5, 0.25, False, 0), (0.5, 0.75, False, 0)],
    3: [(0.5, 0.25, False, 0), (0.27, 0.75, False, 0), (0.73, 0.75, False, 0)],
    4: [(u, v, False, 0.0) for v in (0.25, 0.75) for u in (0.27, 0.73)],
    5: [(u, v, False, 0.0) for v in (0.25, 0.75) for u in (0.2, 0.8)] + [(0.5, 0.5, True, 0)],
    6: [(u, v, False, 0.0) for v in (0.25, 0.75) for u in (0.18, 0.5, 0.82)],
    7: [(0.5, 0.15, True, 0)] + [(u, v, False, 0.0) for v in (0.5, 0.85) for u in (0.18, 0.5, 0.82)],
    8: [
        (0.12, 0.25, False, 0),
        (0.38, 0.25, False, 25),
        (0.62, 0.25, False, -25),
        (0.88, 0.25, False, 0),
        (0.12, 0.75, False, 0),
        (0.38, 0.75, False, -25),
        (0.62, 0.75, False, 25),
        (0.88, 0.75, False, 0),
    ],
    9: [(u, v, u == 0.5, 0) for v in (0.15, 0.5, 0.85) for u in (0.18, 0.5, 0.82)],
}
_SOU_LENGTH = {2: 0.42, 3: 0.42, 4: 0.42, 5: 0.42, 6: 0.42, 7: 0.28, 8: 0.42, 9: 0.28}


def _bird(d) -> None:
    """1s: the bamboo bird, a green body with a red head and a fanned tail."""
    cx, cy = _at(0.5, 0.55)
    s = FACE[2] - FACE[0]
    for i, a in enumerate(range(-60, 61, 30)):  # tail feathers
        d.polygon(
            rotated_rect(cx + _sin(a) * s * 0.25, cy + s * 0.3, s * 0.1, s * 0.55, -a * 0.5),
            fill=BLUE if i % 2 else GREEN,
        )
    d.ellipse((cx - s * 0.28, cy - s * 0.38, cx + s * 0.28, cy + s * 0.3), fill=GREEN)
    d.ellipse((cx - s * 0.16, cy - s * 0.2, cx + s * 0.16, cy + s * 0.22), fill=(120, 190, 90, 255))
    hx, hy = cx, cy - s * 0.5
    disc(d, hx, hy, s * 0.17, RED)
    d.polygon(
        [(hx + s * 0.14, hy - s * 0.04), (hx + s * 0.34, hy + s * 0.04), (hx + s * 0.14, hy + s * 0.08)],
        fill=(230, 170, 30, 255),
    )
    disc(d, hx + s * 0.05, hy - s * 0.03, s * 0.035, BLACK)


def _sous(d, n: int, red: bool) -> None:
    if n == 1:
        _bird(d)
        return
    for u, v, is_red, angle in _SOU_LAYOUT[n]:
        _stick(d, u, v, _SOU_LENGTH[n], RED if (red or is_red) else GREEN, angle)


def _manzu(d, n: int) -> None:
    x0, y0, x1, y1 = FACE
    w, h = x1 - x0, y1 - y0
    draw_glyph(
        d, "一" if n == 1 else "九", (x0 + w * 0.15, y0 + h * 0.04, x1 - w * 0.15, y0 + h * 0.44), BLACK, 7.5 * SCALE
    )
    draw_glyph(d, "萬", (x0 + w * 0.1, y0 + h * 0.52, x1 - w * 0.1, y1 - h * 0.02), RED, 5.5 * SCALE)


def _honour(d, n: int) -> None:
    x0, y0, x1, y1 = FACE
    w, h = x1 - x0, y1 - y0
    box = (x0 + w * 0.12, y0 + h * 0.12, x1 - w * 0.12, y1 - h * 0.12)
    if n <= 4:
        draw_glyph(d, "ESWN"[n - 1], box, BLACK, 10 * SCALE)
    elif n == 5:  # white dragon: an empty blue frame
        d.rounded_rectangle(box, 4 * SCALE, outline=BLUE, width=6 * SCALE)
        inner = (box[0] + 10 * SCALE, box[1] + 10 * SCALE, box[2] - 10 * SCALE, box[3] - 10 * SCALE)
        d.rounded_rectangle(inner, 2 * SCALE, outline=BLUE, width=3 * SCALE)
    else:
        draw_glyph(d, "発" if n == 6 else "中", box, GREEN if n == 6 else RED, 9 * SCALE)


def draw(code: str) -> Image.Image:
    """The face of the tile with mpsz ``code`` (``0p``/``0s`` = red fives)."""
    img, d = canvas.new(WIDTH, HEIGHT)
    _body(d)
    n, suit = int(code[0]), code[1]
    red = n == 0
    if suit == "p":
        _pins(d, n or 5, red)
    elif suit == "s":
        _sous(d, n or 5, red)
    elif suit == "m":
        _manzu(d, n)
    else:
        _honour(d, n)
    if red:  # a red five also carries a red dot in its corner, visible at any size
        disc(d, FACE[2] - 2 * SCALE, FACE[1] + 2 * SCALE, 4 * SCALE, RED)
    return canvas.finish(img)


def draw_back() -> Image.Image:
    img, d = canvas.new(WIDTH, HEIGHT)
    _body(d, face_fill=EDGE)
    d.rounded_rectangle(canvas.inset(FACE, 4 * SCALE), 6 * SCALE, outline=(255, 236, 190, 255), width=3 * SCALE)
    return canvas.finish(img)
