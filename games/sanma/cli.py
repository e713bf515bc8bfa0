"""``python -m games calc|simulate|replay|verify sanma …`` (found by ``games/__main__.py``).

Handlers return the exit code; a bad input raises :class:`games.base.GameError` with one sentence
(the CLI prints it and exits 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from games import cli
from games.base import GameError
from games.sanma.options import Options, parse_options
from games.sanma.simulate import SUMMARY
from games.sanma.simulate import simulate as run_games

# The calculator's switches, each a flag of the same name (``--double-riichi``).
WIN_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--hand", help='concealed tiles incl. the winning tile, e.g. "111m234p678p34s99s5s"')
        p.add_argument("--win", help="the winning tile, e.g. 5s")
        p.add_argument("--melds", help='"pon:777s,ankan:1111z,daiminkan:…,shouminkan:…"')
        for flag in WIN_FLAGS:
            p.add_argument(f"--{flag.replace('_', '-')}", action="store_true", help=flag.replace("_", " "))
        p.add_argument("--kita", type=int, default=0, help="number of kita (North tiles set aside)")
        p.add_argument("--dora", help="dora indicators")
        p.add_argument("--ura", help="ura dora indicators")
        p.add_argument("--seat", default="S", help="winner's seat wind E|S|W (default S)")
        p.add_argument("--round", default="E", help="round wind E|S (default E)")
        p.add_argument("--honba", type=int, default=0)
        p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table (incl. the winner's own)")
        p.add_argument("--no-red", action="store_true", help="play without red fives")
    elif command == "simulate":
        cli.add_options(p, Options)
    elif command == "replay":
        p.add_argument("log", nargs="?", help="a Tenhou mjlog XML file")
    elif command == "verify":
        cli.add_options(p, Options, only=("red_fives",))


def calc(args: argparse.Namespace) -> int:
    from games.sanma.calc import calculate, describe

    if not args.hand or not args.win:
        raise GameError('calc sanma needs --hand "<tiles incl. the winning tile>" and --win <tile>.')
    # the switches, the counts and the winds are the calculator's keywords of the same names
    given = {name: getattr(args, name) for name in (*WIN_FLAGS, "kita", "honba", "sticks", "seat", "round")}
    out = calculate(
        args.hand, args.win, melds=args.melds, dora=args.dora, ura=args.ura, red_fives=not args.no_red, **given
    )
    print(json.dumps(out) if args.json else describe(out))
    return 0


simulate = cli.simulation(Options, parse_options, run_games, SUMMARY, kept="conserved")


def replay(args: argparse.Namespace) -> int:
    from games.sanma.replay import ReplayError, replay_file

    if not args.log:
        raise GameError("replay sanma needs the path of a Tenhou log: mjlog XML or JSON.")
    try:
        out = replay_file(args.log)
    except OSError as e:
        raise GameError(f"Cannot read {args.log}: {e.strerror or e}.") from None
    except (ReplayError, GameError) as e:
        print(
            json.dumps({"ok": False, "error": str(e)}) if args.json else f"Replay failed: {e}",
            file=sys.stdout if args.json else sys.stderr,
        )
        return 1
    if args.json:
        print(json.dumps(out))
    else:
        for h in out["hands"]:
            print(f"{h['hand']}: {h['result']}  deltas {h['deltas']}  scores {h['scores']}")
        print(f"final scores {out['final_scores']}  ranking scores {out['final']}")
        if out.get("first_divergence"):
            print(f"first divergence: {out['first_divergence']}")
    return 0 if out["ok"] else 1


# The wall's slices (docs/rules/sanma.md §3): what each part of a hand's wall is for (key, words, slice).
WALL_PARTS = (
    ("east", "East (dealer)", 0, 13),
    ("south", "South", 13, 26),
    ("west", "West", 26, 39),
    ("live", "live wall", 39, 94),
    ("dora_indicators", "dora indicators", 94, 99),
    ("ura_indicators", "ura indicators", 99, 104),
    ("replacements", "replacement tiles", 104, 108),
)


def verify(args: argparse.Namespace) -> int:
    """Check a hand's revealed seed against its hash and show the wall it gives, part by part."""
    from games.sanma.deal import hand_wall
    from games.sanma.tiles import tile_code

    seed, actual = cli.revealed_seed(args, "sanma")
    red = parse_options(cli.options_given(args, Options)).red_fives
    wall = [tile_code(t, red) for t in hand_wall(seed)]
    parts = {key: wall[a:b] for key, _, a, b in WALL_PARTS}
    lines = ["Wall = seeded_shuffle(seed, 0, the 108 tile ids in order) (see games/shuffle.py); the dealer is East."]
    lines += [f"  {words:<18} {' '.join(parts[key])}" for key, words, _, _ in WALL_PARTS]
    return cli.verified(args, seed, actual, {"wall": wall, "parts": parts}, lines)


HANDLERS = {"calc": calc, "simulate": simulate, "replay": replay, "verify": verify}
