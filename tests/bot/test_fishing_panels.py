"""Koi-Koi and Hachi-Hachi hand panels while a flipped card waits for its capture to be chosen:
only the seat that chooses is asked to; every other panel says whose choice it is."""

from __future__ import annotations

import pytest

from bot.render.hachihachi import embeds as hh_render
from bot.render.koikoi import embeds as kk_render
from games import get_game
from games.base import SeatInfo

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def waiting_for_a_flip_choice(game: str, players: int):
    """A seeded game by bots, stopped when a flipped card must choose between two field cards."""
    g = get_game(game)
    for seed in range(200):
        state = g.new_game(
            g.Options(players=players), [SeatInfo(name=n, balance=1000) for n in NAMES[:players]], f"flip-{seed}"
        )
        for step in range(2000):
            if g.is_over(state):
                break
            if getattr(state, "pending", None) and state.pending_choices:
                return g, state
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.bot_choose(g.view(state, seat), g.legal_actions(state, seat), step))
    raise AssertionError("no flip with a choice found")


@pytest.mark.parametrize("game, render, players", [("koikoi", kk_render, 2), ("hachihachi", hh_render, 3)])
def test_only_the_chooser_is_asked_to_choose_the_flipped_cards_capture(game, render, players):
    g, state = waiting_for_a_flip_choice(game, players)
    chooser = state.turn
    assert g.legal_actions(state, chooser)
    mine, _ = render.panel(g.view(state, chooser), g.legal_actions(state, chooser), NAMES, None)
    assert "— choose which card it takes." in mine.description
    for seat in range(players):
        if seat == chooser:
            continue
        theirs, buttons = render.panel(g.view(state, seat), g.legal_actions(state, seat), NAMES, None)
        assert "choose which card it takes" not in theirs.description
        assert f"— {NAMES[chooser]} chooses which card it takes." in theirs.description
        assert f"Waiting for **{NAMES[chooser]}**" in theirs.description and not buttons
