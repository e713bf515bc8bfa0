"""Benchmark (not a test): ``python -m games simulate sanma`` against jansou's EfficiencyAgent, same run.

    .venv/bin/python -m benchmarks.bench_sanma_vs_jansou --jansou-python /work/bench-venv/bin/python \
        [--games 20] [--seed 1] [--rounds 3]

jansou (PyPI ``jansou==0.14.0``) is a peer riichi library whose ``EfficiencyAgent`` plays the same
idea as our bot (shanten plus acceptance). It is never installed by this script: give the Python
of a separate virtualenv that has it (``python -m venv /work/bench-venv &&
/work/bench-venv/bin/pip install jansou==0.14.0``). Each round plays ``--games`` games of ours
(the ``simulate`` function behind ``python -m games simulate sanma``) and then ``--games`` jansou
games on preset ``tenhou-3p`` (three EfficiencyAgents), each in a fresh process timed from the
first game's start to the last game's end, on the wall clock and on the process's CPU clock (which
leaves out the time spent waiting for a core on a busy machine); rounds alternate so that both see
the same machine load. It first runs the literal command line once and prints its games/s. Prints
each round's games/s and the median ratios.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.command_line import Option, read

ROOT = Path(__file__).resolve().parents[2]

JANSOU_GAMES = """
import json, sys, time
from jansou.core.rules import preset
from jansou.game.agents import EfficiencyAgent
from jansou.game.environment import Environment

games, seed = int(sys.argv[1]), int(sys.argv[2])
wall, cpu = time.perf_counter(), time.process_time()
for number in range(games):
    game_seed = seed * 1000 + number
    env = Environment(preset("tenhou-3p"), seed=game_seed)
    env.run([EfficiencyAgent(seed=game_seed * 3 + seat) for seat in range(3)])
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""

OUR_GAMES = """
import json, sys, time
from games.sanma.options import Options
from games.sanma.simulate import simulate  # what python -m games simulate sanma runs

games, seed = int(sys.argv[1]), sys.argv[2]
wall, cpu = time.perf_counter(), time.process_time()
report = simulate(Options(), games=games, seed=seed)
assert report["errors"] == 0 and report["conserved"], report
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def cli_games_per_second(games: int, seed: str) -> float:
    """``python -m games simulate sanma --games N --seed S --json`` exactly as the issue names it."""
    out = subprocess.run(
        [sys.executable, "-m", "games", "simulate", "sanma", "--games", str(games), "--seed", seed, "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    report = json.loads(out.stdout)
    if report["errors"] or not report["conserved"]:
        raise SystemExit(f"simulate sanma failed: {report}")
    return report["games_per_second"]


def timed(python: str, script: str, games: int, seed: str) -> dict[str, float]:
    """Wall and CPU seconds of ``games`` games in a fresh process (imports not counted)."""
    out = subprocess.run([python, "-c", script, str(games), seed], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


def main() -> None:
    args = read(
        __doc__,
        jansou_python=Option(None, "the Python of a virtualenv with jansou==0.14.0", required=True),
        games=20,
        seed="1",
        rounds=3,
    )
    print(
        f"python -m games simulate sanma --games {args.games} --seed {args.seed} --json: "
        f"{cli_games_per_second(args.games, args.seed):.2f} games/s"
    )
    ratios: dict[str, list[float]] = {"wall": [], "cpu": []}
    for number in range(args.rounds):
        mine = timed(sys.executable, OUR_GAMES, args.games, args.seed)
        theirs = timed(args.jansou_python, JANSOU_GAMES, args.games, args.seed)
        line = []
        for clock in ("wall", "cpu"):
            ours_rate, their_rate = args.games / mine[clock], args.games / theirs[clock]
            ratios[clock].append(ours_rate / their_rate)
            line.append(
                f"{clock}: sanma {ours_rate:.2f} vs jansou {their_rate:.2f} games/s (x{ours_rate / their_rate:.2f})"
            )
        print(f"round {number + 1}: " + "; ".join(line))
    print(
        f"median ratio over {args.rounds} rounds: wall x{statistics.median(ratios['wall']):.2f}, "
        f"cpu x{statistics.median(ratios['cpu']):.2f}"
    )


if __name__ == "__main__":
    main()
