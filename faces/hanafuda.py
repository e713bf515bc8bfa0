"""Hanafuda faces (docs/rules/hanafuda-deck.md): the month's plant on its colours, the rank's mark on top.

Brights carry a gold frame and their picture (sun and crane, curtain, moon, rain man, phoenix),
animals their animal, ribbons a red, blue or written-on red strip, chaff only the plant. Every card
also shows its month number in a corner so the month reads even at emoji size.
"""

from __future__ import annotations

import math

from PIL import Image

from faces import canvas
from faces.canvas import SCALE, disc, rotated_rect
from faces.glyphs import draw_text
from games.hanafuda import BRIGHT, RIBBON, Card

WIDTH, HEIGHT = 80, 128
W, H = WIDTH * SCALE, HEIGHT * SCALE
INNER = (5 * SCALE, 5 * SCALE, W - 5 * SCALE, H - 5 * SCALE)
FRAME = (30, 22, 20, 255)
GOLD = (222, 176, 48, 255)
CREAM = (246, 236, 212, 255)
RED, BLUE, BLACK, WHITE = (206, 36, 36, 255), (36, 70, 176, 255), (22, 20, 22, 255), (255, 255, 255, 255)
GREEN, DARK_GREEN, BROWN = (46, 140, 62, 255), (24, 84, 42, 255), (110, 64, 32, 255)
PINK, PURPLE, YELLOW = (240, 150, 180, 255), (120, 64, 170, 255), (240, 200, 40, 255)
SKY_RED = (222, 80, 60, 255)

# The sky (background) of each month's cards.
SKY = {
    1: CREAM,
    2: CREAM,
    3: (250, 228, 232, 255),
    4: CREAM,
    5: CREAM,
    6: CREAM,
    7: CREAM,
    8: (236, 210, 196, 255),
    9: CREAM,
    10: CREAM,
    11: (196, 206, 214, 255),
    12: (250, 236, 180, 255),
}


def emoji_name(card: Card) -> str:
    """``hf_01_crane``, ``hf_09_chrysanthemum_chaff_1``."""
    slug = "".join(ch if ch.isalnum() else "_" for ch in card.name.lower())
    return f"hf_{card.month:02d}_{slug}"


class _Pen:
    """Unit coordinates in the card's inner area, mirrored left-right (and lowered) when ``flip``."""

    def __init__(self, d, flip: bool = False):
        self.d, self.flip = d, flip
        self.dv = 0.04 if flip else 0.0  # the second chaff also sits a little lower (for symmetric plants)

    def at(self, u: float, v: float) -> tuple[float, float]:
        x0, y0, x1, y1 = INNER
        return x0 + (1 - u if self.flip else u) * (x1 - x0), y0 + (v + self.dv) * (y1 - y0)

    def len(self, k: float) -> float:
        return k * (INNER[2] - INNER[0])

    def disc(self, u, v, r, fill):
        disc(self.d, *self.at(u, v), self.len(r), fill)

    def oval(self, u, v, rx, ry, fill):
        x, y = self.at(u, v)
        self.d.ellipse((x - self.len(rx), y - self.len(ry), x + self.len(rx), y + self.len(ry)), fill=fill)

    def poly(self, pts, fill):
        self.d.polygon([self.at(u, v) for u, v in pts], fill=fill)

    def line(self, pts, fill, width):
        self.d.line([self.at(u, v) for u, v in pts], fill=fill, width=round(self.len(width)), joint="curve")

    def rect(self, u, v, w, h, angle, fill):
        a = -angle if self.flip else angle
        self.d.polygon(rotated_rect(*self.at(u, v), self.len(w), self.len(h), a), fill=fill)


def _flower(p: _Pen, u, v, r, petal, centre, n=5):
    for i in range(n):
        a = math.radians(i * 360 / n - 90)
        p.disc(u + r * 0.6 * math.cos(a), v + r * 0.6 * math.sin(a) * 0.62, r * 0.55, petal)
    p.disc(u, v, r * 0.35, centre)


# ---- the twelve plants ------------------------------------------------------------------------
def _pine(p):
    p.poly([(0.42, 1.0), (0.5, 0.5), (0.62, 0.2), (0.66, 0.22), (0.58, 0.55), (0.6, 1.0)], BROWN)
    for u, v, r in ((0.3, 0.62, 0.3), (0.72, 0.36, 0.26), (0.48, 0.86, 0.34)):
        p.oval(u, v, r, r * 0.38, DARK_GREEN)
        p.oval(u, v - 0.03, r * 0.8, r * 0.22, GREEN)


def _plum(p):
    p.line([(0.0, 0.95), (0.35, 0.7), (0.5, 0.45), (0.9, 0.3)], BLACK, 0.07)
    p.line([(0.35, 0.7), (0.75, 0.75)], BLACK, 0.05)
    for u, v in ((0.2, 0.8), (0.5, 0.5), (0.78, 0.33), (0.68, 0.75), (0.38, 0.62)):
        _flower(p, u, v, 0.13, RED, YELLOW)


def _cherry(p):
    p.line([(0.0, 0.4), (0.4, 0.55), (1.0, 0.5)], BROWN, 0.06)
    for u, v in ((0.12, 0.3), (0.35, 0.45), (0.6, 0.4), (0.85, 0.55), (0.25, 0.65), (0.7, 0.68), (0.5, 0.2)):
        _flower(p, u, v, 0.14, PINK, RED)


def _wisteria(p):
    for u0, n in ((0.22, 7), (0.5, 9), (0.78, 6)):
        for i in range(n):
            p.disc(u0 + 0.04 * math.sin(i), 0.08 + i * 0.075, 0.08 - i * 0.005, PURPLE)
    for u in (0.1, 0.4, 0.65, 0.9):
        p.oval(u, 0.05, 0.1, 0.04, GREEN)


def _iris(p):
    for u, lean in ((0.2, -0.08), (0.4, 0.03), (0.6, -0.04), (0.8, 0.08)):
        p.poly([(u - 0.04, 1.0), (u + lean, 0.45), (u + 0.04, 1.0)], GREEN)
    for u, v in ((0.32, 0.42), (0.7, 0.5)):
        p.oval(u, v, 0.08, 0.16, PURPLE)
        p.oval(u - 0.1, v + 0.05, 0.1, 0.05, PURPLE)
        p.oval(u + 0.1, v + 0.05, 0.1, 0.05, PURPLE)
        p.disc(u, v + 0.02, 0.03, YELLOW)


def _peony(p):
    for u, v in ((0.2, 0.8), (0.8, 0.78), (0.5, 0.92)):
        p.oval(u, v, 0.22, 0.09, DARK_GREEN)
    p.disc(0.5, 0.6, 0.3, (170, 20, 60, 255))
    p.disc(0.5, 0.58, 0.22, RED)
    p.disc(0.5, 0.56, 0.12, PINK)


def _clover(p):
    for k in (0.0, 0.3, 0.6):
        pts = [
            (0.1 + k * 0.3 + 0.7 * t, 1.0 - 0.8 * math.sin(t * 2.2) * (1 - k * 0.3))
            for t in (i / 10 for i in range(11))
        ]
        p.line(pts, BLACK, 0.025)
        for u, v in pts[2::2]:
            p.oval(u, v - 0.03, 0.05, 0.025, (200, 40, 100, 255))


def _susuki(p):
    p.oval(0.5, 1.0, 0.8, 0.62, BLACK)
    for i in range(9):
        u = 0.05 + i * 0.11
        top = 0.72 - 0.5 * math.sqrt(max(0.0, 1 - ((u - 0.5) / 0.8) ** 2))  # the hill's edge
        p.line([(u, top + 0.2), (u + 0.1, top - 0.12 + 0.04 * (i % 3))], WHITE, 0.03)


def _chrysanthemum(p):
    for u, v in ((0.25, 0.85), (0.75, 0.9)):
        p.oval(u, v, 0.2, 0.08, DARK_GREEN)
    for u, v, r in ((0.4, 0.62, 0.22), (0.75, 0.45, 0.14)):
        _flower(p, u, v, r, YELLOW, (220, 120, 30, 255), n=12)


def _maple_leaf(p, u, v, r):
    pts = []
    for i in range(10):
        a = math.radians(i * 36 - 90)
        k = r if i % 2 == 0 else r * 0.45
        pts.append((u + k * math.cos(a), v + k * math.sin(a) * 0.62))
    p.poly(pts, RED)


def _maple(p):
    p.line([(1.0, 0.1), (0.55, 0.35), (0.3, 0.7)], BROWN, 0.04)
    for u, v in ((0.8, 0.18), (0.55, 0.3), (0.35, 0.45), (0.6, 0.55), (0.25, 0.72), (0.8, 0.45)):
        _maple_leaf(p, u, v, 0.16)


def _willow(p):
    for u in (0.15, 0.35, 0.55, 0.75, 0.92):
        p.line([(u, 0.0), (u + 0.06, 0.3), (u + 0.02, 0.6)], DARK_GREEN, 0.03)
        for v in (0.15, 0.3, 0.45):
            p.oval(u + 0.05, v, 0.03, 0.05, GREEN)


def _paulownia(p):
    for u, v in ((0.25, 0.85), (0.75, 0.85), (0.5, 0.95)):
        p.oval(u, v, 0.25, 0.12, BLACK)
    for i, u in enumerate((0.3, 0.5, 0.7)):
        for k in range(4):
            p.disc(u, 0.5 - i % 2 * 0.05 + k * 0.07, 0.06, PURPLE)


PLANTS = {
    1: _pine,
    2: _plum,
    3: _cherry,
    4: _wisteria,
    5: _iris,
    6: _peony,
    7: _clover,
    8: _susuki,
    9: _chrysanthemum,
    10: _maple,
    11: _willow,
    12: _paulownia,
}


# ---- the marks of rank ------------------------------------------------------------------------
def _ribbon(p, colour, written: bool):
    p.rect(0.5, 0.42, 0.26, 0.62, -12, colour)
    if written:  # the poem: bold black writing down the ribbon
        for k in range(3):
            p.rect(0.5 + 0.035 * (k - 1), 0.3 + 0.12 * k, 0.15, 0.06, -12, BLACK)


def _bird(p, u, v, s, body, head, wings=False):
    p.oval(u, v, 0.16 * s, 0.09 * s, body)
    p.disc(u + 0.15 * s, v - 0.07 * s, 0.07 * s, head)
    p.poly([(u + 0.2 * s, v - 0.09 * s), (u + 0.3 * s, v - 0.06 * s), (u + 0.2 * s, v - 0.04 * s)], YELLOW)
    p.poly([(u - 0.14 * s, v), (u - 0.34 * s, v - 0.06 * s), (u - 0.3 * s, v + 0.06 * s)], body)
    if wings:
        p.poly([(u - 0.05 * s, v - 0.04 * s), (u - 0.2 * s, v - 0.35 * s), (u + 0.08 * s, v - 0.05 * s)], body)


def _crane(p):
    p.disc(0.66, 0.24, 0.26, RED)
    p.oval(0.45, 0.7, 0.22, 0.12, WHITE)
    p.poly([(0.25, 0.7), (0.1, 0.78), (0.3, 0.8)], BLACK)
    p.line([(0.6, 0.66), (0.72, 0.5), (0.7, 0.4)], WHITE, 0.07)
    p.disc(0.71, 0.39, 0.05, RED)
    p.poly([(0.74, 0.37), (0.92, 0.42), (0.74, 0.42)], YELLOW)


def _curtain(p):
    p.rect(0.5, 0.72, 1.0, 0.42, 0, RED)
    for k in range(5):
        p.rect(0.1 + 0.2 * k, 0.72, 0.07, 0.42, 0, WHITE if k % 2 else (150, 20, 30, 255))
    p.rect(0.5, 0.52, 1.0, 0.05, 0, BLACK)


def _moon(p):
    p.rect(0.5, 0.3, 1.0, 0.6, 0, SKY_RED)
    p.disc(0.5, 0.3, 0.3, (252, 246, 226, 255))


def _rain_man(p):
    for k in range(6):
        p.line([(0.1 + 0.16 * k, 0.0), (0.02 + 0.16 * k, 0.3)], (60, 60, 80, 255), 0.02)
    p.poly([(0.15, 0.42), (0.5, 0.22), (0.85, 0.42)], YELLOW)
    p.line([(0.5, 0.3), (0.5, 0.65)], BROWN, 0.03)
    p.disc(0.45, 0.5, 0.07, (240, 210, 180, 255))
    p.poly([(0.3, 0.95), (0.4, 0.56), (0.55, 0.56), (0.65, 0.95)], (40, 60, 150, 255))
    p.oval(0.82, 0.9, 0.08, 0.05, GREEN)


def _phoenix(p):
    p.oval(0.5, 0.35, 0.22, 0.14, (230, 90, 40, 255))
    for k, c in enumerate((GREEN, YELLOW, RED, BLUE, GREEN)):
        p.rect(0.28 + 0.11 * k, 0.16, 0.08, 0.32, -30 + 15 * k, c)
    p.disc(0.72, 0.28, 0.08, RED)
    p.poly([(0.78, 0.26), (0.92, 0.3), (0.78, 0.32)], YELLOW)


def _bridge(p):
    for k in range(4):
        p.rect(0.22 + 0.19 * k, 0.55 + 0.12 * (k % 2), 0.3, 0.09, 25 if k % 2 else -25, BROWN)


def _butterflies(p):
    for u, v, c in ((0.35, 0.3, BLUE), (0.7, 0.22, YELLOW)):
        for du, dv, r in ((-0.08, -0.04, 0.09), (0.08, -0.04, 0.09), (-0.06, 0.06, 0.06), (0.06, 0.06, 0.06)):
            p.disc(u + du, v + dv, r, c)
        p.oval(u, v, 0.02, 0.08, BLACK)


def _boar(p):
    p.oval(0.5, 0.48, 0.3, 0.15, BROWN)
    p.poly([(0.75, 0.42), (0.95, 0.5), (0.75, 0.58)], BROWN)
    for u in (0.32, 0.45, 0.58, 0.7):
        p.rect(u, 0.65, 0.05, 0.14, 0, (70, 40, 20, 255))
    p.disc(0.82, 0.46, 0.02, BLACK)


def _geese(p):
    for u, v, s in ((0.3, 0.15, 1.0), (0.55, 0.28, 0.85), (0.78, 0.12, 0.75)):
        p.line([(u - 0.12 * s, v - 0.06 * s), (u, v + 0.02 * s), (u + 0.12 * s, v - 0.06 * s)], BLACK, 0.05)


def _sake_cup(p):
    p.oval(0.5, 0.42, 0.34, 0.14, RED)
    p.oval(0.5, 0.4, 0.26, 0.08, (160, 20, 30, 255))
    p.rect(0.5, 0.55, 0.2, 0.08, 0, RED)
    p.disc(0.5, 0.4, 0.06, GOLD)


def _deer(p):
    p.oval(0.45, 0.55, 0.25, 0.12, (170, 100, 50, 255))
    p.line([(0.65, 0.5), (0.75, 0.3)], (170, 100, 50, 255), 0.07)
    p.oval(0.8, 0.28, 0.08, 0.05, (170, 100, 50, 255))
    p.line([(0.75, 0.24), (0.7, 0.08), (0.62, 0.04)], BROWN, 0.025)
    p.line([(0.72, 0.14), (0.84, 0.06)], BROWN, 0.025)
    for u in (0.28, 0.4, 0.52, 0.62):
        p.rect(u, 0.72, 0.04, 0.18, 0, BROWN)


def _swallow(p):
    p.poly([(0.2, 0.5), (0.55, 0.35), (0.95, 0.15), (0.6, 0.45), (0.8, 0.62), (0.5, 0.5), (0.3, 0.65)], BLACK)
    p.disc(0.26, 0.5, 0.05, RED)


def _lightning(p):
    p.rect(0.5, 0.55, 1.0, 0.4, 0, (60, 60, 70, 255))
    p.poly([(0.6, 0.38), (0.4, 0.58), (0.55, 0.6), (0.35, 0.85), (0.7, 0.55), (0.55, 0.53), (0.72, 0.38)], YELLOW)
    p.disc(0.2, 0.45, 0.08, RED)


PICTURES = {
    "1L": _crane,
    "3L": _curtain,
    "8L": _moon,
    "11L": _rain_man,
    "12L": _phoenix,
    "2A": lambda p: _bird(p, 0.45, 0.25, 1.3, (110, 130, 50, 255), (110, 130, 50, 255)),
    "4A": lambda p: _bird(p, 0.5, 0.3, 1.4, BLACK, BLACK, wings=True),
    "5A": _bridge,
    "6A": _butterflies,
    "7A": _boar,
    "8A": _geese,
    "9A": _sake_cup,
    "10A": _deer,
    "11A": _swallow,
    "11C": _lightning,
}
RIBBON_COLOURS = {"poetry": RED, "blue": BLUE, "plain": RED}


def _badge(d, month: int, bright: bool) -> None:
    """The month number on a white disc in the top-left corner."""
    r = 12 * SCALE
    cx, cy = INNER[0] + r + SCALE, INNER[1] + r + SCALE
    disc(d, cx, cy, r, WHITE, outline=GOLD if bright else BLACK, width=2 * SCALE)
    text = str(month)
    h = r * 1.1
    draw_text(d, text, (cx - r, cy - h / 2, cx + r, cy + h / 2), BLACK, 3 * SCALE, gap=0.1)


def draw(card: Card) -> Image.Image:
    img, d = canvas.new(WIDTH, HEIGHT)
    d.rounded_rectangle((0, 0, W - 1, H - 1), 6 * SCALE, fill=FRAME)
    layer, ld = canvas.new(WIDTH, HEIGHT)  # the picture, cut to the card's inner area
    ld.rectangle(INNER, fill=SKY[card.month])
    if card.code == "12C3":  # the one paulownia chaff with its coloured lower band
        ld.rectangle((INNER[0], INNER[1] + (INNER[3] - INNER[1]) * 0.7, INNER[2], INNER[3]), fill=YELLOW)
    if card.code == "8L":
        _moon(_Pen(ld))
    PLANTS[card.month](_Pen(ld, flip=card.code[-1] == "2"))
    if card.code in PICTURES and card.code != "8L":
        PICTURES[card.code](_Pen(ld))
    if card.kind == RIBBON and card.ribbon is not None:  # every ribbon names its colour
        _ribbon(_Pen(ld), RIBBON_COLOURS[card.ribbon], card.ribbon == "poetry")
    canvas.clip(layer, INNER, 3 * SCALE)
    img.alpha_composite(layer)
    if card.kind == BRIGHT:
        d.rounded_rectangle(INNER, 3 * SCALE, outline=GOLD, width=3 * SCALE)
    _badge(d, card.month, card.kind == BRIGHT)
    return canvas.finish(img)


def draw_back() -> Image.Image:
    img, d = canvas.new(WIDTH, HEIGHT)
    d.rounded_rectangle((0, 0, W - 1, H - 1), 6 * SCALE, fill=FRAME)
    d.rounded_rectangle(INNER, 3 * SCALE, fill=(150, 30, 30, 255))
    d.rounded_rectangle(canvas.inset(INNER, 6 * SCALE), 3 * SCALE, outline=(90, 10, 15, 255), width=3 * SCALE)
    return canvas.finish(img)
