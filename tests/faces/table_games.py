"""Seeded bot games sampled for the table-picture tests and benchmark: each game's public view (and the
cards hidden at that moment) at many points of play."""

from __future__ import annotations

import copy

from games import get_game
from games.simulate import bot_seats, play_game

SETUPS = {"sanma": 3, "koikoi": 2, "hachihachi": 3, "blackflower": 4, "bcpoker": 3}


def sampled_views(name: str, seed: str = "pictures", every: int = 7, limit: int = 40) -> list[tuple[dict, dict]]:
    """``(public_view, hidden_cards)`` after the deal and every ``every``-th action, at most ``limit``."""
    game = get_game(name)
    players = SETUPS[name]
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}))
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    samples: list[tuple[dict, dict]] = []
    step = 0

    def check(state, events):
        nonlocal step
        if step % every == 0 and len(samples) < limit:
            samples.append((copy.deepcopy(game.public_view(state)), copy.deepcopy(game.hidden_cards(state))))
        step += 1

    play_game(game, options, bot_seats(players, balances), seed, check=check)
    return samples
