"""A benchmark's command line: a whole-number option for each of the sizes it runs at."""

from __future__ import annotations

import argparse


def sizes(description: str, **defaults: int) -> dict[str, int]:
    """``--name N`` for each of ``defaults`` (its default value), read from the command line; ``--help`` shows
    ``description`` (the benchmark's docstring) as written."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, default in defaults.items():
        parser.add_argument(f"--{name}", type=int, default=default)
    return vars(parser.parse_args())
