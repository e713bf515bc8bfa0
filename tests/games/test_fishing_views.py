"""The views of Koi-Koi and Hachi-Hachi dump exactly as they did when they were plain dicts: the same keys in the
same order, the same values (the fixture was written by ``tests/games/fishing_views.py`` before views were models).
The table, the painter's cache and the stored snapshots of pictures all read these dumps."""

from __future__ import annotations

import importlib
import json

import pytest
from pydantic import ValidationError

from games.simulate import bot_seats
from tests.games.fishing_views import FIXTURE, GAMES, sampled


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name, players, options, seed", GAMES, ids=[g[3] for g in GAMES])
def test_views_dump_as_recorded(recorded, name, players, options, seed):
    today = sampled(name, players, options, seed)
    assert [s["step"] for s in today] == [s["step"] for s in recorded[seed]]
    for now, then in zip(today, recorded[seed]):
        for which in ("public", "seat"):
            # compared as JSON text: key order counts, as it does in every dump the bot stores or hashes
            assert json.dumps(now[which]) == json.dumps(then[which]), (seed, now["step"], which)


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_a_view_that_fails_validation_does_not_show_the_hand_in_its_error(name):
    """Errors are logged: a seat view built from bad data must not carry the seat's cards into the error's text,
    whether the bad part is the view's own field (the hand) or a nested part's (the flipped card waiting)."""
    game = importlib.import_module(f"games.{name}").GAME
    players = {"koikoi": 2, "hachihachi": 3}[name]
    state = game.new_game(game.Options(players=players), bot_seats(players), "errors")
    while not game.view(state, seat := game.to_act(state)[0]).hand:  # Hachi-Hachi: the deal follows Mizu-ten
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    dumped = game.view(state, seat).model_dump()
    hand = dumped["hand"]
    model = type(game.view(state, seat))
    for bad in ({"hand": {"cards": hand}}, {"pending": hand}):
        with pytest.raises(ValidationError) as error:
            model.model_validate({**dumped, **bad})
        text = str(error.value) + repr(error.value)  # as a log shows it (its traceback)
        assert not [card for card in hand if card in text], text
