"""``python -m faces build``: draw the faces into faces/png, faces/manifest.json and docs/faces.png."""

from __future__ import annotations

import argparse
import time

from faces.build import build


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m faces", description=__doc__)
    parser.add_argument("command", choices=["build"], help="build: draw every face and write the files")
    parser.parse_args(argv)
    start = time.perf_counter()
    manifest = build()
    total = sum(e["bytes"] for e in manifest["faces"])
    print(f"{len(manifest['faces'])} faces, {total} bytes, {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
