"""Text as the pictures draw it: Pillow's bundled font, 1-bit (a palette picture is drawn without smoothing), put
together from each character's glyph, rendered by FreeType once per size. A text never drawn before (a player's
name, a new score) then costs a few pastes instead of FreeType laying it out, measuring it and rendering it (about
0.4 ms a text), with the same pixels.

FreeType places a text's glyphs at whole-pixel pen positions (the bundled font's hinted advances are whole pixels and
it has no kerning), but Pillow lines the rendered text up by its outline's box, which for a few glyphs is a pixel off
their bitmap's: such a glyph first in a text shifts the whole text by a pixel. So each glyph is rendered once where it
lands inside a text (after a space), and a character is put together from it only once it is checked to land exactly
where FreeType draws it beside a few others of different shapes (:func:`_follows`), or first in a text
(:func:`_leads`), once per character and size; a text holding any other character is rendered by FreeType as a whole.
``tests/faces/test_lettering.py`` compares both ways on every text the seeded games draw and on random texts.

A text put together is drawn as its words (:func:`pieces`), each word's glyphs put together once and kept: the texts
of a busy bot's pictures are mostly new ("Alice · 35 pts" after every score), their words mostly not, so a new text
costs a paste a word rather than one a character and a new mask.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from faces.paste import paste

PAD = 6  # room left of a glyph's pen position, for the pixels a glyph draws before it
PROBES = ("o", "l", ".", "j", "Å")  # neighbours a composed character is checked beside: short, tall, narrow,
# reaching left and down, reaching up


@lru_cache(maxsize=4)
def font(size: int) -> ImageFont.FreeTypeFont:
    loaded = ImageFont.load_default(size)  # Pillow's bundled font: no system font needed
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # a Pillow without FreeType has one bitmap font of one size
        raise RuntimeError("Pillow was built without FreeType: the pictures need its scalable font")
    return loaded


def warm(sizes: tuple[int, ...]) -> int:
    """Checks every printable ASCII character at ``sizes`` (a worker's start-up: a new name's letters are then
    ready); how many compose."""
    return sum(_leads(chr(code), size) + _follows(chr(code), size) for code in range(32, 127) for size in sizes)


@lru_cache(maxsize=4096)
def length(text: str, size: int) -> float:
    """How wide ``text`` is drawn, in pixels (FreeType's default hinting): the sum of its characters' advances."""
    if _composable(text, size):
        return sum(_glyph(char, size)[2] for char in text)
    return font(size).getlength(text)


Piece = tuple[int, int, int, Image.Image]  # a mask and where it goes: left (from the text's left), width, height


@lru_cache(maxsize=4096)
def pieces(text: str, size: int) -> tuple[Piece, ...]:
    """``text`` as the 1-bit masks whose pixels are those ImageDraw draws at (0, 0) on a palette picture (its pixels
    from (0, 0) on): each word's glyphs put together, or the text rendered whole when it holds a character that is
    not put together."""
    if not _composable(text, size):
        mask = _rendered(text, size)
        return ((0, mask.width, mask.height, mask),)
    placed = []
    pen = 0
    space = _glyph(" ", size)[1]
    for word in text.split(" "):
        if word:
            mask = _word(word, size)
            placed.append((pen - PAD, mask.width, mask.height, mask))  # (no glyph put together inks left of its pen)
            pen += sum(_glyph(char, size)[1] for char in word)
        pen += space
    return tuple(placed)


@lru_cache(maxsize=4096)
def _word(word: str, size: int) -> Image.Image:
    """``word``'s glyphs put together, from ``PAD`` left of its pen position."""
    return _composed(word, size, PAD)


def _composable(text: str, size: int) -> bool:
    return bool(text) and _leads(text[0], size) and all(_follows(char, size) for char in text[1:])


def _rendered(text: str, size: int) -> Image.Image:
    """``text`` rendered by FreeType as a whole."""
    _, _, right, bottom = (round(edge) for edge in font(size).getbbox(text, mode="1"))
    mask = Image.new("1", (max(right, 1) + 2, max(bottom, 1) + 2), 0)
    ImageDraw.Draw(mask).text((0, 0), text, font=font(size), fill=1)
    return mask


def _composed(text: str, size: int, pen: int = 0) -> Image.Image:
    """``text`` as its glyphs pasted at their pen positions, the first at ``pen`` (from 0, glyph pixels left of the
    text's are cut off)."""
    placed = []
    for char in text:
        mask, advance, _ = _glyph(char, size)
        placed.append((pen - PAD, mask))
        pen += advance
    width = max((x + mask.width for x, mask in placed), default=1)
    out = Image.new("1", (max(width, 1), max((mask.height for _, mask in placed), default=1)), 0)
    for x, mask in placed:
        paste(out, 255, (x, 0, x + mask.width, mask.height), mask)
    return out


@lru_cache(maxsize=2048)
def _glyph(char: str, size: int) -> tuple[Image.Image, int, float]:
    """``char``'s pixels with its pen at (PAD, 0), drawn after a space (where a glyph inside a text lands: a text's
    first glyph may be lined up a pixel off, see :func:`_leads`), how far it moves the pen drawn 1-bit, and its
    advance as :func:`length` measures it."""
    loaded = font(size)
    space = round(loaded.getlength(" ", mode="1"))
    _, _, right, bottom = (round(edge) for edge in loaded.getbbox(" " + char, mode="1"))
    mask = Image.new("1", (2 * PAD + max(right, 1), max(bottom, 1) + 2), 0)
    ImageDraw.Draw(mask).text((PAD - space, 0), " " + char, font=loaded, fill=1)
    return mask, round(loaded.getlength(char, mode="1")), loaded.getlength(char)


@lru_cache(maxsize=4096)
def _follows(char: str, size: int) -> bool:
    """Whether ``char`` after another, put together from its glyph, has FreeType's pixels and width."""
    return _same([*(probe + char for probe in PROBES), *(probe + char + probe for probe in PROBES)], size)


@lru_cache(maxsize=4096)
def _leads(char: str, size: int) -> bool:
    """Whether ``char`` first in a text (alone or not), put together from its glyph, has FreeType's pixels and
    width."""
    return _same([char, *(char + probe for probe in PROBES)], size)


def _same(texts: list[str], size: int) -> bool:
    """Whether each of ``texts`` put together has FreeType's pixels and width, and its glyphs ink nothing left of
    their pen (so a word can be pasted beside another from ``PAD`` left of its pen, :func:`pieces`)."""
    return all((_glyph(char, size)[0].getbbox() or (PAD,))[0] >= PAD for text in texts for char in text) and all(
        _ink(_composed(text, size)) == _ink(_rendered(text, size))
        and sum(_glyph(c, size)[2] for c in text) == font(size).getlength(text)
        for text in texts
    )


def _ink(mask: Image.Image) -> tuple[tuple[int, int, int, int] | None, bytes]:
    """Where a mask's pixels are and what they are: two masks with the same ink draw the same pixels."""
    box = mask.getbbox()
    return box, b"" if box is None else mask.crop(box).tobytes()
