"""``python -m games calc|simulate|verify hachihachi …`` (found by ``games/__main__.py``).

* ``calc hachihachi --hand "<7 codes>" [--json]``: the hand combos of a 7-card hand (§5).
* ``calc hachihachi --captured "<codes>" [--json]``: card points and captured combos (§6).
* ``simulate hachihachi --players P --games N --seed S [--months M] [--payment split] [--json]``
  (the game's options are flags: ``python -m games simulate hachihachi --help``).
* ``verify hachihachi --seed S --hash H --players P [--dealer D]``: check a month's revealed seed and
  show its deal attempts.

A bad input raises :class:`games.base.GameError` with one sentence (the CLI prints it, exit 2).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from games import cli
from games.base import GameError
from games.hachihachi.options import Options, parse_options
from games.hachihachi.simulate import SUMMARY
from games.hachihachi.simulate import simulate as run_games


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--hand", help='the 7 dealt cards, e.g. "4R 5R 1C1 2C1 3C1 6C1 10C1"')
        p.add_argument("--captured", help='captured cards, e.g. "1L 3L 8L 12L"')
    elif command == "simulate":
        cli.add_options(p, Options)
    elif command == "verify":
        p.add_argument("--players", type=int, default=3, help="number of players (3-7; default 3)")
        p.add_argument("--dealer", type=int, default=1, help="the month's dealer, as seat number 1..players")


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
        out = hc.model_dump(exclude={"suit": {"triplets"}})
        if args.json:
            print(json.dumps(out))
        else:
            parts = [f"{combo_name(out[g]['id'])} {out[g]['kan']} Kan" for g in ("kasu", "suit") if out[g]]
            print(f"{' '.join(codes)}: " + (" + ".join(parts) + f" = {out['kan']} Kan" if parts else "no hand combo"))
        return 0
    codes = parse_codes(captured)
    combos = captured_combos(codes)
    out = {
        "card_points": card_points(codes),
        "dekiyaku": [{"id": c, "kan": k} for c, k in combos],
        "kan": sum(k for _, k in combos),
    }
    if args.json:
        print(json.dumps(out))
    else:
        named = ", ".join(f"{combo_name(c)} {k}" for c, k in combos) or "no captured combo"
        print(f"{' '.join(codes) or '(none)'}: {out['card_points']} card points; {named} ({out['kan']} Kan)")
    return 0


simulate = cli.simulation(Options, parse_options, run_games, SUMMARY, kept="conserved")


def verify(args: argparse.Namespace) -> int:
    """Check a month's revealed seed against its hash and show each deal attempt until one stands."""
    from games.hachihachi.deal import deal
    from games.hachihachi.state import BLANK
    from games.hanafuda import DECK, four_of_a_month, sort_codes
    from games.shuffle import seeded_shuffle

    seed, actual = cli.revealed_seed(args, "hachihachi")
    n, dealer = args.players, args.dealer - 1
    if not 3 <= n <= 7:
        raise GameError(f"Hachi-Hachi is played by 3 to 7 players, not {n}.")
    if not 0 <= dealer < n:
        raise GameError(f"--dealer must be a seat number from 1 to {n}, not {args.dealer}.")
    base = DECK + [BLANK] if n == 7 else DECK
    attempts: list[dict[str, Any]] = []
    for k in range(48):  # a redeal needs four cards of one month on the table: a few attempts at most
        deck = seeded_shuffle(seed, k, base)
        hands, table, undealt = deal(deck, n, dealer)
        blank = next((s for s in range(n) if BLANK in hands[s]), None)
        if blank is not None:  # seven players: the blank card's holder lays the hand out as the table
            table, hands[blank] = [c for c in hands[blank] if c != BLANK], []
        four = four_of_a_month(table)
        attempts.append(
            {
                "attempt": k,
                "deck": deck,
                "hands": {str(s + 1): sort_codes(h) for s, h in enumerate(hands)},
                "table": table,
                "undealt": undealt,
                "blank": None if blank is None else blank + 1,
                "redeal": None if four is None else f"four cards of month {four} on the table",
            }
        )
        if four is None:
            break
    lines = [
        f"{n} players, seat {dealer + 1} deals; deck = seeded_shuffle(seed, attempt, canonical deck"
        f"{' + the blank card' if n == 7 else ''}) (see games/shuffle.py); the stock is shuffled from "
        "sha256(seed + ':stock') once the bids are known."
    ]
    for a in attempts:
        lines += [f"\nDeal attempt {a['attempt']}:", f"  deck (top first): {' '.join(a['deck'])}"]
        for seat, hand in a["hands"].items():
            note = " (held the blank card: the table)" if a["blank"] == int(seat) else ""
            lines.append(f"  seat {seat:<3} {' '.join(hand)}{note}")
        lines += [f"  table    {' '.join(a['table'])}", f"  undealt  {' '.join(a['undealt'])}"]
        if a["redeal"]:
            lines.append(f"  -> redeal: {a['redeal']}; the next attempt follows.")
    return cli.verified(args, seed, actual, {"players": n, "dealer": dealer + 1, "attempts": attempts}, lines)


HANDLERS = {"calc": calc, "simulate": simulate, "verify": verify}
