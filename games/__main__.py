"""Command line tools for Parlor's games: ``python -m games <command> <game> …``.

Commands:
  calc <game>      score captured cards (Koi-Koi: ``--captured "1L 3L 12L"``)
  simulate <game>  play bot-vs-bot games and report speed, errors and zero-sum
  verify <game>    check a revealed round seed against its hash and show the deal

Each game registers its handlers in ``COMMANDS`` so later games can add theirs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any, Callable

from games.base import GameError
from games.blackflower import cli as _blackflower_cli
from games.bcpoker import cli as _bcpoker_cli
from games.sanma import cli as _sanma_cli
from games.hachihachi import cli as _hachihachi_cli


class CliError(Exception):
    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------------
# Koi-Koi
# ---------------------------------------------------------------------------


def koikoi_calc(args: argparse.Namespace) -> int:
    from games.hanafuda import label, parse_codes, sort_codes
    from games.koikoi import Options
    from games.koikoi.yaku import evaluate, yaku_name

    if args.captured is None:
        raise CliError("calc koikoi needs --captured \"<codes>\".")
    try:
        codes = parse_codes(args.captured)
    except GameError as e:
        raise CliError(str(e)) from None
    options = Options(viewing_yaku=args.viewing_yaku, double_over_7=not args.no_double)
    b, yaku, sake = evaluate(set(codes), options)
    value = b * 2 if options.double_over_7 and b >= 7 else b
    if args.json:
        print(json.dumps({"points": b, "value": value, "yaku": [{"id": y, "points": p} for y, p in yaku], "sake_cup": sake}))
    else:
        cards = " ".join(sort_codes(codes)) or "(none)"
        if yaku:
            parts = ", ".join(f"{yaku_name(y)} {p}" for y, p in yaku)
            extra = f" (9A counted as {'an Animal' if sake == 'A' else 'a Chaff'})" if sake else ""
            doubled = f", doubled to {value} (7 or more)" if value != b else ""
            print(f"{cards}: {parts} = {b} point{'' if b == 1 else 's'}{doubled}{extra}")
        else:
            print(f"{cards}: no yaku (0 points)")
        del label
    return 0


def koikoi_simulate(args: argparse.Namespace) -> int:
    from games.koikoi.simulate import simulate

    try:
        out = simulate(players=args.players, toppa=args.toppa, months=args.months, games=args.games, seed=str(args.seed))
    except (GameError, ValueError) as e:
        raise CliError(str(e).splitlines()[0]) from None
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"{out['games']} games, {out['actions']} actions in {out['seconds']} s "
            f"({out['games_per_second']} games/s); zero-sum: {out['zero_sum']}; errors: {out['errors']}"
        )
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out["zero_sum"] else 1


def koikoi_verify(args: argparse.Namespace) -> int:
    from games.hanafuda import DECK
    from games.shuffle import seeded_shuffle
    from games.koikoi.engine import ROLE_NAMES, deal, redeal_reason
    from games.koikoi.options import Options
    from games.koikoi.yaku import hand_combo

    if not args.seed or not args.hash:
        raise CliError("verify koikoi needs --seed and --hash.")
    seed = args.seed.strip()
    expected = args.hash.strip().lower()
    actual = hashlib.sha256(seed.encode("utf-8")).hexdigest()
    if actual != expected:
        print(
            f"Hash mismatch: sha256({seed!r}) is {actual}, not {expected}. This seed is not the one committed to.",
            file=sys.stderr,
        )
        return 1
    try:
        options = Options(players=args.players, toppa=args.toppa)
        options.check()
    except (GameError, ValueError) as e:
        raise CliError(str(e).splitlines()[0]) from None
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
    if args.json:
        print(json.dumps({"ok": True, "seed": seed, "hash": actual, "variant": options.variant, "attempts": attempts}))
        return 0
    print(f"OK: sha256(seed) matches the hash {actual}.")
    print(f"Variant {options.variant}; deck = seeded_shuffle(seed, attempt, canonical deck) (see games/shuffle.py).")
    for a in attempts:
        print(f"\nDeal attempt {a['attempt']}:")
        print(f"  deck (top first): {' '.join(a['deck'])}")
        for role, hand in a["hands"].items():
            print(f"  {role:<8} {' '.join(hand)}")
        print(f"  table    {' '.join(a['table'])}")
        print(f"  pile     {' '.join(a['pile'])}")
        if a["redeal"]:
            print(f"  -> redeal: {a['redeal']}; the next attempt follows.")
        elif a["hand_combos"]:
            print("  -> hand combo: " + ", ".join(f"{r} holds {c}" for r, c in a["hand_combos"].items()))
    return 0


def _koikoi_args(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--captured", help='captured cards, e.g. "1L 3L 12L"')
        p.add_argument("--viewing-yaku", action="store_true", help="enable Hanami-zake and Tsukimi-zake")
        p.add_argument("--no-double", action="store_true", help="turn off the doubling of 7 points or more")
    elif command == "simulate":
        p.add_argument("--players", type=int, default=2)
        p.add_argument("--toppa", action="store_true")
        p.add_argument("--months", type=int, default=12)
        p.add_argument("--games", type=int, default=100)
        p.add_argument("--seed", default="1")
    elif command == "verify":
        p.add_argument("--seed", help="the round seed revealed at round end")
        p.add_argument("--hash", help="the hash shown at round start")
        p.add_argument("--players", type=int, default=2)
        p.add_argument("--toppa", action="store_true")
        p.add_argument("--max-attempts", type=int, default=20, help=argparse.SUPPRESS)


COMMANDS: dict[str, dict[str, Callable[[argparse.Namespace], int]]] = {
    "koikoi": {"calc": koikoi_calc, "simulate": koikoi_simulate, "verify": koikoi_verify},
    "sanma": _sanma_cli.HANDLERS,
    "bcpoker": _bcpoker_cli.HANDLERS,
    "blackflower": _blackflower_cli.HANDLERS,
    "hachihachi": _hachihachi_cli.HANDLERS,
}
ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser, str], None]] = {
    "koikoi": _koikoi_args,
    "sanma": _sanma_cli.add_arguments,
    "bcpoker": _bcpoker_cli.arguments,
    "blackflower": _blackflower_cli.arguments,
    "hachihachi": _hachihachi_cli.arguments,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description="Parlor game tools")
    sub = parser.add_subparsers(dest="command", required=True)
    helps = {
        "calc": "score a hand or capture pile",
        "simulate": "play bot-vs-bot games",
        "verify": "check a revealed seed against its hash and show the deal",
        "replay": "replay a game log through the engine",
        "stats": "statistics of a game's deals (Black Flower: --initial-deals)",
    }
    for command, help_text in helps.items():
        p = sub.add_parser(command, help=help_text)
        p.add_argument("game", help=f"game name ({', '.join(g for g in COMMANDS if command in COMMANDS[g])})")
        p.add_argument("--json", action="store_true", help="print JSON")
        # every game's options for this command (games share names where they can)
        seen: set[str] = set()
        for game, add in ARGUMENTS.items():
            if command in COMMANDS[game] and game not in seen:
                add(p, command)
                seen.add(game)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = COMMANDS.get(args.game)
    if handlers is None or args.command not in handlers:
        known = ", ".join(g for g in COMMANDS if args.command in COMMANDS[g])
        print(f"{args.command}: unknown game {args.game!r} (known: {known}).", file=sys.stderr)
        return 2
    try:
        return handlers[args.command](args)
    except CliError as e:
        print(str(e), file=sys.stderr)
        return e.code


if __name__ == "__main__":
    sys.exit(main())
