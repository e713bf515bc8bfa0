"""A tiny stroke font: the digits, the letters and the few CJK signs the faces need, as polylines.

Glyphs are drawn as shapes so that building the faces needs no font file on any machine.
Each glyph is a list of strokes; a stroke is a list of points in a unit box (x right, y down).
"""

from __future__ import annotations

import math

from PIL import ImageDraw

Point = tuple[float, float]


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, steps: int = 24) -> list[Point]:
    """Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def _box(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


GLYPHS: dict[str, list[list[Point]]] = {
    "0": [arc(0.5, 0.5, 0.42, 0.5, 0, 360)],
    "1": [[(0.25, 0.2), (0.55, 0.0), (0.55, 1.0)], [(0.25, 1.0), (0.85, 1.0)]],
    "2": [arc(0.5, 0.28, 0.42, 0.28, 190, 390) + [(0.05, 1.0), (0.95, 1.0)]],
    "3": [arc(0.5, 0.25, 0.38, 0.25, 200, 450), arc(0.5, 0.74, 0.44, 0.26, 270, 520)],
    "4": [[(0.72, 1.0), (0.72, 0.0), (0.02, 0.7), (0.98, 0.7)]],
    "5": [[(0.9, 0.0), (0.18, 0.0), (0.12, 0.45)] + arc(0.5, 0.68, 0.42, 0.32, 225, 500)],
    "6": [[(0.8, 0.02), (0.4, 0.18), (0.12, 0.5), (0.08, 0.7)], arc(0.5, 0.7, 0.42, 0.3, 0, 360)],
    "7": [[(0.02, 0.0), (0.98, 0.0), (0.4, 1.0)]],
    "8": [arc(0.5, 0.24, 0.36, 0.24, 0, 360), arc(0.5, 0.73, 0.44, 0.27, 0, 360)],
    "9": [arc(0.5, 0.3, 0.42, 0.3, 0, 360), [(0.92, 0.3), (0.88, 0.5), (0.6, 0.82), (0.2, 0.98)]],
    "A": [[(0.0, 1.0), (0.5, 0.0), (1.0, 1.0)], [(0.2, 0.64), (0.8, 0.64)]],
    "E": [[(0.95, 0.0), (0.05, 0.0), (0.05, 1.0), (0.95, 1.0)], [(0.05, 0.5), (0.8, 0.5)]],
    "N": [[(0.05, 1.0), (0.05, 0.0), (0.95, 1.0), (0.95, 0.0)]],
    "S": [arc(0.5, 0.26, 0.44, 0.26, 330, 90), arc(0.5, 0.74, 0.46, 0.26, 270, 510)],
    "W": [[(0.0, 0.0), (0.25, 1.0), (0.5, 0.3), (0.75, 1.0), (1.0, 0.0)]],
    "X": [[(0.05, 0.0), (0.95, 1.0)], [(0.95, 0.0), (0.05, 1.0)]],
    "/": [[(0.85, 0.0), (0.15, 1.0)]],
    # CJK signs, simplified
    "一": [[(0.02, 0.5), (0.98, 0.45)]],
    "九": [
        [(0.5, 0.0), (0.45, 0.5), (0.05, 1.0)],
        [(0.08, 0.32), (0.7, 0.32), (0.68, 0.88), (0.78, 0.98), (1.0, 0.95), (1.0, 0.78)],
    ],
    "萬": [
        [(0.02, 0.13), (0.98, 0.13)],
        [(0.3, 0.0), (0.3, 0.26)],
        [(0.7, 0.0), (0.7, 0.26)],
        _box(0.22, 0.32, 0.78, 0.56),
        [(0.22, 0.44), (0.78, 0.44)],
        [(0.5, 0.32), (0.5, 0.7)],
        [(0.08, 1.0), (0.08, 0.66), (0.92, 0.66), (0.92, 0.95), (0.8, 1.0)],
        [(0.3, 0.9), (0.5, 0.74), (0.7, 0.9)],
    ],
    "中": [_box(0.08, 0.25, 0.92, 0.68), [(0.5, 0.0), (0.5, 1.0)]],
    "発": [
        [(0.1, 0.05), (0.32, 0.12), (0.12, 0.3)],
        [(0.6, 0.05), (0.9, 0.3)],
        [(0.62, 0.18), (0.82, 0.08)],
        [(0.05, 0.42), (0.95, 0.42)],
        [(0.22, 0.6), (0.78, 0.6)],
        [(0.38, 0.42), (0.34, 0.78), (0.08, 1.0)],
        [(0.64, 0.42), (0.64, 0.92), (0.92, 1.0)],
    ],
}


def draw_glyph(
    draw: ImageDraw.ImageDraw, char: str, box: tuple[float, float, float, float], fill, width: float
) -> None:
    """Draw ``char`` filling ``box`` (x0, y0, x1, y1) with round-ended strokes ``width`` pixels wide."""
    x0, y0, x1, y1 = box
    r = width / 2
    for stroke in GLYPHS[char]:
        pts = [(x0 + u * (x1 - x0), y0 + v * (y1 - y0)) for u, v in stroke]
        draw.line(pts, fill=fill, width=round(width), joint="curve")
        for x, y in pts:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def draw_text(
    draw: ImageDraw.ImageDraw, text: str, box: tuple[float, float, float, float], fill, width: float, gap: float = 0.25
) -> None:
    """Draw ``text`` left to right in ``box``, each glyph the box height tall and 0.6 of it wide."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    w = 0.6 * h
    total = len(text) * w + (len(text) - 1) * gap * w
    x = x0 + ((x1 - x0) - total) / 2
    for ch in text:
        draw_glyph(draw, ch, (x, y0, x + w, y1), fill, width)
        x += w * (1 + gap)
