"""Bot-vs-bot Black Christmas Poker games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from games import simulate as sim
from games.bcpoker.options import Options

# simulate()'s figures as ``python -m games simulate`` says them (its --json prints them all)
SUMMARY = (
    "{games} games of {players} players, {rounds} rounds, "
    "{actions} actions in {seconds} s ({games_per_second} games/s); wins {win_kinds}; "
    "zero-sum: {zero_sum}; errors: {errors}"
)


def play_game(
    options: Options, players: int, seed: str, check: sim.Check | None = None, max_actions: int = 200_000
) -> tuple[Any, int]:
    """Play one bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    from games.bcpoker import GAME

    return sim.play_game(GAME, options, sim.bot_seats(players), seed, check, max_actions=max_actions)


def simulate(opts: Options, players: int, games: int = 100, seed: str = "1") -> dict[str, Any]:
    opts.check(players)
    rounds = wins = 0
    kinds: dict[str, int] = {}
    zero_sum = True

    def tally(state) -> None:
        nonlocal rounds, wins, zero_sum
        rounds += len(state.rounds)
        for r in state.rounds:
            wins += len(r["wins"])
            for w in r["wins"]:
                kinds[w["kind"]] = kinds.get(w["kind"], 0) + 1
            zero_sum = zero_sum and sum(r["payments"]) == 0
        zero_sum = zero_sum and sum(state.scores) == 0

    report = sim.run_games(lambda seed: play_game(opts, players, seed), games, seed, tally)
    return {
        **report,
        "players": players,
        "rounds": rounds,
        "wins": wins,
        "win_kinds": dict(sorted(kinds.items())),
        "zero_sum": zero_sum,
    }
