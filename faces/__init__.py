"""Tile and card faces drawn by Parlor's own code: sanma tiles, hanafuda and BCP cards.

``python -m faces build`` draws every face with Pillow and writes ``faces/png/<emoji name>.png``,
``faces/manifest.json`` (name, game, code, file, SHA-256 of the bytes) and the contact sheet
``docs/faces.png``. The PNGs are committed: running Parlor needs no font and no drawing.
Glyphs are drawn as strokes (faces/glyphs.py), so the build needs no font either.
``faces.table.table_picture(game, public_view)`` composes a game's public table from these faces.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

PACKAGE_DIR = Path(__file__).parent
PNG_DIR = PACKAGE_DIR / "png"
MANIFEST_PATH = PACKAGE_DIR / "manifest.json"
CONTACT_SHEET = PACKAGE_DIR.parent / "docs" / "faces.png"
BACK = "back"


@dataclass(frozen=True, slots=True)
class Face:
    name: str  # the emoji name: 2-32 of [A-Za-z0-9_]
    game: str  # "sanma" | "hanafuda" | "bcpoker"
    code: str  # the game's own code (``0p``, ``1L``, ``KX``) or ``back``
    draw: Callable[[], Image.Image]

    @property
    def file(self) -> str:
        return f"{self.name}.png"


def all_faces() -> list[Face]:
    """Every face, in contact-sheet order: sanma, hanafuda, BCP, each game's back last."""
    from faces import bcpoker, hanafuda, tiles
    from games.hanafuda import CARDS

    out = [Face(tiles.emoji_name(c), "sanma", c, partial(tiles.draw, c)) for c in tiles.CODES]
    out.append(Face("sanma_back", "sanma", BACK, tiles.draw_back))
    out += [Face(hanafuda.emoji_name(c), "hanafuda", c.code, partial(hanafuda.draw, c)) for c in CARDS]
    out.append(Face("hf_back", "hanafuda", BACK, hanafuda.draw_back))
    out += [Face(bcpoker.emoji_name(c), "bcpoker", c, partial(bcpoker.draw, c)) for c in bcpoker.CODES]
    out.append(Face("bcp_back", "bcpoker", BACK, bcpoker.draw_back))
    return out


def load_manifest() -> dict:
    """The committed manifest: ``{"faces": [{"name", "game", "code", "file", "sha256", "bytes"}, ...]}``."""
    return json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))


def face_path(name: str) -> Path:
    return PNG_DIR / f"{name}.png"
