"""Bot-vs-bot Koi-Koi games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from games import simulate as sim
from games.koikoi.options import Options

# simulate()'s figures as ``python -m games simulate`` says them (its --json prints them all)
SUMMARY = (
    "{games} games, {actions} actions in {seconds} s "
    "({games_per_second} games/s); zero-sum: {zero_sum}; errors: {errors}"
)


def play_game(options: Options, seed: str, check: sim.Check | None = None) -> tuple[Any, int]:
    """Play one bot-vs-bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    from games.koikoi import GAME

    return sim.play_game(GAME, options, sim.bot_seats(options.players), seed, check)


def simulate(options: Options, games: int = 100, seed: str = "1") -> dict[str, Any]:
    zero_sum = True

    def tally(state) -> None:
        nonlocal zero_sum
        if sum(state.scores) != 0 or any(sum(r["payments"]) != 0 for r in state.rounds):
            zero_sum = False

    report = sim.run_games(lambda seed: play_game(options, seed), games, seed, tally)
    return {**report, "zero_sum": zero_sum}
