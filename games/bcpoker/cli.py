"""``python -m games calc|simulate|verify bcpoker …`` (found by ``games/__main__.py``).

Handlers return the exit code; a bad input raises :class:`games.base.GameError` with one sentence
(the CLI prints it and exits 2).
"""

from __future__ import annotations

import argparse
import json

from games import cli
from games.base import GameError
from games.bcpoker.options import Options, parse_options
from games.bcpoker.simulate import SUMMARY
from games.bcpoker.simulate import simulate as run_games

PLAYERS = 3  # when --players is not given


def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        p.add_argument("--hand", help='8 card codes, e.g. "R1 R2 R3 G4 G5 G6 R7 K7"')
        p.add_argument("--decks", type=int, default=None, help="1 or 2 decks (default 1)")
        p.add_argument("--no-special", action="store_true", help="without the special hands S01-S06")
    elif command == "simulate":
        cli.add_options(p, Options)
    elif command == "verify":
        cli.add_options(p, Options, only=("players",))
        p.add_argument("--lead", type=int, default=1, help="the round's lead, as seat number 1..7")


def calc(args: argparse.Namespace) -> int:
    from games.bcpoker.cards import check_counts, parse_codes, sort_codes
    from games.bcpoker.hands import POINTS, evaluate, pattern_name

    if not args.hand:
        raise GameError('calc bcpoker needs --hand "<8 card codes>".')
    decks = args.decks or 1
    if decks not in (1, 2):
        raise GameError(f"--decks must be 1 or 2, not {decks}.")
    codes = parse_codes(args.hand)
    if len(codes) != 8:
        raise GameError(f"A hand has exactly 8 cards; {len(codes)} were given.")
    check_counts(codes, decks)
    hv = evaluate(codes, decks, special=not args.no_special)
    patterns: list[dict[str, str | int]] = [{"id": p, "points": POINTS[p]} for p in hv.counted]
    kx = list(hv.kx) if hv.winning else []
    if args.json:
        print(json.dumps({"winning": hv.winning, "value": hv.value, "patterns": patterns, "kx": kx}))
        return 0
    cards = " ".join(sort_codes(codes))
    if hv.winning:
        parts = " + ".join(f"{pattern_name(p)} ({p}) {POINTS[p]}" for p in hv.counted)
        kx_text = f"; KX counted as {', '.join(map(str, kx))}" if kx else ""
        print(f"{cards}: {parts} = {hv.value} points{kx_text}")
    else:
        print(f"{cards}: not a winning hand (no pattern), 0 points")
    return 0


def run_seated(options: Options, games: int, seed: str) -> dict:
    """The simulation, with as many players as the options say (else ``PLAYERS``)."""
    return run_games(options, options.players or PLAYERS, games, seed)


simulate = cli.simulation(Options, parse_options, run_seated, SUMMARY, kept="zero_sum")


def verify(args: argparse.Namespace) -> int:
    """Check a revealed round seed against its hash and show the deal it gives."""
    from games.bcpoker.options import decks_for
    from games.bcpoker.rounds import deal, round_deck

    seed, actual = cli.revealed_seed(args, "bcpoker")
    players = parse_options(cli.options_given(args, Options)).players or PLAYERS
    lead = args.lead or 1
    if not 1 <= lead <= players:
        raise GameError(f"--lead must be a seat number from 1 to {players}, not {lead}.")
    deck = round_deck(seed, decks_for(players))
    hands, rest = deal(deck, lead - 1, players)
    figures = {"decks": decks_for(players), "deck": deck, "hands": {str(s + 1): h for s, h in enumerate(hands)}}
    lines = [f"{players} players, {decks_for(players)} deck(s); deck = seeded_shuffle(seed, 0, canonical deck)."]
    lines += [f"  seat {s + 1}{' (lead)' if s == lead - 1 else ''}: {' '.join(h)}" for s, h in enumerate(hands)]
    lines.append(f"  deck, top first: {' '.join(rest)}")
    return cli.verified(args, seed, actual, {**figures, "stock": rest}, lines)


HANDLERS = {"calc": calc, "simulate": simulate, "verify": verify}
