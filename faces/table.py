"""Table pictures: a PNG of a game's public table, composed from the committed faces.

``table_picture(game_name, public_view) -> bytes`` takes ONLY the game's public view, so no hidden card
can reach the picture. ``compose`` returns the :class:`Board` too, whose ``faces`` lists every face
pasted (emoji names, in order): the tests compare it with the public view. The same view always gives
the same bytes, so a caller can skip re-uploading an unchanged picture.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from faces import face_path, load_manifest
from games import hanafuda as hf

FELT = (28, 84, 58)
INK = (245, 245, 235)
DIM_INK = (190, 210, 195)
MARK = (230, 70, 60)
WIDTH = 720
MAX_HEIGHT = 1600
MARGIN = 8
GAP = 2
COLOURS = 128

FACE_GAME = {"sanma": "sanma", "koikoi": "hanafuda", "hachihachi": "hanafuda", "blackflower": "hanafuda",
             "bcpoker": "bcpoker"}
BACKS = {"sanma": "sanma_back", "hanafuda": "hf_back", "bcpoker": "bcp_back"}
SMALL = {"sanma": 30, "hanafuda": 34, "bcpoker": 40}  # face height in the picture, pixels


@lru_cache(maxsize=1)
def _names() -> dict[tuple[str, str], str]:
    return {(f["game"], f["code"]): f["name"] for f in load_manifest()["faces"]}


def face_name(game: str, code: str | None) -> str:
    """The emoji name of a game's card/tile code; ``None`` (face down) is the game's back."""
    family = FACE_GAME[game]
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
    colours = sheet.quantize(COLOURS - len(FIXED), method=Image.Quantize.MEDIANCUT).getpalette()[:3 * (COLOURS - len(FIXED))]
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours + [c for rgb in FIXED for c in rgb])
    return pal


def ink(colour) -> int:
    return COLOURS - len(FIXED) + FIXED.index(colour)


@lru_cache(maxsize=512)
def _scaled(name: str, height: int, turned: bool, dim: bool) -> Image.Image:
    img = Image.open(face_path(name)).convert("RGBA")
    img = img.resize((round(img.width * height / img.height), height), Image.Resampling.LANCZOS)
    if dim:
        grey = Image.new("RGBA", img.size, (60, 60, 60, 255))
        img = Image.composite(Image.blend(img, grey, 0.45), img, img.getchannel("A"))
    if turned:
        img = img.rotate(90, expand=True)
    flat = Image.new("RGB", img.size, FELT)
    flat.paste(img, (0, 0), img)
    return flat.quantize(palette=_palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size)  # Pillow's bundled font: no system font needed


def _plain(text: str) -> str:
    """Seat names drawn in Latin characters only (the bundled font has no others; the embed has the rest); a
    name with no Latin letter or digit at all is empty, so that the seat is drawn by its number instead."""
    plain = "".join(c if 32 <= ord(c) < 0x250 else "?" for c in text)[:20]
    return plain if any(c.isalnum() for c in plain) else ""


class Board:
    """A canvas that grows downwards and records every face it pastes."""

    def __init__(self, game: str):
        self.game = game
        self.img = Image.new("P", (WIDTH, MAX_HEIGHT), ink(FELT))
        self.img.putpalette(_palette().getpalette())
        self.draw = ImageDraw.Draw(self.img)
        self.y = MARGIN
        self.faces: list[str] = []
        self.turned: list[str] = []  # the faces drawn turned (riichi discards, called tiles)
        self.boxes: list[tuple[int, int, int, int]] = []  # where each face went (left, top, right, bottom)

    def text(self, x: int, y: int, text: str, size: int = 14, fill=INK) -> int:
        """Draws ``text``; returns the x after it."""
        font = _font(size)
        self.draw.text((x, y), text, font=font, fill=ink(fill))
        return x + round(font.getlength(text))

    def line(self, text: str, size: int = 14, fill=INK) -> None:
        self.text(MARGIN, self.y, text, size, fill)
        self.y += size + 6

    def mark(self, top: int) -> None:
        """A bar on the left edge from ``top`` to the current line: whose turn it is."""
        self.draw.rectangle((0, top, 3, self.y - 2), fill=ink(MARK))

    def face(self, x: int, y: int, code: str | None, height: int, turned=False, dim=False) -> int:
        name = face_name(self.game, code)
        img = _scaled(name, height, turned, dim)
        top = y + (height - img.height)  # turned tiles sit on the row's baseline
        self.img.paste(img, (x, top))
        self.faces.append(name)
        self.boxes.append((x, top, x + img.width, top + img.height))
        if turned:
            self.turned.append(name)
        return x + img.width + GAP

    def width(self, codes, height: int, turned=()) -> int:
        return sum(_scaled(face_name(self.game, c), height, i in turned, False).width + GAP for i, c in enumerate(codes))

    def row(self, x: int, codes, height: int, turned=(), dim=(), wrap_at: int = WIDTH - MARGIN) -> int:
        """Faces left to right from (x, self.y), wrapping under ``x``; moves self.y below them.
        ``turned``/``dim`` are the indices to turn / to mark."""
        left, y = x, self.y
        for i, code in enumerate(codes):
            width = _scaled(face_name(self.game, code), height, i in turned, False).width
            if x + width > wrap_at and x > left:
                x, y = left, y + height + GAP
            x = self.face(x, y, code, height, i in turned, i in dim)
        self.y = y + height + GAP
        return x

    def png(self) -> bytes:
        img = self.img.crop((0, 0, WIDTH, min(self.y + MARGIN, MAX_HEIGHT)))
        out = io.BytesIO()
        img.save(out, format="PNG", compress_level=6)
        return out.getvalue()


def _seat_label(view: dict, seat: int) -> str:
    name = _plain(view["seats"][seat]) or f"Seat {seat + 1}"
    return f"{name}{' (bot)' if view['bots'][seat] else ''}"


# --- sanma ---------------------------------------------------------------------------------------------

def _meld(meld: dict, seat: int) -> tuple[list[str], set[int]]:
    """A meld's tiles as drawn and which to turn: the tile taken from another seat turned, on the side of
    that seat (the left for the seat before, the right for the seat after); an older view without it: none."""
    tiles, called = list(meld["tiles"]), meld.get("called_index")
    if called is None:
        return tiles, set()
    taken = tiles.pop(called)
    if meld["from_seat"] == (seat - 1) % 3:
        return [taken] + tiles, {0}
    return tiles + [taken], {len(tiles)}


def _sanma(b: Board, v: dict) -> None:
    h = SMALL["sanma"]
    b.line(f"{v['round']} · hand {v['hand_no']} · honba {v['honba']} · riichi sticks {v['sticks']} "
           f"· wall {v['live']}", 16)
    x = b.text(MARGIN, b.y + 8, "Dora indicators")
    b.row(x + 8, v["dora_indicators"], h)
    for s in range(3):
        b.y += 4
        turn, top = v["turn"] == s, b.y
        x = b.text(MARGIN, b.y, f"{v['winds'][s]} · {_seat_label(v, s)} · {v['scores'][s]}")
        if v["riichi"][s]:
            x = b.text(x + 8, b.y, "RIICHI", fill=MARK)
        if turn:
            x = b.text(x + 8, b.y, "to play", fill=MARK)
        # melds and kita on the right of the name line
        groups = [_meld(m, s) for m in v["melds"][s]] + ([(["4z"] * v["kita"][s], set())] if v["kita"][s] else [])
        mh = h - 8
        mx = WIDTH - MARGIN - sum(b.width(g, mh, turned) + 6 for g, turned in groups)
        y0 = b.y
        for g, turned in groups:
            b.y = y0 - 4
            mx = b.row(mx, g, mh, turned=turned) + 6
        b.y = y0 + 20
        river = v["rivers"][s]
        b.row(MARGIN, [r["tile"] for r in river], h,
              turned={i for i, r in enumerate(river) if r["riichi"]},
              dim={i for i, r in enumerate(river) if r["called"]})
        if not river:
            b.y += h + GAP
        if turn:
            b.mark(top)


# --- hanafuda games: Koi-Koi and Hachi-Hachi -----------------------------------------------------------

RANK_ORDER = (hf.BRIGHT, hf.ANIMAL, hf.RIBBON, hf.CHAFF)


def capture_groups(b: Board, label: str, cards: list[str], h: int) -> None:
    """``label``, then the captured ``cards`` grouped by rank (Brights first), on one line."""
    x = b.text(MARGIN, b.y + h // 3, label) + 10
    x = max(x, 170)
    groups = [[c for c in sorted(cards, key=hf.ORDER.__getitem__) if hf.KIND[c] == kind] for kind in RANK_ORDER]
    top = line = b.y
    for group in groups:
        if group:
            b.y = line
            x = b.row(x, group, h) + 10
            line = b.y - h - GAP  # the line this group ended on (below its first when it wrapped): the next goes on
    b.y = max(b.y, top + h + GAP) + 4


def _field_and_pile(b: Board, field: list[str], pile_count: int, pending: dict | None) -> None:
    h = 48
    top = b.y
    x = b.face(MARGIN, top, None, h)
    b.text(x + 4, top + h // 3, f"{pile_count} left", 14)
    if pending:
        b.text(MARGIN + 100, top - 2, "drawn", 12, DIM_INK)
        b.face(MARGIN + 100, top + 12, pending["card"], h - 12)
    b.y = top
    b.row(170, list(field), h)
    b.y = max(b.y, top + h + GAP) + 6


def _koikoi(b: Board, v: dict) -> None:
    b.line(f"Koi-Koi · month {v['month']} of {v['months']} · {v['phase']}", 16)
    _field_and_pile(b, v["field"], v["pile_count"], v["pending"])
    for side in v["sides"]:
        seats = side["seats"]
        top = b.y
        label = " & ".join(_seat_label(v, s) for s in seats)
        if side["called"]:
            label += " · koi"
        capture_groups(b, f"{label} · {sum(v['scores'][s] for s in seats)}", side["captures"], SMALL["hanafuda"])
        if v["turn"] in seats and v["phase"] != "over":
            b.mark(top)


def _hachihachi(b: Board, v: dict) -> None:
    b.line(f"Hachi-Hachi · {v['field_name']} · month {v['month']} of {v['months']} · {v['phase']}", 16)
    _field_and_pile(b, v["table"], v["stock_count"], v["pending"])
    for s, cards in enumerate(v["captures"]):
        top = b.y
        capture_groups(b, f"{_seat_label(v, s)} · {v['card_points'][s]} pts · total {v['totals'][s]}", cards, SMALL["hanafuda"])
        shown = (v["declared"][s] or {}).get("face_up") or []
        if shown:
            x = b.text(MARGIN + 16, b.y + 6, "shown") + 8
            b.row(x, shown, SMALL["hanafuda"] - 8)
        if v["turn"] == s and v["phase"] != "over":
            b.mark(top)


# --- Black Flower ---------------------------------------------------------------------------------------

def _blackflower(b: Board, v: dict) -> None:
    h = SMALL["hanafuda"] + 6
    b.line(f"Black Flower · round {v['round']} of {v['rounds']} · deck {v['deck_count']} · {v['phase']}", 16)
    seats: list[tuple[str, list[dict]]] = []
    if v["banker_hand"] is not None:
        seats.append((f"Banker: {_seat_label(v, v['banker'])} · {v['chips'][v['banker']]} chips", [v["banker_hand"]]))
    for s, hands in enumerate(v["hands"]):
        if s != v["banker"]:
            seats.append((f"{_seat_label(v, s)} · {v['chips'][s]} chips", hands))
    for label, hands in seats:
        b.line(label)
        x, top = MARGIN + 16, b.y
        for hand in hands:
            b.y = top
            stake = f"stake {hand['stake']}" if hand.get("stake") else ""
            x = b.row(x, hand["cards"], h)
            if stake:
                x = b.text(x + 2, top + h // 3, stake)
            x += 14
        b.y = top + h + 6


# --- Black Christmas Poker ------------------------------------------------------------------------------

def _bcpoker(b: Board, v: dict) -> None:
    h = SMALL["bcpoker"]
    b.line(f"Black Christmas Poker · round {v['round']} · deck {v['deck_count']} · discards {len(v['pile'])} "
           f"· {v['phase']}", 16)
    top = b.y
    x = b.face(MARGIN, top, None, 56)
    b.text(x + 4, top + 20, f"{v['deck_count']}")
    x = b.text(MARGIN + 90, top + 20, "discard")
    if v["pile_top"]:
        x = b.face(x + 8, top, v["pile_top"]["card"], 56)
        if v["pile_top"]["named"]:
            b.text(x + 4, top + 20, f"as {v['pile_top']['named']}")
    b.y = top + 56 + 8
    for s in range(len(v["seats"])):
        top = b.y
        x = b.text(MARGIN, b.y + h // 3, f"{_seat_label(v, s)} · {v['scores'][s]}"
                   f"{' · RIICHI' if v['riichi'][s] else ''}")
        b.row(max(x + 10, 240), [None] * v["hand_counts"][s], h)
        if s in v["to_act"]:
            b.mark(top)
        b.y += 4


DRAWERS = {"sanma": _sanma, "koikoi": _koikoi, "hachihachi": _hachihachi, "blackflower": _blackflower,
           "bcpoker": _bcpoker}


def draws_table(game_name: str) -> bool:
    """Whether ``game_name`` has a table picture (a test's toy game has none)."""
    return game_name in DRAWERS


def compose(game_name: str, public_view: dict) -> Board:
    board = Board(game_name)
    DRAWERS[game_name](board, public_view)
    return board


def table_picture(game_name: str, public_view: dict) -> bytes:
    """The table as a small palette PNG, from the public view only."""
    return compose(game_name, public_view).png()
