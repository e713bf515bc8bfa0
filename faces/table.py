"""What every picture is drawn with: the :class:`Board` a game's drawers paste faces and text on, and the
helpers they share. Each game's drawers live in its presentation home (``bot/render/<game>/pictures.py``)
and read only the view they are given: a table picture the public view, a panel the seat's own view, a
result picture the result event. A board records every face pasted (emoji names, in order) and every text,
which the tests compare with the view; the same view always gives the same bytes, so a caller can skip
re-uploading an unchanged picture.

Every picture (the panels' and the results' too) is laid out for the box Discord's client shows an embed's
image in, 400x300: ``fitted`` draws it with the largest face size (and layout) that keeps it within that box,
so that it is shown at the size it is drawn. A picture says in words who is to act and what.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NoReturn

from PIL import Image

from faces import face_path, lettering, load_manifest
from faces.png import png_file
from faces.strokes import Stroke, filled, framed, painted
from games import hanafuda as hf

FELT = (28, 84, 58)
INK = (245, 245, 235)
DIM_INK = (190, 210, 195)
MARK = (230, 70, 60)
# Discord's client shows an embed's image at most 400 px wide and 300 px tall, scaled down with its proportions
# kept (and never enlarged); the API documentation says nothing of it, so the pictures are laid out for that
# box: 400 px wide, and the largest faces with which the picture stays within 300 px (``fitted``).
WIDTH = 400
SHOWN_HEIGHT = 300
MAX_HEIGHT = 1600
MARGIN = 6
RIGHT_EDGE = WIDTH - MARGIN  # where a line, a row of faces, has to end
INNER_WIDTH = WIDTH - 2 * MARGIN  # the room between the margins
GAP = 2
COLOURS = 128
TEXT = 13  # text size, pixels
TITLE = 14  # a picture's first line
MIN_WIDTH = 320  # a panel picture narrower than this is not cut further: Discord would blow it up
DRAWN_GAP = 10  # between a hand and the card or tile just drawn
ROW = 1  # a PNG row's first byte, its filter type: the strokes are recorded on the rows, this much to the right

BACKS = {"sanma": "sanma_back", "hanafuda": "hf_back", "bcpoker": "bcp_back"}
# the face heights tried, largest first: the picture takes the largest with which it fits the shown box
SIZES = {
    "sanma": (36, 34, 32, 30, 28, 26, 24, 22),
    "hanafuda": (48, 44, 40, 36, 33, 30, 27, 24),
    "bcpoker": (48, 44, 40, 36, 32, 28, 24),
}


@lru_cache(maxsize=1)
def _names() -> dict[tuple[str, str], str]:
    return {(f["game"], f["code"]): f["name"] for f in load_manifest()["faces"]}


def face_name(family: str, code: str | None) -> str:
    """The emoji name of a card/tile code of a face family (``"sanma"``, ``"hanafuda"``, ``"bcpoker"``); ``None``
    (face down) is the family's back."""
    return BACKS[family] if code is None else _names()[(family, code)]


FIXED = (FELT, INK, DIM_INK, MARK)  # the last palette entries, exact


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every picture: the faces' colours (over the felt) and the fixed colours.
    Faces are mapped to it once (cached), so a render only pastes indices: no per-picture quantizing."""
    faces = [Image.open(face_path(f["name"])).convert("RGBA") for f in load_manifest()["faces"]]
    sheet = Image.new("RGB", (sum(f.width for f in faces), max(f.height for f in faces)), FELT)
    x = 0
    for f in faces:
        sheet.paste(f, (x, 0), f)
        x += f.width
    colours = (sheet.quantize(COLOURS - len(FIXED), method=Image.Quantize.MEDIANCUT).getpalette() or [])[
        : 3 * (COLOURS - len(FIXED))
    ]
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours + [c for rgb in FIXED for c in rgb])
    return pal


INKS = {colour: COLOURS - len(FIXED) + n for n, colour in enumerate(FIXED)}  # each fixed colour's palette index


def ink(colour) -> int:
    return INKS[colour]


@cache  # one per face: some 100
def _source(name: str) -> Image.Image:
    """A committed face as drawn, read and decoded once (each size is scaled from it)."""
    with Image.open(face_path(name)) as face:
        return face.convert("RGBA")


@lru_cache(maxsize=4096)  # every face at every size tried, turned or not
def _scaled(name: str, height: int, turned: bool, dim: bool) -> Image.Image:
    img = _source(name)
    img = img.resize((round(img.width * height / img.height), height), Image.Resampling.LANCZOS)
    if dim:
        grey = Image.new("RGBA", img.size, (60, 60, 60, 255))
        img = Image.composite(Image.blend(img, grey, 0.45), img, img.getchannel("A"))
    if turned:
        img = img.rotate(90, expand=True)
    flat = Image.new("RGB", img.size, FELT)
    flat.paste(img, (0, 0), img)
    return flat.quantize(palette=_palette(), dither=Image.Dither.NONE)


def warm_faces() -> int:
    """Scales every face to each size its family's pictures are drawn at (at start-up: a size first drawn on a
    player's move would cost a millisecond a face); how many."""
    faces = [(f["game"], f["name"]) for f in load_manifest()["faces"]]  # a face's game is its family
    return sum(_scaled(name, height, False, False) is not None for family, name in faces for height in SIZES[family])


@lru_cache(maxsize=4096)
def _extent(name: str, height: int, turned: bool) -> tuple[int, int]:
    """A face's width and height as drawn (marked or not: the same), looked up without touching the picture."""
    img = _scaled(name, height, turned, False)
    return img.width, img.height


@lru_cache(maxsize=4096)
def _stamp(name: str, height: int, turned: bool, dim: bool) -> tuple[int, int, Any]:
    """A face as pasted: its width, its height and its scaled pixels (Pillow's core picture)."""
    img = _scaled(name, height, turned, dim)
    return img.width, img.height, img.im


@lru_cache(maxsize=1)
def _palette_bytes() -> bytes:
    """The palette as a PNG's PLTE chunk holds it (``getpalette`` loads it into the picture first)."""
    return bytes(_palette().getpalette("RGB") or [])


@lru_cache(maxsize=4)
def _codes(family: str) -> dict[str | None, str]:
    """A face set's emoji names by card/tile code, ``None`` (face down) its back."""
    return {code: name for (game, code), name in _names().items() if game == family} | {None: BACKS[family]}


@lru_cache(maxsize=4096)
def _lettered(text: str, size: int) -> tuple[tuple[int, int, int, Any], ...]:
    """``text``'s masks (``faces/lettering.py``) as pasted: where each goes and its core picture."""
    return tuple((left, width, height, mask.im) for left, width, height, mask in lettering.pieces(text, size))


def length(text: str, size: int = TEXT) -> float:
    """How wide ``text`` is drawn, in pixels (measured once: the same words come back in every picture)."""
    return lettering.length(text, size)


@lru_cache(maxsize=1024)
def _plain(text: str) -> str:
    """Seat names drawn in Latin characters only (the bundled font has no others; the embed has the rest); a
    name with no Latin letter or digit at all is empty, so that the seat is drawn by its number instead."""
    plain = "".join(c if 32 <= ord(c) < 0x250 else "?" for c in text)[:20]
    return plain if any(c.isalnum() for c in plain) else ""


class Board:
    """A canvas that grows downwards and records every face it pastes. ``card`` is the height of the picture's
    faces (smaller ones are drawn relative to it). A board lays its picture out and records its strokes
    (``faces/strokes.py``); they are painted only when the picture is asked for (:meth:`png`, :attr:`img`), so that
    ``fitted`` can lay a picture out at several sizes and paint only the one it keeps. A board of no face set
    (``family`` None) draws text and rectangles only."""

    def __init__(self, family: str | None, card: int | None = None):
        self.family = family  # the faces it draws: "sanma", "hanafuda", "bcpoker", or None
        self.card = card or (TEXT if family is None else SIZES[family][0])
        self._names: dict[str | None, str] = {} if family is None else _codes(family)  # its faces' names by code
        self.strokes: list[Stroke] = []  # what is painted, in order, on the PNG's rows: ``ROW`` pixels to the right
        self.y = MARGIN
        self.right = 0  # the rightmost pixel drawn
        self.faces: list[str] = []
        self.turned: list[str] = []  # the faces drawn turned (riichi discards, called tiles)
        self.texts: list[str] = []  # every text drawn, in order

    @property
    def height(self) -> int:
        return min(self.y + MARGIN, MAX_HEIGHT)

    @property
    def boxes(self) -> list[tuple[int, int, int, int]]:
        """Where each face went (left, top, right, bottom), in order: its stroke's box, off the PNG's rows (a face's
        stroke pastes a picture; a text's and a rectangle's a colour)."""
        return [
            (left - ROW, top, right - ROW, bottom)
            for source, (left, top, right, bottom), *_ in self.strokes
            if not isinstance(source, int)
        ]

    def text(self, x: int, y: int, text: str, size: int = TEXT, fill=INK) -> int:
        """Draws ``text``; returns the x after it."""
        self.texts.append(text)
        if text:
            colour = ink(fill)
            self.strokes += [
                (colour, (x + left + ROW, y, x + left + width + ROW, y + height), mask)
                for left, width, height, mask in _lettered(text, size)
            ]
        end = x + round(length(text, size))
        self.right = max(self.right, end)
        return end

    def line(self, text: str, size: int = TEXT, fill=INK) -> None:
        self.text(MARGIN, self.y, text, size, fill)
        self.y += size + 5

    def mark(self, top: int) -> None:
        """A bar on the left edge from ``top`` to the current line: whose turn it is."""
        self.rectangle((0, top, 3, self.y - 2), MARK)

    def rectangle(self, box: tuple[int, int, int, int], colour, width: int = 0) -> None:
        """As ``ImageDraw.rectangle``: filled, or with ``width`` a frame that wide inside ``box``."""
        left, top, right, bottom = box
        on_rows = (left + ROW, top, right + ROW, bottom)
        self.strokes += framed(on_rows, ink(colour), width) if width else filled(on_rows, ink(colour))

    def face(self, x: int, y: int, code: str | None, height: int, turned=False, dim=False) -> int:
        return self._put(x, y, self._face_name(code), height, turned, dim)

    def _put(self, x: int, y: int, name: str, height: int, turned: bool, dim: bool) -> int:
        """The face ``name`` with its row's top at (x, y); returns the x after it."""
        return self._stamped(x, y, name, height, turned, _stamp(name, height, turned, dim))

    def _stamped(self, x: int, y: int, name: str, height: int, turned: bool, stamp: tuple[int, int, Any]) -> int:
        width, tall, pixels = stamp
        top = y + (height - tall)  # turned tiles sit on the row's baseline
        self.strokes.append((pixels, (x + ROW, top, x + width + ROW, top + tall)))
        self.faces.append(name)
        if x + width > self.right:
            self.right = x + width
        if turned:
            self.turned.append(name)
        return x + width + GAP

    def width(self, codes, height: int, turned=()) -> int:
        return sum(_extent(self._face_name(c), height, i in turned)[0] + GAP for i, c in enumerate(codes))

    def row(
        self, x: int, codes, height: int, turned=(), dim=(), wrap_at: int = RIGHT_EDGE, left: int | None = None
    ) -> int:
        """Faces left to right from (x, self.y), wrapping under ``left`` (by default ``x``); moves self.y below
        them. ``turned``/``dim`` are the indices to turn / to mark."""
        left = x if left is None else left
        y = self.y
        names = self._names or self._no_faces()
        for i, code in enumerate(codes):
            name, turn = names[code], i in turned
            stamp = _stamp(name, height, turn, i in dim)
            if x + stamp[0] > wrap_at and x > left:
                x, y = left, y + height + GAP
            x = self._stamped(x, y, name, height, turn, stamp)
        self.y = y + height + GAP
        return x

    def _face_name(self, code: str | None) -> str:
        return (self._names or self._no_faces())[code]

    def _no_faces(self) -> NoReturn:
        raise ValueError("this picture draws no card faces")

    @property
    def img(self) -> Image.Image:
        """The picture painted, ``WIDTH`` pixels wide, with the palette."""
        img = painted(self.strokes, (WIDTH + ROW, self.height), ink(FELT)).crop((ROW, 0, WIDTH + ROW, self.height))
        img.putpalette(_palette_bytes())
        return img

    def png(self, width: int = WIDTH) -> bytes:
        """The picture as PNG bytes, ``width`` pixels wide (``faces/png.py`` says how they are compressed): painted on
        the file's rows, each led by its filter type (0)."""
        height = self.height
        rows = painted(self.strokes, (width + ROW, height), ink(FELT))
        rows.im.paste(0, (0, 0, ROW, height))  # (a stroke reaching left of the picture is cut off there)
        return png_file(rows.tobytes(), width, height, _palette_bytes())


def fitted(family: str, *layouts: Callable[[Board], object]) -> Board:
    """The picture laid out by the one of ``layouts`` (``layout(board)``) that stays within the shown height with
    the largest of the game's face sizes (the first layout on a tie; the first at the smallest size when none
    fits). Most pictures take the first layout at the largest size, so that one is tried first. Otherwise each
    other try is measured, the sizes by halving (a picture grows with its faces). Only the board kept is painted
    (when its picture is asked for), so every picture is painted once however many tries it took."""
    sizes = SIZES[family]
    tried: dict[tuple[int, int], Board] = {}

    def laid(layout: int, size: int) -> Board:
        if (layout, size) not in tried:
            tried[layout, size] = board = Board(family, sizes[size])
            layouts[layout](board)
        return tried[layout, size]

    def fits(layout: int, size: int) -> bool:
        return laid(layout, size).height <= SHOWN_HEIGHT

    if fits(0, 0):
        return tried[0, 0]
    best = (len(sizes) - 1, 0)  # (size, layout): measured to fit, or the smallest size, taller than the shown box
    for layout in range(len(layouts)):
        low, high = 0, best[0] - (layout != 0)  # only a larger size beats an earlier layout
        if layout == 0:
            low = 1  # tried above: too tall at the largest size
        elif low <= high:  # the largest size first: most pictures take it (one measurement instead of three)
            if fits(layout, low):
                best = (low, layout)
                continue
            low += 1
        while low <= high:  # the first (largest) size that fits, among sizes[low:high + 1]
            middle = (low + high) // 2
            if fits(layout, middle):
                high = middle - 1
                if middle < best[0] or layout == 0:
                    best = (middle, layout)
            else:
                low = middle + 1
    return laid(best[1], best[0])


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's name as pictures draw it (plain text), or "Seat n" when nothing of it can be drawn."""
    return _plain(names[seat]) or f"Seat {seat + 1}"


def seat_label(names: Sequence[str], bots: Sequence[bool], seat: int) -> str:
    """A seat's name, marked when a bot plays it."""
    return f"{seat_name(names, seat)}{' (bot)' if bots[seat] else ''}"


def phase_status(words: Mapping[str, str], over: str, names: Sequence[str], phase: str, acting: Sequence[int]) -> str:
    """Who is to act and what, in words: "Alice to play a card", "3 players to bet", ``over`` when the game is.
    ``words``: what each of the game's phases asks of the seats to act ("to play a card")."""
    if phase == "over":
        return over
    asked = words.get(phase, "to act")
    if not acting:  # who may act is secret (a call window)
        return f"waiting for a player {asked}"
    who = " and ".join(seat_name(names, s) for s in acting) if len(acting) <= 2 else f"{len(acting)} players"
    return f"{who} {asked}"


def clipped(text: str, width: int, size: int = TEXT) -> str:
    """``text`` cut (with "..") to fit ``width`` pixels."""
    if length(text, size) <= width:
        return text
    while text and length(text + "..", size) > width:
        text = text[:-1]
    return text + ".."


def title(b: Board, parts: list[str]) -> None:
    """The picture's first line: ``parts`` joined by " · ", what does not fit on a second line."""
    first, rest = "", ""
    for part in filter(None, parts):
        joined = f"{first} · {part}" if first else part
        if not rest and length(joined, TITLE) <= INNER_WIDTH:
            first = joined
        else:
            rest = f"{rest} · {part}" if rest else part
    b.line(first, TITLE)
    if rest:
        b.line(rest, TEXT, DIM_INK)


def dotted_lines(b: Board, parts: list[str]) -> None:
    """``parts`` joined by " · " over as many lines as they need."""
    line = ""
    for part in parts:
        if line and length(f"{line} · {part}") > INNER_WIDTH:
            b.line(line)
            line = part
        else:
            line = f"{line} · {part}" if line else part
    if line:
        b.line(line)


# --- hanafuda capture piles ----------------------------------------------------------------------------

RANK_ORDER = (hf.BRIGHT, hf.ANIMAL, hf.RIBBON, hf.CHAFF)


def capture_groups(
    b: Board, label: str | None, cards: list[str], h: int, fill=INK, column: int = 0, shown: Sequence[str] = ()
) -> None:
    """``label`` on its own line, then the captured ``cards`` grouped by rank (Brights first), wrapping; with a
    ``column`` width, the label's parts (split at " · ") go in a column that wide on the left of the cards.
    ``shown``: cards declared face up, after the captures behind the word "shown"."""
    top = b.y
    if label and column:
        for part in label.split(" · "):
            b.line(clipped(part, column - 4), TEXT, fill)
        b.y, label_bottom = top, b.y
    else:
        if label:
            b.line(label, TEXT, fill)
        label_bottom = top = b.y
    ordered = sorted(cards, key=hf.ORDER.__getitem__)
    groups = [[c for c in ordered if hf.KIND[c] == kind] for kind in RANK_ORDER]
    left = MARGIN + 8 + column
    x, line = left, top
    for group in groups:
        if group:
            b.y = line
            x = b.row(x, group, h, left=left) + 8
            line = b.y - h - GAP  # the line this group ended on (below its first when it wrapped): the next goes on
    if shown:
        word = round(length("shown")) + 6
        if x + word + b.width(shown, h) > RIGHT_EDGE and x > left:
            x, line = left, line + h + GAP
        b.text(x, line + h // 2 - 7, "shown", fill=DIM_INK)
        b.y = line
        b.row(x + word, shown, h, left=left)
    b.y = max(b.y, top + (h + GAP if cards or shown else 0), label_bottom) + 3
