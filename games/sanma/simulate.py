"""Bot-vs-bot sanma games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from games import simulate as sim
from games.sanma.options import Options
from games.sanma.state import SanmaState

# simulate()'s figures as ``python -m games simulate`` says them (its --json prints them all)
SUMMARY = (
    "{games} games, {hands} hands, {actions} actions in "
    "{seconds} s ({games_per_second} games/s); conserved: {conserved}; errors: {errors}"
)


def play_game(options: Options, seed: str, check: sim.Check | None = None, max_actions: int = 20000) -> tuple[Any, int]:
    from games.sanma import GAME

    return sim.play_game(GAME, options, sim.bot_seats(3), seed, check, max_actions=max_actions)


def conserved(state: SanmaState) -> bool:
    return sum(state.scores) + 1000 * state.sticks == 3 * state.options.start_points


def simulate(options: Options, games: int = 100, seed: str = "1") -> dict[str, Any]:
    hands = 0
    ok = True

    def tally(state: SanmaState) -> None:
        nonlocal hands, ok
        hands += len(state.hands_log)
        ok = ok and conserved(state)

    report = sim.run_games(lambda seed: play_game(options, seed), games, seed, tally)
    return {**report, "hands": hands, "conserved": ok}
