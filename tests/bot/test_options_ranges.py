"""Option ranges have one source: what /play declares to Discord is what Parlor checks."""

from __future__ import annotations

import pytest
from discord import AppCommandOptionType

from bot.settings import TURN_SECONDS
from bot.store import Store
from bot.tables import Presenter, Refusal, TableManager
from cogs.play import Play
from games import get_game
from games.base import GameError, option_range, options_from
from tests.bot.managed_tables import open_lobby


def declared_ranges():
    """(game, option, low, high) for every whole-number option of every /play command."""
    for command in Play(None).play.commands:  # the cog makes one /play command per registered game
        for param in command.parameters:
            if param.type is AppCommandOptionType.integer and not param.choices:
                yield command.name, param.name, param.min_value, param.max_value


def test_every_number_option_of_play_has_parlors_own_range():
    seen = list(declared_ranges())
    assert len(seen) >= 15
    for game, option, low, high in seen:
        expected = TURN_SECONDS if option == "turn_time" else option_range(get_game(game).Options, option)
        assert (low, high) == expected, (game, option)


@pytest.mark.parametrize("game,option,low,high", [r for r in declared_ranges() if r[1] != "turn_time"])
def test_the_options_accept_the_declared_bounds_and_refuse_beyond(game, option, low, high):
    model = get_game(game).Options
    widest_bets = {"min_bet": low, "max_bet": high} if option.endswith("_bet") else {}  # min_bet ≤ max_bet
    for fine in (low, high):
        assert getattr(options_from(model, game, {**widest_bets, option: fine}), option) == fine
    for wrong in (low - 1, high + 1, -(10**9), 10**9):
        with pytest.raises(GameError) as refused:
            options_from(model, game, {option: wrong})
        assert str(refused.value) == f"The option {option} must be from {low} to {high}."


async def test_opening_a_table_checks_the_turn_time_and_every_option(tmp_path):
    store = await Store.open(tmp_path / "parlor.sqlite3")
    manager = TableManager(store, presenter=Presenter(), default_turn_seconds=60)
    try:

        async def open_koikoi(turn_seconds, **options):
            alice = (3, "alice")
            return await open_lobby(
                manager, "koikoi", options, guild=1, channel=2, host=alice, turn_seconds=turn_seconds
            )

        for wrong in (1, -5, 0, 10**9):
            with pytest.raises(Refusal, match=r"^The option turn_time must be from 10 to 3600\.$"):
                await open_koikoi(wrong)
        with pytest.raises(Refusal, match=r"^The option months must be from 1 to 12\.$"):
            await open_koikoi(60, months=0)
        table = await open_koikoi(None, months=12)
        assert table.turn_seconds == 60 and manager.in_channel(2) is table
    finally:
        await manager.close()
        await store.close()
