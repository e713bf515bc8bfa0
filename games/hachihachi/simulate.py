"""Bot-vs-bot Hachi-Hachi games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from games import simulate as sim
from games.hachihachi.options import Options
from games.hachihachi.state import HHState, check_invariant

# simulate()'s figures as ``python -m games simulate`` says them (its --json prints them all)
SUMMARY = (
    "{games} games of {players} players, {actions} "
    "actions in {seconds} s ({games_per_second} games/s); conserved: {conserved}; "
    "errors: {errors}; loans: {loans}; endings: {endings}"
)


def play_game(
    options: Options, seed: str, check: sim.Check | None = None, chooser: sim.Chooser | None = None
) -> tuple[HHState, int]:
    """One bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    from games.hachihachi import GAME

    return sim.play_game(GAME, options, sim.bot_seats(options.players), seed, check, choose=chooser)


def simulate(options: Options, games: int = 100, seed: str = "1") -> dict[str, Any]:
    players = options.players
    conserved = True
    loans = 0
    endings: dict[str, int] = {}

    def check(state, events) -> None:
        nonlocal conserved
        try:
            check_invariant(state)
        except AssertionError:
            conserved = False

    def tally(state) -> None:
        nonlocal loans
        for gl in state.game_log:
            loans += sum(gl["loans"])
        for m in state.month_log:
            endings[m["kind"]] = endings.get(m["kind"], 0) + 1

    report = sim.run_games(lambda seed: play_game(options, seed, check), games, seed, tally)
    return {**report, "players": players, "conserved": conserved, "loans": loans, "endings": endings}
