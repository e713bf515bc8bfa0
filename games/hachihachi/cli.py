"""``python -m games calc|simulate hachihachi …`` (found by ``games/__main__.py``).

* ``calc hachihachi --hand "<7 codes>" [--json]``: the hand combos of a 7-card hand (§5).
* ``calc hachihachi --captured "<codes>" [--json]``: card points and captured combos (§6).
* ``simulate hachihachi --players P --games N --seed S [--months M] [--payment split] [--json]``
  (the game's options are flags: ``python -m games simulate hachihachi --help``).

A bad input raises :class:`games.base.GameError` with one sentence (the CLI prints it, exit 2).
"""

from __future__ import annotations

import argparse
import json

from games import cli
from games.base import GameError
from games.hachihachi.options import Options, parse_options
from games.hachihachi.simulate import simulate as run_games


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--hand", help='the 7 dealt cards, e.g. "4R 5R 1C1 2C1 3C1 6C1 10C1"')
        p.add_argument("--captured", help='captured cards, e.g. "1L 3L 8L 12L"')
    elif command == "simulate":
        cli.add_options(p, Options)


def calc(args: argparse.Namespace) -> int:
    from games.hachihachi.combos import captured_combos, card_points, combo_name, hand_combos
    from games.hanafuda import parse_codes

    hand, captured = args.hand, args.captured
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


simulate = cli.simulation(Options, parse_options, run_games, "{games} games of {players} players, {actions} "
                          "actions in {seconds} s ({games_per_second} games/s); conserved: {conserved}; "
                          "errors: {errors}; loans: {loans}; endings: {endings}", kept="conserved")


HANDLERS = {"calc": calc, "simulate": simulate}
