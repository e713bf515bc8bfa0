"""Benchmark (not a test): the sanma bot against the bot it replaced, over seeded games.

    .venv/bin/python -m benchmarks.bench_sanma_strength [--games 300] [--seed 1] [--previous REV:PATH]

Each game seats one current bot (games/sanma/policy.py, on the table-based shanten core) and two
previous bots; the current bot's seat turns round game by game (0, 1, 2, …). The previous bot is read
from the project's git history (``--previous``; by default the bot the shanten core replaced, the same
rules of play on the ``mahjong`` library's shanten, which reads the view as the dict it was then).
For each bot the table gives, per seat-game: the share of hands it won, the share of hands in
which it dealt into a ron, its average placement (1-3), and its average decision time.
"""

from __future__ import annotations

import hashlib
import statistics
import subprocess
import time
import types
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from benchmarks.command_line import Option, read
from benchmarks.timings import percentile
from games import simulate as sim
from games.sanma import GAME
from games.sanma.options import Options
from games.sanma.views import SeatView

# The bot before the table-based shanten core, as the commit that last held it kept it beside the benchmark.
PREVIOUS = "a19fd0963ee94db9930b2356f3e26edfe15abe31:benchmarks/_sanma_policy_before.py"
ROOT = Path(__file__).resolve().parents[1]
Choose = Callable[[SeatView, list[str], int], str]


def previous_bot(spec: str) -> Choose:
    """The ``bot_choose`` of the policy module at ``spec`` (``REV:PATH``, read with ``git show``), given the view as a
    dict: the previous bot read the view as the dict it was then."""
    shown = subprocess.run(["git", "-C", str(ROOT), "show", spec], capture_output=True, text=True)
    if shown.returncode != 0:
        raise SystemExit(f"cannot read the previous bot {spec} from git: {shown.stderr.strip()}")
    module = types.ModuleType("previous_sanma_policy")
    exec(compile(shown.stdout, spec, "exec"), module.__dict__)

    def choose(view: SeatView, legal: list[str], rng_seed: int) -> str:
        return str(module.bot_choose(view.model_dump(), legal, rng_seed))

    return choose


def play(games: int, seed: str, bots: dict[str, Choose]) -> dict[str, dict[str, list[float]]]:
    """Per bot: one entry per seat-game of hands played, hands won, deal-ins and placement, and
    every decision time."""
    figures: dict[str, dict[str, list[float]]] = {name: defaultdict(list) for name in bots}
    for number in range(games):
        seats = ["previous"] * 3
        seats[number % 3] = "current"

        def choose(view: SeatView, legal: list[str], rng_seed: int, seats: list[str] = seats) -> str:
            name = seats[view.seat]
            started = time.perf_counter()
            action = bots[name](view, legal, rng_seed)
            figures[name]["decision seconds"].append(time.perf_counter() - started)
            return action

        game_seed = hashlib.sha256(f"{seed}:game:{number}".encode()).hexdigest()
        state, _ = sim.play_game(GAME, Options(), sim.bot_seats(3), game_seed, choose=choose)
        for seat, name in enumerate(seats):
            wins = [w for hand in state.hands_log if hand["type"] == "win" for w in hand["wins"]]
            figures[name]["hands"].append(len(state.hands_log))
            figures[name]["won"].append(sum(1 for w in wins if w["winner"] == seat))
            figures[name]["dealt in"].append(sum(1 for w in wins if w["kind"] == "ron" and w["from_seat"] == seat))
            figures[name]["placement"].append(state.final["ranks"][seat])
    return figures


def table(figures: dict[str, dict[str, list[float]]]) -> list[str]:
    lines = ["bot       seat-games  hands  win rate  deal-in rate  avg placement  decision median / p99"]
    for name, f in figures.items():
        hands = sum(f["hands"])
        ms = sorted(s * 1000 for s in f["decision seconds"])
        lines.append(
            f"{name:<9} {len(f['placement']):>10} {hands:>6} {sum(f['won']) / hands:>9.1%} "
            f"{sum(f['dealt in']) / hands:>13.1%} {statistics.mean(f['placement']):>14.3f}  "
            f"{statistics.median(ms):.3f} / {percentile(ms, 0.99):.3f} ms"
        )
    return lines


def main() -> None:
    args = read(__doc__, games=300, seed="1", previous=Option(PREVIOUS, "the previous bot's module, REV:PATH in git"))
    bots = {"current": GAME.bot_choose, "previous": previous_bot(args.previous)}
    started = time.perf_counter()
    figures = play(args.games, args.seed, bots)
    print(
        f"{args.games} games (seed {args.seed}), one current bot and two previous bots each, "
        f"in {time.perf_counter() - started:.0f} s"
    )
    print("\n".join(table(figures)))


if __name__ == "__main__":
    main()
