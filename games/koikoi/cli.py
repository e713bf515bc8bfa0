"""``python -m games calc|simulate|verify koikoi …`` (found by ``games/__main__.py``).

Handlers return the exit code; a bad input raises :class:`games.base.GameError` with one sentence
(the CLI prints it and exits 2).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from games import cli
from games.base import GameError
from games.koikoi.options import Options, parse_options
from games.koikoi.simulate import SUMMARY
from games.koikoi.simulate import simulate as run_games


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--captured", help='captured cards, e.g. "1L 3L 12L"')
        p.add_argument("--viewing-yaku", action="store_true", help="enable Hanami-zake and Tsukimi-zake")
        p.add_argument("--no-double", action="store_true", help="turn off the doubling of 7 points or more")
    elif command == "simulate":
        cli.add_options(p, Options)
    elif command == "verify":
        cli.add_options(p, Options, only=("players", "toppa"))
        p.add_argument("--max-attempts", type=int, default=20, help=argparse.SUPPRESS)


def calc(args: argparse.Namespace) -> int:
    from games.hanafuda import parse_codes, sort_codes
    from games.koikoi.yaku import evaluate, yaku_name

    if args.captured is None:
        raise GameError('calc koikoi needs --captured "<codes>".')
    codes = parse_codes(args.captured)
    options = Options(viewing_yaku=args.viewing_yaku, double_over_7=not args.no_double)
    b, yaku, sake = evaluate(set(codes), options)
    value = b * 2 if options.double_over_7 and b >= 7 else b
    if args.json:
        print(
            json.dumps(
                {"points": b, "value": value, "yaku": [{"id": y, "points": p} for y, p in yaku], "sake_cup": sake}
            )
        )
    else:
        cards = " ".join(sort_codes(codes)) or "(none)"
        if yaku:
            parts = ", ".join(f"{yaku_name(y)} {p}" for y, p in yaku)
            extra = f" (9A counted as {'an Animal' if sake == 'A' else 'a Chaff'})" if sake else ""
            doubled = f", doubled to {value} (7 or more)" if value != b else ""
            print(f"{cards}: {parts} = {b} point{'' if b == 1 else 's'}{doubled}{extra}")
        else:
            print(f"{cards}: no yaku (0 points)")
    return 0


simulate = cli.simulation(Options, parse_options, run_games, SUMMARY, kept="zero_sum")


def verify(args: argparse.Namespace) -> int:
    from games.hanafuda import DECK
    from games.koikoi.rounds import deal, redeal_reason
    from games.koikoi.state import ROLE_NAMES
    from games.koikoi.yaku import hand_combo
    from games.shuffle import seeded_shuffle

    seed, actual = cli.revealed_seed(args, "koikoi")
    options = parse_options(cli.options_given(args, Options))
    n = options.players
    roles = ROLE_NAMES[n]
    attempts: list[dict[str, Any]] = []
    for k in range(args.max_attempts):
        deck = seeded_shuffle(seed, k, DECK)
        hands, table, pile = deal(deck, options.variant, list(range(n)))
        reason = redeal_reason(table)
        combos = {roles[p]: c for p in range(n) if (c := hand_combo(hands[p], n))}
        attempts.append(
            {
                "attempt": k,
                "deck": deck,
                "hands": {roles[p]: hands[p] for p in range(n)},
                "table": table,
                "pile": pile,
                "redeal": reason,
                "hand_combos": combos if reason is None else {},
            }
        )
        if reason is None:
            break
    lines = [f"Variant {options.variant}; deck = seeded_shuffle(seed, attempt, canonical deck) (see games/shuffle.py)."]
    for a in attempts:
        lines += [f"\nDeal attempt {a['attempt']}:", f"  deck (top first): {' '.join(a['deck'])}"]
        lines += [f"  {role:<8} {' '.join(hand)}" for role, hand in a["hands"].items()]
        lines += [f"  table    {' '.join(a['table'])}", f"  pile     {' '.join(a['pile'])}"]
        if a["redeal"]:
            lines.append(f"  -> redeal: {a['redeal']}; the next attempt follows.")
        elif a["hand_combos"]:
            lines.append("  -> hand combo: " + ", ".join(f"{r} holds {c}" for r, c in a["hand_combos"].items()))
    return cli.verified(args, seed, actual, {"variant": options.variant, "attempts": attempts}, lines)


HANDLERS = {"calc": calc, "simulate": simulate, "verify": verify}
