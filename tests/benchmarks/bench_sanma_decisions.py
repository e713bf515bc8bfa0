"""Benchmark (not a test): per-call time of a sanma bot decision, and of the engine's ``legal_actions``.

    .venv/bin/python -m tests.benchmarks.bench_sanma_decisions [--games 20] [--seed 1]

Plays seeded bot games through the game interface (as ``python -m games simulate sanma`` does)
and times every ``bot_choose`` call: all of them, then own-turn decisions and call-window answers
apart. Prints median, 99th percentile and maximum, and a digest of every action played, so two
runs (before and after a change) can be compared for identical play. Goal (issue 14): median
< 0.5 ms, p99 < 5 ms. Wall-clock time by default; ``--clock cpu`` times the process's CPU time
instead, which leaves out the time the process waited for a core on a busy machine.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from games import simulate as sim
from games.sanma import GAME
from games.sanma.options import Options
from tests.benchmarks.bench_bcpoker_decisions import summary


def play(games: int, seed: str, clock=time.perf_counter) -> tuple[dict[str, list[float]], list[float], str]:
    times: dict[str, list[float]] = {"own turn": [], "call window": []}
    legal_times: list[float] = []
    digest = hashlib.sha256()
    for number in range(games):
        state = GAME.new_game(Options(), sim.bot_seats(3), hashlib.sha256(f"{seed}:game:{number}".encode()).hexdigest())
        actions = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            started = clock()
            legal = GAME.legal_actions(state, seat)
            legal_times.append(clock() - started)
            started = clock()
            action = GAME.bot_choose(view, legal, actions)
            times["call window" if state.phase == "respond" else "own turn"].append(clock() - started)
            digest.update(f"{seat}:{action};".encode())
            GAME.apply(state, seat, action)
            actions += 1
    return times, legal_times, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    started = time.perf_counter()
    times, legal_times, digest = play(args.games, args.seed, time.perf_counter if args.clock == "wall" else time.process_time)
    elapsed = time.perf_counter() - started
    every = times["own turn"] + times["call window"]
    print(f"{args.games} sanma games (seed {args.seed}) in {elapsed:.1f} s, {len(every)} decisions, "
          f"play digest {digest}, {args.clock} clock")
    print(summary("bot decision", every))
    for kind, seconds in times.items():
        print(summary(f"  {kind}", seconds))
    print(summary("legal_actions", legal_times))


if __name__ == "__main__":
    main()
