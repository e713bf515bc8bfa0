"""Draw every face, write the PNGs, the manifest and the contact sheet (``python -m faces build``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from PIL import Image

from faces import CONTACT_SHEET, MANIFEST_PATH, PNG_DIR, Face, all_faces
from faces.canvas import png_bytes

SHEET_CELL = (100, 136)
SHEET_BACKGROUND = (54, 57, 63, 255)  # Discord's dark theme


def render(face: Face) -> bytes:
    return png_bytes(face.draw())


def manifest_entry(face: Face, data: bytes) -> dict:
    return {
        "name": face.name,
        "game": face.game,
        "code": face.code,
        "file": face.file,
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }


def contact_sheet(images: list[tuple[Face, Image.Image]]) -> Image.Image:
    """One row per game (hanafuda: three months a row), faces at full size on Discord grey."""
    rows: list[list[Image.Image]] = []
    for game in ("sanma", "hanafuda", "bcpoker"):
        faces = [img for face, img in images if face.game == game]
        per_row = 12 if game == "hanafuda" else 16
        rows += [faces[i : i + per_row] for i in range(0, len(faces), per_row)]
    cols = max(len(r) for r in rows)
    cw, ch = SHEET_CELL
    sheet = Image.new("RGBA", (cols * cw, len(rows) * ch), SHEET_BACKGROUND)
    for y, row in enumerate(rows):
        for x, img in enumerate(row):
            sheet.alpha_composite(img, (x * cw + (cw - img.width) // 2, y * ch + (ch - img.height) // 2))
    return sheet


def build(
    png_dir: Path = PNG_DIR, manifest_path: Path = MANIFEST_PATH, sheet_path: Path | None = CONTACT_SHEET
) -> dict:
    """Write every face (removing PNGs of faces that no longer exist) and return the manifest."""
    png_dir.mkdir(parents=True, exist_ok=True)
    faces = all_faces()
    entries, images = [], []
    for face in faces:
        img = face.draw()
        data = png_bytes(img)
        path = png_dir / face.file
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        entries.append(manifest_entry(face, data))
        images.append((face, img))
    wanted = {face.file for face in faces}
    for stale in png_dir.glob("*.png"):
        if stale.name not in wanted:
            stale.unlink()
    manifest = {"faces": entries}
    manifest_path.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if sheet_path is not None:
        sheet_path.parent.mkdir(parents=True, exist_ok=True)
        sheet_path.write_bytes(png_bytes(contact_sheet(images).quantize(256)))  # small enough for the README
    return manifest
