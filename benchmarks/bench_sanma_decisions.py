"""Benchmark (not a test): per-call time of a sanma bot decision, and of the engine's ``legal_actions``.

    .venv/bin/python -m benchmarks.bench_sanma_decisions [--games 20] [--seed 1] [--clock wall|cpu]

Plays seeded bot games through the game interface (as ``python -m games simulate sanma`` does)
and times every ``bot_choose`` and ``legal_actions`` call (the loop and command line of
bench_bcpoker_decisions). Prints median, 99th percentile and maximum, and a digest of every action
played, so two runs (before and after a change) can be compared for identical play. Goal
: median < 0.5 ms, p99 < 5 ms. Wall-clock time by default; ``--clock cpu`` times the
process's CPU time instead, which leaves out the time the process waited for a core on a busy
machine.
"""

from __future__ import annotations

from benchmarks.bench_bcpoker_decisions import main
from games.sanma import GAME
from games.sanma.options import Options

if __name__ == "__main__":
    main(GAME, Options(), __doc__, games=20)
