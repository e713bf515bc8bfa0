"""``python -m games calc|stats|simulate blackflower …`` (found by ``games/__main__.py``).

Each handler takes the parsed arguments and returns the exit code; a bad input raises
:class:`games.base.GameError` with a one-line message (the CLI prints it and exits 2).
"""

from __future__ import annotations

import argparse
import json

from games import cli
from games.base import GameError
from games.blackflower.options import Options, parse_options


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command in ("calc", "stats"):
        p.add_argument("--no-pair-advantage", action="store_true", help="no same-month overlaps")
    if command == "calc":
        p.add_argument("--cards", help='cards in the order received, e.g. "9A 9C1"')
    elif command == "stats":
        p.add_argument("--initial-deals", action="store_true", help="all 2256 ordered two-card deals")
    elif command == "simulate":
        p.add_argument("--players", type=int, default=4, help="number of players (2-10; default 4)")
        cli.add_options(p, Options)


def calc(args: argparse.Namespace) -> int:
    from games.blackflower.hands import arrangement_text, evaluate
    from games.hanafuda import parse_codes

    if not args.cards:
        raise GameError('calc blackflower needs --cards "<codes in the order received>".')
    codes = parse_codes(args.cards)
    if not codes:
        raise GameError("Give at least one card.")
    if len(codes) > 5:
        raise GameError(f"A Black Flower hand holds at most 5 cards, not {len(codes)}.")
    npa = args.no_pair_advantage
    out = evaluate(codes, npa)
    if args.json:
        print(json.dumps(out))
        return 0
    held = out["cards"]
    line = f"{' '.join(codes)}: "
    if len(held) < len(codes):
        ended = "bust" if out["bust"] else "stands"
        line += (f"{ended} after {len(held)} cards ({' '.join(held)}), never dealt {' '.join(codes[len(held):])}; ")
    line += f"totals {', '.join(map(str, out['totals']))}; hard {out['hard']}"
    if out["special"]:
        line += f"; special hand {out['special']}"
    if out["bust"]:
        line += "; bust"
    else:
        line += f"; best {out['best'] if out['best'] is not None else '—'}"
        if out["best"] is not None:
            line += f" ({arrangement_text(held, out['best'], npa)})"
    print(line)
    return 0


def stats(args: argparse.Namespace) -> int:
    from games.blackflower.stats import initial_deals

    if not args.initial_deals:
        raise GameError("stats blackflower needs --initial-deals.")
    out = initial_deals(args.no_pair_advantage)
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
    from games.blackflower import GAME
    from games.blackflower.simulate import simulate as run

    players = args.players
    if not GAME.min_players <= players <= GAME.max_players:
        raise GameError(f"Black Flower is played by {GAME.min_players} to {GAME.max_players} players, not {players}.")
    if args.games < 0:
        raise GameError("--games must not be negative.")
    out = run(parse_options(cli.options_given(args, Options)), players, games=args.games, seed=str(args.seed))
    return cli.report(args, out, "{games} games ({players} players), {rounds} rounds, {hands} hands, {actions} "
                      "actions in {seconds} s ({games_per_second} games/s); chips conserved: {zero_sum}; "
                      "errors: {errors}; bank edge per unit staked: {bank_edge_per_unit}", kept="zero_sum")


HANDLERS = {"calc": calc, "stats": stats, "simulate": simulate}
