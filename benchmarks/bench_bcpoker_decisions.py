"""Benchmark (not a test): per-call time of Black Christmas Poker's ``legal_actions`` and bot decision.

    .venv/bin/python -m benchmarks.bench_bcpoker_decisions [--games 8] [--players 3] [--seed 1]

Plays seeded bot games through the game interface (as ``python -m games simulate bcpoker`` does)
and times every ``legal_actions`` call and every bot decision (``bot_choose``) separately. Prints
the median, 99th percentile and maximum of each, and a digest of every action played so two runs
(before and after a change) can be compared for identical play.
"""

from __future__ import annotations

import hashlib
import time

from benchmarks.command_line import CLOCKS, clock_option, read
from benchmarks.timings import spread
from games import simulate as sim
from games.bcpoker import GAME
from games.bcpoker.options import Options


def summary(name: str, seconds: list[float]) -> str:
    return spread(name, [s * 1000 for s in seconds], "ms", digits=3)


def play(
    players: int, games: int, seed: str, game=GAME, options=None, clock=time.perf_counter
) -> tuple[list[float], list[float], str]:
    """Seeded bot games of ``game`` (default Black Christmas Poker): the time of every
    ``legal_actions`` call and every bot decision on ``clock``, and a digest of the play."""
    legal_times: list[float] = []
    choose_times: list[float] = []
    digest = hashlib.sha256()
    options = Options() if options is None else options
    for number in range(games):
        game_seed = hashlib.sha256(f"{seed}:game:{number}".encode()).hexdigest()
        state = game.new_game(options, sim.bot_seats(players), game_seed)
        actions = 0
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            started = clock()
            legal = game.legal_actions(state, seat)
            legal_times.append(clock() - started)
            started = clock()
            action = game.bot_choose(view, legal, actions)
            choose_times.append(clock() - started)
            digest.update(f"{seat}:{action};".encode())
            game.apply(state, seat, action)
            actions += 1
    return legal_times, choose_times, digest.hexdigest()[:16]


def main(game=GAME, options=None, description: str = __doc__, games: int = 8) -> None:
    """The command line of this benchmark, for ``game`` (the sanma benchmark uses it too)."""
    args = read(description, games=games, players=3, seed="1", clock=clock_option("wall"))
    clock = CLOCKS[args.clock]
    started = time.perf_counter()
    legal_times, choose_times, digest = play(args.players, args.games, args.seed, game, options, clock)
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games of {args.players} players (seed {args.seed}) in {elapsed:.1f} s, "
        f"{len(choose_times)} actions, play digest {digest}, {args.clock} clock"
    )
    print(summary("legal_actions", legal_times))
    print(summary("bot decision", choose_times))


if __name__ == "__main__":
    main()
