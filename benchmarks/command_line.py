"""A benchmark's command line, declared as its options and their defaults::

    args = read(__doc__, games=3, seed="1", thread=Option(False, "draw in a thread instead"))

gives ``--games N`` (a whole number, 3 unless given), ``--seed TEXT`` and the flag ``--thread``: the default's
type is the option's (a list: one or more values of its items' type; ``False``: a flag). :class:`Option` adds the
words ``--help`` shows, the values the option may take, or its type where the default (``None``) has none.
``--help`` shows ``description``, the benchmark's docstring, as written.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Default = bool | int | float | str | Path | list[int] | None
Options = argparse.Namespace  # the options read: each an attribute by its name


@dataclass(frozen=True)
class Option:
    default: Default
    help: str | None = None
    choices: Sequence[object] | None = None
    kind: type = str  # the type of a value given, where the default (None) does not say it
    required: bool = False


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def clock_option(default: str) -> Option:
    """``--clock wall|cpu``: which of :data:`CLOCKS` times the calls."""
    return Option(default, "cpu: the process's CPU time, leaving out waits for a core on a busy machine", tuple(CLOCKS))


def read(description: str, argv: list[str] | None = None, **declared: Default | Option) -> Options:
    """The options ``declared``, read from ``argv`` (the command line's when None)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, given in declared.items():
        option = given if isinstance(given, Option) else Option(given)
        parser.add_argument(f"--{name.replace('_', '-')}", **_argument(option))
    return parser.parse_args(argv)


def _argument(option: Option) -> dict[str, Any]:
    """What argparse is told of ``option``: a flag for a ``False`` default, else a type, and ``nargs`` for a list."""
    words: dict[str, Any] = {"help": option.help, "default": option.default}
    if option.default is False:
        return words | {"action": "store_true"}
    if option.choices is not None:
        words["choices"] = option.choices
    if option.required:
        words["required"] = True
    if isinstance(option.default, list):
        return words | {"type": type(option.default[0]), "nargs": "+"}
    return words | {"type": option.kind if option.default is None else type(option.default)}
