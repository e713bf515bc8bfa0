"""``python -m games calc|simulate bcpoker …`` (registered in ``games/__main__.py``).

Handlers return the exit code; bad input prints one sentence to stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.base import GameError
from games.cli import add_option




def arguments(p: argparse.ArgumentParser, command: str) -> None:
    if command == "calc":
        add_option(p, "--hand", help='Black Christmas Poker: 8 card codes, e.g. "R1 R2 R3 G4 G5 G6 R7 K7"')
        add_option(p, "--decks", type=int, default=None, help="Black Christmas Poker: 1 or 2 decks (default 1)")
        add_option(p, "--no-special", action="store_true", help="Black Christmas Poker: without the special hands S01-S06")
    elif command == "simulate":
        add_option(p, "--players", type=int, default=None)
        add_option(p, "--games", type=int, default=100)
        add_option(p, "--seed", default="1")
        add_option(p, "--lead-rounds", type=int, default=None, help="Black Christmas Poker: lead count to end (default 2)")
    elif command == "verify":
        add_option(p, "--seed", help="the round seed revealed at round end")
        add_option(p, "--hash", help="the hash shown at round start")
        add_option(p, "--players", type=int, default=None)
        add_option(p, "--lead", type=int, default=1, help="Black Christmas Poker: the round's lead, as seat number 1..7")


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def calc(args: argparse.Namespace) -> int:
    from games.bcpoker.cards import check_counts, parse_codes, sort_codes
    from games.bcpoker.hands import POINTS, evaluate, pattern_name

    if not getattr(args, "hand", None):
        return _fail('calc bcpoker needs --hand "<8 card codes>".')
    decks = getattr(args, "decks", None) or 1
    if decks not in (1, 2):
        return _fail(f"--decks must be 1 or 2, not {decks}.")
    try:
        codes = parse_codes(args.hand)
        if len(codes) != 8:
            raise GameError(f"A hand has exactly 8 cards; {len(codes)} were given.")
        check_counts(codes, decks)
    except GameError as e:
        return _fail(str(e))
    hv = evaluate(codes, decks, special=not getattr(args, "no_special", False))
    patterns = [{"id": p, "points": POINTS[p]} for p in hv.counted]
    kx = list(hv.kx) if hv.winning else []
    if args.json:
        print(json.dumps({"winning": hv.winning, "value": hv.value, "patterns": patterns, "kx": kx}))
        return 0
    cards = " ".join(sort_codes(codes))
    if hv.winning:
        parts = " + ".join(f"{pattern_name(p['id'])} ({p['id']}) {p['points']}" for p in patterns)
        kx_text = f"; KX counted as {', '.join(map(str, kx))}" if kx else ""
        print(f"{cards}: {parts} = {hv.value} points{kx_text}")
    else:
        print(f"{cards}: not a winning hand (no pattern), 0 points")
    return 0


def simulate(args: argparse.Namespace) -> int:
    from games.bcpoker.simulate import simulate as run

    players = args.players or 3
    options = {}
    if getattr(args, "lead_rounds", None):
        options["lead_rounds"] = args.lead_rounds
    try:
        out = run(players=players, games=args.games, seed=str(args.seed), **options)
    except (GameError, ValueError) as e:
        return _fail(str(e).splitlines()[0])
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games of {players} players, {out['rounds']} rounds, {out['actions']} actions in "
              f"{out['seconds']} s ({out['games_per_second']} games/s); wins {out['win_kinds']}; "
              f"zero-sum: {out['zero_sum']}; errors: {out['errors']}")
        if out.get("first_error"):
            print(f"first error: {out['first_error']}")
    return 0 if out["errors"] == 0 and out["zero_sum"] else 1


def verify(args: argparse.Namespace) -> int:
    """Check a revealed round seed against its hash and show the deal it gives."""
    import hashlib

    from games.bcpoker.engine import deal, round_deck
    from games.bcpoker.options import decks_for

    if not getattr(args, "seed", None) or not getattr(args, "hash", None):
        return _fail("verify bcpoker needs --seed and --hash.")
    seed, expected = args.seed.strip(), args.hash.strip().lower()
    actual = hashlib.sha256(seed.encode("utf-8")).hexdigest()
    if actual != expected:
        print(f"Hash mismatch: sha256({seed!r}) is {actual}, not {expected}. This seed is not the one committed to.",
              file=sys.stderr)
        return 1
    players = args.players or 3
    if not 2 <= players <= 7:
        return _fail(f"Black Christmas Poker is played by 2 to 7 players, not {players}.")
    lead = getattr(args, "lead", 1) or 1
    if not 1 <= lead <= players:
        return _fail(f"--lead must be a seat number from 1 to {players}, not {lead}.")
    deck = round_deck(seed, decks_for(players))
    hands, rest = deal(deck, lead - 1, players)
    if args.json:
        print(json.dumps({"ok": True, "seed": seed, "hash": actual, "decks": decks_for(players), "deck": deck,
                          "hands": {str(s + 1): h for s, h in enumerate(hands)}, "stock": rest}))
        return 0
    print(f"OK: sha256(seed) matches the hash {actual}.")
    print(f"{players} players, {decks_for(players)} deck(s); deck = seeded_shuffle(seed, 0, canonical deck).")
    for s, h in enumerate(hands):
        print(f"  seat {s + 1}{' (lead)' if s == lead - 1 else ''}: {' '.join(h)}")
    print(f"  deck, top first: {' '.join(rest)}")
    return 0


HANDLERS = {"calc": calc, "simulate": simulate, "verify": verify}
