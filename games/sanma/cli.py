"""Command-line handlers for sanma: ``calc``, ``simulate`` and ``replay`` (registered in games/__main__.py)."""

from __future__ import annotations

import argparse
import json
import sys

from games.base import GameError
from games.cli import add_option


class _CliError(Exception):
    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2




def add_arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        add_option(p, "--hand", help='sanma: concealed tiles incl. the winning tile, e.g. "111m234p678p34s99s5s"')
        add_option(p, "--win", help="sanma: the winning tile, e.g. 5s")
        add_option(p, "--melds", help='sanma: "pon:777s,ankan:1111z,daiminkan:…,shouminkan:…"')
        for flag in ("tsumo", "riichi", "double-riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"):
            add_option(p, f"--{flag}", action="store_true", help=f"sanma: {flag.replace('-', ' ')}")
        add_option(p, "--kita", type=int, default=0, help="sanma: number of kita (North tiles set aside)")
        add_option(p, "--dora", help="sanma: dora indicators")
        add_option(p, "--ura", help="sanma: ura dora indicators")
        add_option(p, "--seat", default="S", help="sanma: winner's seat wind E|S|W (default S)")
        add_option(p, "--round", default="E", help="sanma: round wind E|S (default E)")
        add_option(p, "--honba", type=int, default=0)
        add_option(p, "--sticks", type=int, default=0, help="sanma: riichi sticks on the table (incl. the winner's own)")
        add_option(p, "--no-red", action="store_true", help="sanma: play without red fives")
    elif command == "simulate":
        add_option(p, "--games", type=int, default=100)
        add_option(p, "--seed", default="1")
        add_option(p, "--east-only", action="store_true", help="sanma: East-only games")
    elif command == "replay":
        add_option(p, "log", nargs="?", help="sanma: a Tenhou mjlog XML file")


def calc(args: argparse.Namespace) -> int:
    from games.sanma.calc import calculate, describe

    if not args.hand or not args.win:
        return _fail('calc sanma needs --hand "<tiles incl. the winning tile>" and --win <tile>.')
    try:
        out = calculate(args.hand, args.win, melds=args.melds, tsumo=args.tsumo, riichi=args.riichi,
                        double_riichi=args.double_riichi, ippatsu=args.ippatsu, rinshan=args.rinshan,
                        chankan=args.chankan, haitei=args.haitei, houtei=args.houtei, kita=args.kita,
                        dora=args.dora, ura=args.ura, seat=args.seat, round=args.round, honba=args.honba,
                        sticks=args.sticks, red_fives=not getattr(args, "no_red", False))
    except GameError as e:
        return _fail(str(e))
    print(json.dumps(out) if args.json else describe(out))
    return 0


def simulate(args: argparse.Namespace) -> int:
    from games.sanma.simulate import simulate as run

    out = run(games=args.games, seed=str(args.seed), east_only=getattr(args, "east_only", False))
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games, {out['hands']} hands, {out['actions']} actions in {out['seconds']} s "
              f"({out['games_per_second']} games/s); conserved: {out['conserved']}; errors: {out['errors']}")
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out["conserved"] else 1


def replay(args: argparse.Namespace) -> int:
    from games.sanma.replay import ReplayError, replay_file

    if not getattr(args, "log", None):
        return _fail("replay sanma needs the path of a Tenhou mjlog XML file.")
    try:
        out = replay_file(args.log)
    except OSError as e:
        return _fail(f"Cannot read {args.log}: {e.strerror or e}.")
    except (ReplayError, GameError) as e:
        print(json.dumps({"ok": False, "error": str(e)}) if args.json else f"Replay failed: {e}",
              file=sys.stdout if args.json else sys.stderr)
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


HANDLERS = {"calc": calc, "simulate": simulate, "replay": replay}
