"""A picture job as the presenter hands it to a worker (bot/presenter.py, bot/render/pictures.py): the view goes as
its JSON, which is also the picture's key, and the worker rebuilds it. Every view of the seeded games comes back
equal (so it draws the same picture), and a changed view is never shown the picture of the one before."""

from __future__ import annotations

import asyncio

import pytest
from pydantic_core import to_json

from bot.painter import Painter
from bot.presenter import DiscordPresenter, resolved
from bot.render.pictures import drawn_from_json, has_panel_picture, panel_picture, table_picture
from games import get_game
from games.simulate import bot_seats
from tests.bot.playing_tables import playing_table
from tests.faces.table_games import SETUPS, sampled_seat_views, sampled_views


@pytest.mark.parametrize("game", list(SETUPS))
def test_every_view_comes_back_from_its_json_equal_and_draws_the_same_picture(game):
    public = [v for v, _ in sampled_views(game, every=2, limit=120)]
    seats = [v for v, _ in sampled_seat_views(game, every=2, limit=120)]
    for view in [*public, *seats]:
        assert type(view).model_validate_json(to_json(view)) == view
    for view in public[::10]:
        assert drawn_from_json(table_picture, game, type(view), to_json(view)) == table_picture(game, view)
    for view in [v for v in seats if has_panel_picture(game, v)][::10]:
        assert drawn_from_json(panel_picture, game, type(view), to_json(view)) == panel_picture(game, view)


async def test_the_workers_draw_the_table_the_presenter_asks_for_and_a_changed_view_is_drawn_again():
    koikoi = get_game("koikoi")
    states = [koikoi.new_game(koikoi.Options(), bot_seats(2), seed) for seed in ("jobs-1", "jobs-2")]
    draws = Painter()
    try:
        await asyncio.wrap_future(draws.warm_up())
        presenter = DiscordPresenter(client=None, draws=draws)
        table = playing_table(koikoi, states[0], ["alice", "bob"], seed="0" * 32)
        first = await resolved(presenter.table_payload(table))
        assert first["picture"] == table_picture("koikoi", koikoi.public_view(states[0]))
        table.state = states[1]  # another deal at the same table: its picture, not the last one
        second = await resolved(presenter.table_payload(table))
        assert second["picture"] == table_picture("koikoi", koikoi.public_view(states[1])) != first["picture"]
        again = await resolved(presenter.table_payload(table))
        assert again["picture"] == second["picture"]
    finally:
        draws.close()


def test_a_view_that_does_not_validate_fails_without_quoting_it():
    """A failed picture is logged: the error names the model, never the view's content (a seat's hand)."""
    view = next(v for v, _ in sampled_seat_views("koikoi", every=5, limit=10) if v.hand)
    broken = to_json({**view.model_dump(), "hand": {"cards": view.hand}})  # pydantic's error would quote them
    with pytest.raises(ValueError) as failed:
        drawn_from_json(panel_picture, "koikoi", type(view), broken)
    assert "SeatView" in str(failed.value) and not any(card in str(failed.value) for card in view.hand)
    assert failed.value.__cause__ is None and failed.value.__suppress_context__
