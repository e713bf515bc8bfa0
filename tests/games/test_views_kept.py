"""A view is kept (a hand panel built from it is shown again until the table changes, a picture is drawn from it
later in a worker): the views share nothing with the game's state, so playing on never changes a view taken
before."""

from __future__ import annotations

from typing import Any

import pytest

from games import get_game
from games.simulate import bot_seats, play_game

GAMES = {"koikoi": {"players": 2, "months": 3}, "hachihachi": {"players": 3, "months": 6}}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_shares_nothing_with_the_state_it_was_taken_from(name: str) -> None:
    game = get_game(name)
    options = game.Options(**GAMES[name])
    players = GAMES[name]["players"]
    kept: list[tuple[Any, dict[str, Any]]] = []  # (a view, its dump when taken)

    def check(state: Any, events: Any) -> None:
        for view in [game.view(state, seat) for seat in range(players)] + [game.public_view(state)]:
            kept.append((view, view.model_dump()))

    play_game(game, options, bot_seats(players), f"views-kept-{name}", check=check)
    assert len(kept) > 90
    assert all(view.model_dump() == taken for view, taken in kept)
