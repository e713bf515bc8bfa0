"""Shared by the games' command-line modules: all games' options live on one parser per command."""

from __future__ import annotations

import argparse


def add_option(parser: argparse.ArgumentParser, *names: str, **kwargs) -> None:
    """Add an option unless another game already defined it (games share names such as --players)."""
    if not any(name in parser._option_string_actions for name in names):  # noqa: SLF001 - no public lookup
        parser.add_argument(*names, **kwargs)
