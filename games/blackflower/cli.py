"""``python -m games calc|stats|simulate blackflower …`` (registered in ``games/__main__.py``).

Each handler takes the parsed arguments and returns the exit code; a bad input raises
:class:`games.base.GameError` with a one-line message (the CLI prints it and exits 2).
"""

from __future__ import annotations

import argparse
import json

from games.base import GameError
from games.cli import add_option




def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        add_option(p, "--cards", help='Black Flower: cards in the order received, e.g. "9A 9C1"')
        add_option(p, "--no-pair-advantage", action="store_true", help="Black Flower: no same-month overlaps")
    elif command == "stats":
        add_option(p, "--initial-deals", action="store_true", help="Black Flower: all 2256 ordered two-card deals")
        add_option(p, "--no-pair-advantage", action="store_true", help="Black Flower: no same-month overlaps")
    elif command == "simulate":
        add_option(p, "--players", type=int, default=None)
        add_option(p, "--games", type=int, default=100)
        add_option(p, "--seed", default="1")
        add_option(p, "--banker", default="rotate", choices=["rotate", "fixed", "winner"])
        add_option(p, "--rounds", type=int, default=None)
        add_option(p, "--min-bet", type=int, default=10)
        add_option(p, "--max-bet", type=int, default=100)
        for flag in ("--split-by-month", "--split-by-kind", "--double-down", "--banker-advantage",
                     "--no-pair-advantage"):
            add_option(p, flag, action="store_true")


def calc(args: argparse.Namespace) -> int:
    from games.blackflower.hands import arrangement_text, evaluate
    from games.hanafuda import parse_codes

    if not getattr(args, "cards", None):
        raise GameError('calc blackflower needs --cards "<codes in the order received>".')
    codes = parse_codes(args.cards)
    if not codes:
        raise GameError("Give at least one card.")
    if len(codes) > 5:
        raise GameError(f"A Black Flower hand holds at most 5 cards, not {len(codes)}.")
    npa = bool(getattr(args, "no_pair_advantage", False))
    out = evaluate(codes, npa)
    if args.json:
        print(json.dumps(out))
        return 0
    line = f"{' '.join(codes)}: totals {', '.join(map(str, out['totals']))}; hard {out['hard']}"
    if out["special"]:
        line += f"; special hand {out['special']}"
    if out["bust"]:
        line += "; bust"
    else:
        line += f"; best {out['best'] if out['best'] is not None else '—'}"
        if out["best"] is not None:
            line += f" ({arrangement_text(codes, out['best'], npa)})"
    print(line)
    return 0


def stats(args: argparse.Namespace) -> int:
    from games.blackflower.stats import initial_deals

    if not getattr(args, "initial_deals", False):
        raise GameError("stats blackflower needs --initial-deals.")
    out = initial_deals(bool(getattr(args, "no_pair_advantage", False)))
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{out['deals']} ordered two-card deals")
    for key, c in out["categories"].items():
        print(f"  {key:<22} {', '.join(map(str, c['totals'])):<16} {c['f']:>4}  {c['percent']:>5.2f}%  rank {c['rank']}")
    for key, d in out["derived"].items():
        print(f"  {key:<12} {d['f']:>4}  {d['percent']:.2f}%")
    return 0


def simulate(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from games.blackflower.options import parse_options
    from games.blackflower.simulate import simulate as run

    players = args.players if args.players is not None else 4
    if not 2 <= players <= 10:
        raise GameError(f"Black Flower is played by 2 to 10 players, not {players}.")
    if args.games < 0:
        raise GameError("--games must not be negative.")
    try:
        options = parse_options({
            "banker": getattr(args, "banker", "rotate"), "rounds": getattr(args, "rounds", None),
            "min_bet": getattr(args, "min_bet", 10), "max_bet": getattr(args, "max_bet", 100),
            "split_by_month": getattr(args, "split_by_month", False),
            "split_by_kind": getattr(args, "split_by_kind", False),
            "double_down": getattr(args, "double_down", False),
            "banker_advantage": getattr(args, "banker_advantage", False),
            "no_pair_advantage": getattr(args, "no_pair_advantage", False),
        })
    except ValidationError as e:  # pragma: no cover - parse_options turns these into GameError
        raise GameError(str(e).splitlines()[0]) from None
    out = run(players=players, games=args.games, seed=str(args.seed), options=options)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games ({players} players), {out['rounds']} rounds, {out['hands']} hands, "
              f"{out['actions']} actions in {out['seconds']} s ({out['games_per_second']} games/s); "
              f"chips conserved: {out['zero_sum']}; errors: {out['errors']}; "
              f"bank edge per unit staked: {out['bank_edge_per_unit']}")
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out["zero_sum"] else 1


def _safe(handler):
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except GameError as e:
            import sys

            print(str(e), file=sys.stderr)
            return 2

    return run


HANDLERS = {"calc": _safe(calc), "stats": _safe(stats), "simulate": _safe(simulate)}
