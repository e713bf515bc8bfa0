"""``python -m games calc|stats|simulate|verify blackflower …`` (found by ``games/__main__.py``).

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
    elif command == "verify":
        p.add_argument("--players", type=int, default=None, help="number of seats, banker included (2-10)")
        p.add_argument("--banker", type=int, default=None, help="the round's banker, as seat number 1..players")
        p.add_argument("--no-bet", default="", help='seats that did not bet this round, e.g. "2 5"')


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
        line += f"{ended} after {len(held)} cards ({' '.join(held)}), never dealt {' '.join(codes[len(held) :])}; "
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
        print(
            f"  {key:<22} {', '.join(map(str, c['totals'])):<16} {c['f']:>4}  {c['percent']:>5.2f}%  rank {c['rank']}"
        )
    for key, d in out["derived"].items():
        print(f"  {key:<12} {d['f']:>4}  {d['percent']:.2f}%")
    return 0


def simulate(args: argparse.Namespace) -> int:
    from games.blackflower.simulate import SUMMARY
    from games.blackflower.simulate import simulate as run

    players = args.players
    Options().check(players)
    if args.games < 0:
        raise GameError("--games must not be negative.")
    out = run(parse_options(cli.options_given(args, Options)), players, games=args.games, seed=str(args.seed))
    return cli.report(args, out, SUMMARY, kept="zero_sum")


def verify(args: argparse.Namespace) -> int:
    """Check a round's revealed seed against its hash and show its deck; with ``--players`` and
    ``--banker``, also the two cards each hand was dealt."""
    from games.blackflower.engine import round_deal
    from games.hanafuda import DECK
    from games.shuffle import seeded_shuffle

    seed, actual = cli.revealed_seed(args, "blackflower")
    deck = seeded_shuffle(seed, 0, DECK)
    out: dict = {"deck": deck}
    if (args.players is None) != (args.banker is None):
        raise GameError("verify blackflower needs both --players and --banker to show the deal, or neither.")
    if args.players is not None:
        n, banker = args.players, args.banker - 1
        Options().check(n)
        if not 0 <= banker < n:
            raise GameError(f"--banker must be a seat number from 1 to {n}, not {args.banker}.")
        try:
            out_seats = {int(x) - 1 for x in args.no_bet.replace(",", " ").split()}
        except ValueError:
            raise GameError(f"--no-bet takes seat numbers, not {args.no_bet!r}.") from None
        order, hands, banker_cards, rest = round_deal(deck, n, banker, [s not in out_seats for s in range(n)])
        out.update(
            players=n,
            banker=banker + 1,
            order=[s + 1 for s in order],
            hands={str(s + 1): cards for s, cards in hands.items()},
            banker_cards=banker_cards,
            rest=rest,
        )
    lines = ["Deck = seeded_shuffle(seed, 0, canonical deck) (see games/shuffle.py), dealt from the top."]
    if args.players is None:
        lines += [
            f"  deck (top first): {' '.join(deck)}",
            "  (--players and --banker show the two cards each hand was dealt)",
        ]
    else:
        lines += [f"  seat {seat:<3} {' '.join(out['hands'][str(seat)])}" for seat in out["order"]]
        lines.append(f"  banker {out['banker']} {out['banker_cards'][0]} (face down) {out['banker_cards'][1]}")
        lines.append(f"  then drawn from the top: {' '.join(out['rest'])}")
    return cli.verified(args, seed, actual, out, lines)


HANDLERS = {"calc": calc, "stats": stats, "simulate": simulate, "verify": verify}
