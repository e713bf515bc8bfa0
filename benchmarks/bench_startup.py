"""Benchmark (not a test): how long the bot takes to import everything it runs with, and its memory then.

    .venv/bin/python -m benchmarks.bench_startup [--runs 5]

Each run is a fresh interpreter that imports the bot, every cog and every game (what ``python -m bot``
loads before it connects), then prints the seconds that took and the process's peak resident memory
(``ru_maxrss``). Runs alternate without and with the ratings (openskill, imported by the first finished
game), so both figures see the same machine load; prints the median of each.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from benchmarks.command_line import read

PROBE = """
import json, resource, time
t0 = time.perf_counter()
import bot.main, cogs.play, cogs.league, cogs.settings, cogs.rules, cogs.money, cogs.calc
from games import game_names, get_game
for name in game_names():
    get_game(name)
if WITH_RATINGS:
    import bot.league.ratings
print(json.dumps({"seconds": time.perf_counter() - t0,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main(argv: list[str] | None = None) -> None:
    args = read(__doc__, argv, runs=5)
    runs: dict[bool, list[dict]] = {False: [], True: []}
    for _ in range(args.runs):
        for ratings in (False, True):
            probe = f"WITH_RATINGS = {ratings}\n" + PROBE
            runs[ratings].append(
                json.loads(
                    subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout
                )
            )
    for ratings, label in ((False, "without the ratings"), (True, "with the ratings (openskill)")):
        seconds = statistics.median(r["seconds"] for r in runs[ratings])
        rss = statistics.median(r["rss_mb"] for r in runs[ratings])
        print(f"start-up imports {label}: {seconds * 1000:.0f} ms median of {args.runs}; peak RSS {rss:.1f} MB")


if __name__ == "__main__":
    main()
