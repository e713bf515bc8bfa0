"""Bot-vs-bot Black Flower games for the CLI and the property tests (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from games import simulate as sim
from games.blackflower import engine
from games.blackflower.options import Options

# simulate()'s figures as ``python -m games simulate`` says them (its --json prints them all)
SUMMARY = (
    "{games} games ({players} players), {rounds} rounds, {hands} hands, {actions} "
    "actions in {seconds} s ({games_per_second} games/s); chips conserved: {zero_sum}; "
    "errors: {errors}; bank edge per unit staked: {bank_edge_per_unit}"
)


def play_game(
    options: Options, players: int, seed: str, check: sim.Check | None = None, balances: list[int] | None = None
) -> tuple[Any, int]:
    """Play one bot game; ``check(state, events)`` runs after every action. Returns (state, actions)."""
    from games.blackflower import GAME

    return sim.play_game(GAME, options, sim.bot_seats(players, balances), seed, check)


def simulate(options: Options, players: int, games: int = 100, seed: str = "1") -> dict[str, Any]:
    rounds = hands = bank = staked = 0
    zero_sum = True
    results = {"win": 0, "loss": 0, "push": 0}

    def tally(state) -> None:
        nonlocal rounds, hands, bank, staked, zero_sum
        if (
            sum(state.chips) != sum(state.start_chips)
            or sum(line["amount"] for line in engine.ledger_entries(state)) != 0
        ):
            zero_sum = False
        for r in state.history:
            rounds += 1
            bank += r["nets"][r["banker"]]
            for h in r["hands"]:
                hands += 1
                staked += h["stake"]
                results[h["result"]] += 1

    report = sim.run_games(lambda seed: play_game(options, players, seed), games, seed, tally)
    return {
        **report,
        "players": players,
        "rounds": rounds,
        "hands": hands,
        "zero_sum": zero_sum,
        "results": results,
        "bank_edge_per_unit": round(bank / staked, 4) if staked else None,
    }
