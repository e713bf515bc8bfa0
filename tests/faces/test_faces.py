"""The tile and card faces: every face of every game is drawn, distinct, within
Discord's application-emoji limits, named validly, and the committed PNGs and manifest are what the
build writes."""

from __future__ import annotations

import hashlib
import io
import re

import pytest
from PIL import Image

from faces import BACK, MANIFEST_PATH, PNG_DIR, all_faces, face_path, load_manifest
from faces.build import build, render
from games import hanafuda
from games.bcpoker import cards as bcp
from games.sanma import tiles

EMOJI_MAX_BYTES = 256 * 1024
EMOJI_MAX_SIDE = 128
EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")

FACES = all_faces()
RENDERED = {face.name: render(face) for face in FACES}


def pixels(data: bytes) -> bytes:
    img = Image.open(io.BytesIO(data))
    return img.mode.encode() + repr(img.size).encode() + img.tobytes()


def codes(game: str) -> set[str]:
    return {face.code for face in FACES if face.game == game}


def test_every_sanma_tile_has_a_face_and_a_back():
    sanma_codes = {tiles.tile_code(t) for t in tiles.ALL_IDS}  # red fives on: 0p and 0s
    assert sanma_codes == codes("sanma") - {BACK}
    assert {"0p", "0s", "1m", "9m", "7z"} <= sanma_codes and "5m" not in codes("sanma")
    assert BACK in codes("sanma")


def test_every_hanafuda_card_has_a_face_and_a_back():
    assert codes("hanafuda") == set(hanafuda.DECK) | {BACK}
    assert len(hanafuda.DECK) == 48


def test_every_bcp_card_has_a_face_and_a_back():
    assert codes("bcpoker") == set(bcp.CODES) | {BACK}
    assert "KX" in codes("bcpoker")


def test_every_face_renders_as_a_png_within_discord_emoji_limits():
    for face in FACES:
        data = RENDERED[face.name]
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG", face.name
        assert max(img.size) <= EMOJI_MAX_SIDE, (face.name, img.size)
        assert len(data) <= EMOJI_MAX_BYTES, face.name
        assert img.getchannel("A").getextrema()[1] == 255, f"{face.name} is blank"


def test_no_two_faces_are_identical():
    by_pixels: dict[str, str] = {}
    for name, data in RENDERED.items():
        digest = hashlib.sha256(pixels(data)).hexdigest()
        assert digest not in by_pixels, f"{name} looks exactly like {by_pixels.get(digest)}"
        by_pixels[digest] = name


def test_emoji_names_are_valid_and_unique():
    names = [face.name for face in FACES]
    assert len(names) == len(set(names))
    assert [n for n in names if not EMOJI_NAME.match(n)] == []
    assert {"sanma_5p_red", "sanma_5s_red", "sanma_east", "hf_01_crane", "bcp_black_a7"} <= set(names)


def test_the_build_is_deterministic():
    assert all(render(face) == RENDERED[face.name] for face in FACES)


def test_the_committed_faces_are_what_the_build_draws():
    """A face changed in code but not rebuilt fails here: run ``python -m faces build``."""
    stale = [
        face.name
        for face in FACES
        if not face_path(face.name).exists() or pixels(face_path(face.name).read_bytes()) != pixels(RENDERED[face.name])
    ]
    assert stale == []
    assert sorted(p.name for p in PNG_DIR.glob("*.png")) == sorted(face.file for face in FACES)


def test_the_manifest_matches_the_committed_files():
    entries = load_manifest()["faces"]
    assert [e["name"] for e in entries] == [face.name for face in FACES]
    for entry in entries:
        data = (PNG_DIR / entry["file"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), entry["name"]
        assert entry["bytes"] == len(data)


@pytest.mark.parametrize("size", [24, 32, 48])
def test_faces_shrunk_to_emoji_size_stay_distinct(size):
    """Discord shows emoji at 22-48 px: no two faces may blur into the same picture."""
    seen: dict[bytes, str] = {}
    for name, data in RENDERED.items():
        small = Image.open(io.BytesIO(data)).convert("RGBA")
        small.thumbnail((size, size), Image.Resampling.LANCZOS)
        key = small.tobytes()
        assert key not in seen, f"{name} and {seen.get(key)} are the same at {size} px"
        seen[key] = name


def test_build_writes_the_files_and_removes_stale_ones(tmp_path):
    (tmp_path / "gone.png").write_bytes(b"old")
    manifest = build(tmp_path, tmp_path / "manifest.json", sheet_path=tmp_path / "sheet.png")
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted([f.file for f in FACES] + ["sheet.png"])
    assert (tmp_path / "manifest.json").read_text() == MANIFEST_PATH.read_text()
    assert len(manifest["faces"]) == len(FACES)
