"""Benchmark (not a test): ``python -m games simulate sanma`` against jansou's EfficiencyAgent, same run.

    .venv/bin/python -m tests.benchmarks.bench_sanma_vs_jansou --jansou-python /work/bench-venv/bin/python \
        [--games 20] [--seed 1] [--rounds 3]

jansou (PyPI ``jansou==0.14.0``) is a peer riichi library whose ``EfficiencyAgent`` plays the same
idea as our bot (shanten plus acceptance). It is never installed by this script: give the Python
of a separate virtualenv that has it (``python -m venv /work/bench-venv &&
/work/bench-venv/bin/pip install jansou==0.14.0``). Each round plays ``--games`` games of ours
(``simulate sanma --json``, which times its own games) and then ``--games`` jansou games on preset
``tenhou-3p`` (three EfficiencyAgents, timed the same way, from game start to game end); rounds
alternate so that both see the same machine load. Prints each round's games/s and the median
ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

JANSOU_GAMES = """
import json, sys, time
from jansou.core.rules import preset
from jansou.game.agents import EfficiencyAgent
from jansou.game.environment import Environment

games, seed = int(sys.argv[1]), int(sys.argv[2])
started = time.perf_counter()
for number in range(games):
    game_seed = seed * 1000 + number
    env = Environment(preset("tenhou-3p"), seed=game_seed)
    env.run([EfficiencyAgent(seed=game_seed * 3 + seat) for seat in range(3)])
seconds = time.perf_counter() - started
print(json.dumps({"games": games, "seconds": seconds, "games_per_second": games / seconds}))
"""


def ours(games: int, seed: str) -> float:
    out = subprocess.run([sys.executable, "-m", "games", "simulate", "sanma", "--games", str(games), "--seed", seed,
                          "--json"], capture_output=True, text=True, cwd=ROOT, check=True)
    report = json.loads(out.stdout)
    if report["errors"]:
        raise SystemExit(f"simulate sanma reported errors: {report}")
    return games / report["seconds"]


def jansou(python: str, games: int, seed: str) -> float:
    out = subprocess.run([python, "-c", JANSOU_GAMES, str(games), seed], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["games_per_second"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jansou-python", required=True, help="the Python of a virtualenv with jansou==0.14.0")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios = []
    for number in range(args.rounds):
        mine = ours(args.games, args.seed)
        theirs = jansou(args.jansou_python, args.games, args.seed)
        ratios.append(mine / theirs)
        print(f"round {number + 1}: simulate sanma {mine:.2f} games/s, jansou EfficiencyAgent tenhou-3p "
              f"{theirs:.2f} games/s, ratio {mine / theirs:.2f}")
    print(f"median ratio over {args.rounds} rounds: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
