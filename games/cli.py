"""Shared by the games' command-line modules (``games/<game>/cli.py``): a game's options as flags,
written from its Options model, and the way a simulation or a seed check reports."""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from games.base import GameError
from games.optionspec import offered_options


def add_options(parser: argparse.ArgumentParser, model: type[BaseModel], only: Iterable[str] | None = None) -> None:
    """One flag per offered option of ``model`` (or of those named in ``only``): ``--months 6``,
    ``--toppa`` for an option that is off by default, ``--no-red-fives`` for one that is on."""
    for spec in offered_options(model):
        if only is not None and spec.name not in only:
            continue
        flag = "--" + spec.name.replace("_", "-")
        if spec.kind is bool:
            if spec.default:
                parser.add_argument(
                    f"--no-{flag[2:]}",
                    dest=spec.name,
                    action="store_false",
                    default=True,
                    help=f"turn off: {spec.description}",
                )
            else:
                parser.add_argument(flag, dest=spec.name, action="store_true", help=spec.description)
            continue
        parser.add_argument(
            flag,
            dest=spec.name,
            type=spec.kind,
            choices=spec.choices,
            default=spec.default,
            help=f"{spec.described}; default: {spec.default_text(spec.default)}",
        )


def options_given(args: argparse.Namespace, model: type[BaseModel]) -> dict[str, Any]:
    """The options the flags of :func:`add_options` set (left out: those not set, and not offered)."""
    values = {spec.name: getattr(args, spec.name, None) for spec in offered_options(model)}
    return {name: value for name, value in values.items() if value is not None}


def simulation(
    model: type[BaseModel],
    parse: Callable[[dict[str, Any]], BaseModel],
    run: Callable[..., dict[str, Any]],
    summary: str,
    kept: str,
) -> Callable[[argparse.Namespace], int]:
    """A ``simulate`` handler: the game's options from the flags (checked by ``parse``), then
    ``run(options, games=…, seed=…)`` and its :func:`report`."""

    def simulate(args: argparse.Namespace) -> int:
        out = run(parse(options_given(args, model)), games=args.games, seed=str(args.seed))
        return report(args, out, summary, kept)

    return simulate


def report(args: argparse.Namespace, out: dict[str, Any], summary: str, kept: str) -> int:
    """Print a simulation's figures: JSON with ``--json``, else ``summary`` (a template of them) and
    the first error. Exit 0 when no game failed and the figure ``kept`` (zero-sum …) is true, else 1."""
    if args.json:
        print(json.dumps(out))
    else:
        print(summary.format(**out))
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out[kept] else 1


def verified(args: argparse.Namespace, seed: str, actual: str, figures: dict[str, Any], lines: Iterable[str]) -> int:
    """A ``verify`` command's answer once the seed matched its hash (:func:`revealed_seed`): with ``--json`` the seed,
    its hash and ``figures``; else that they match, then ``lines``. Exit 0."""
    if args.json:
        print(json.dumps({"ok": True, "seed": seed, "hash": actual, **figures}))
    else:
        print("\n".join([f"OK: sha256(seed) matches the hash {actual}.", *lines]))
    return 0


class SeedMismatch(Exception):
    """A ``verify`` seed that is not the one the hash committed to: said on stderr, and the command exits 1."""


def revealed_seed(args: argparse.Namespace, game: str) -> tuple[str, str]:
    """The round seed of ``--seed`` and its SHA-256; :class:`SeedMismatch` when it is not the seed the ``--hash``
    shown at round start committed to."""
    if not args.seed or not args.hash:
        raise GameError(f"verify {game} needs --seed and --hash.")
    seed, expected = args.seed.strip(), args.hash.strip().lower()
    actual = hashlib.sha256(seed.encode("utf-8")).hexdigest()
    if actual != expected:
        raise SeedMismatch(
            f"Hash mismatch: sha256({seed!r}) is {actual}, not {expected}. This seed is not the one committed to."
        )
    return seed, actual
