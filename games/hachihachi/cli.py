"""``python -m games calc|simulate hachihachi …`` (registered in ``games/__main__.py``).

* ``calc hachihachi --hand "<7 codes>" [--json]``: the hand combos of a 7-card hand (§5).
* ``calc hachihachi --captured "<codes>" [--json]``: card points and captured combos (§6).
* ``simulate hachihachi --players P --games N --seed S [--months M] [--payment split] [--json]``.

A bad input raises :class:`games.base.GameError` with one sentence (the CLI prints it, exit 2).
"""

from __future__ import annotations

import argparse
import json

from games.base import GameError
from games.cli import add_option




def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        add_option(p, "--hand", help='Hachi-Hachi: the 7 dealt cards, e.g. "4R 5R 1C1 2C1 3C1 6C1 10C1"')
        add_option(p, "--captured", help='captured cards, e.g. "1L 3L 8L 12L"')
    elif command == "simulate":
        add_option(p, "--players", type=int, default=4)
        add_option(p, "--games", type=int, default=100)
        add_option(p, "--seed", default="1")
        add_option(p, "--months", type=int, default=12)
        add_option(p, "--payment", default="each-opponent-full", choices=["each-opponent-full", "split"],
             help="Hachi-Hachi: how opponents pay (default each-opponent-full)")


def calc(args: argparse.Namespace) -> int:
    from games.hachihachi.combos import captured_combos, card_points, combo_name, hand_combos
    from games.hanafuda import parse_codes

    hand, captured = getattr(args, "hand", None), getattr(args, "captured", None)
    if (hand is None) == (captured is None):
        raise GameError('calc hachihachi needs either --hand "<7 codes>" or --captured "<codes>".')
    if hand is not None:
        codes = parse_codes(hand)
        if len(codes) != 7:
            raise GameError(f"A Hachi-Hachi hand holds 7 cards, not {len(codes)}.")
        hc = hand_combos(codes)
        out = {
            "kasu": {"id": hc["kasu"]["id"], "kan": hc["kasu"]["kan"]} if hc["kasu"] else None,
            "suit": {"id": hc["suit"]["id"], "kan": hc["suit"]["kan"]} if hc["suit"] else None,
            "kan": hc["kan"],
        }
        if args.json:
            print(json.dumps(out))
        else:
            parts = [f"{combo_name(out[g]['id'])} {out[g]['kan']} Kan" for g in ("kasu", "suit") if out[g]]
            print(f"{' '.join(codes)}: " + (" + ".join(parts) + f" = {out['kan']} Kan" if parts else "no hand combo"))
        return 0
    codes = parse_codes(captured)
    combos = captured_combos(codes)
    out = {"card_points": card_points(codes), "dekiyaku": [{"id": c, "kan": k} for c, k in combos],
           "kan": sum(k for _, k in combos)}
    if args.json:
        print(json.dumps(out))
    else:
        parts = ", ".join(f"{combo_name(c)} {k}" for c, k in combos) or "no captured combo"
        print(f"{' '.join(codes) or '(none)'}: {out['card_points']} card points; {parts} ({out['kan']} Kan)")
    return 0


def simulate(args: argparse.Namespace) -> int:
    from games.hachihachi.simulate import simulate as run

    players = args.players
    if players is None or not 3 <= players <= 7:
        raise GameError(f"Hachi-Hachi is played by 3 to 7 players, not {players}.")
    months = getattr(args, "months", 12)
    try:
        out = run(players=players, games=args.games, seed=str(args.seed), months=months,
                  payment=getattr(args, "payment", "each-opponent-full") or "each-opponent-full")
    except ValueError as e:
        raise GameError(str(e).splitlines()[0]) from None
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games of {players} players, {out['actions']} actions in {out['seconds']} s "
              f"({out['games_per_second']} games/s); conserved: {out['conserved']}; errors: {out['errors']}; "
              f"loans: {out['loans']}; endings: {out['endings']}")
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out["conserved"] else 1


def _wrap(fn):
    def run(args: argparse.Namespace) -> int:
        import sys

        try:
            return fn(args)
        except GameError as e:
            print(str(e), file=sys.stderr)
            return 2
    return run


HANDLERS = {"calc": _wrap(calc), "simulate": _wrap(simulate)}
