"""Benchmark (not a test): per-call CPU time of every game's bot decision and ``legal_actions``.

    .venv/bin/python -m benchmarks.bench_decisions [--games 6] [--seed 1] [--clock cpu|wall] [--freeze]

Plays seeded bot games of each game at its default table (the loop of bench_bcpoker_decisions) and prints,
per game, the median, 99th percentile and maximum of every ``legal_actions`` call and every bot decision
(``bot_choose``): each runs on the event loop, so each should stay within a few ms. CPU time by default, which
leaves out the time the process waited for a core on a busy machine.

The bot's modules are imported first, as in a bot process: the garbage collector's full collections walk them
all, and one landing on a call shows as its maximum. ``--freeze``: ``gc.freeze()`` after the imports, as the bot
does once started (bot/main.py), so that full collections leave start-up's objects alone.
"""

from __future__ import annotations

import gc

from benchmarks.bench_bcpoker_decisions import play, summary
from benchmarks.command_line import CLOCKS, Option, clock_option, read
from games import game_names, get_game


def main() -> None:
    args = read(
        __doc__,
        games=6,
        seed="1",
        clock=clock_option("cpu"),
        freeze=Option(False, "gc.freeze() after the imports, as the bot does"),
    )
    import bot.main  # noqa: F401  (what a bot process holds)

    if args.freeze:
        gc.collect()
        gc.freeze()
    clock = CLOCKS[args.clock]
    for name in game_names():
        game = get_game(name)
        options = game.Options()
        players = getattr(options, "players", None) or game.min_players
        legal, chosen, digest = play(players, args.games, args.seed, game, options, clock)
        print(
            f"{name} ({players} players, {args.games} games, play digest {digest}, {args.clock} clock"
            f"{', start-up frozen' if args.freeze else ''})"
        )
        print("  " + summary("legal_actions", legal))
        print("  " + summary("bot decision", chosen))


if __name__ == "__main__":
    main()
