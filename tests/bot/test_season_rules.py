"""A season's rules (bot/league/rules.py): fixed options are set on every new table of the game, a differing
value the host typed is refused with a sentence naming the season, and Sanma's placement points decide the
scores the ledger books."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.league import rules
from bot.tables import Refusal
from games.base import GameError
from games.sanma.placement import SanmaPlacement
from tests.bot.managed_tables import open_lobby
from tests.bot.test_ledger_properties import GUILD, new_manager, play_one


def test_sanma_placement_points_default_to_the_games_own_and_stay_zero_sum():
    p = SanmaPlacement()
    assert p.engine_options() == {"start_points": 35000, "return_points": 40000, "uma": [20, 0, -20]}
    assert p.oka == 15.0
    assert SanmaPlacement(start_points=30000, return_points=30000).oka == 0
    with pytest.raises(ValidationError, match="must add up to 0"):
        SanmaPlacement(uma_first=30, uma_second=0, uma_third=-20)
    assert rules.rules_text("sanma", {"red_fives": False, **p.engine_options()}) == (
        "start 35000, return 40000, oka +15, uma +20/+0/-20 · red_fives off"
    )


async def test_play_uses_the_season_rules_and_refuses_a_differing_choice(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3")
    store = manager.store
    try:
        season = await store.seasons.start(GUILD, "Spring League", 9)
        with pytest.raises(GameError, match="The option call_seconds must be from 3 to 600"):
            await rules.set_rules(store, season.id, "sanma", {"call_seconds": 1}, 9)
        fixed = {"east_only": True, **SanmaPlacement(uma_first=30, uma_third=-30).engine_options()}
        await rules.set_rules(store, season.id, "sanma", fixed, 9)
        assert await rules.season_rules(store, season.id) == {"sanma": fixed}

        with pytest.raises(Refusal, match="^Spring League plays Sanma with east_only on: every Sanma table uses"):
            await open_lobby(
                manager, "sanma", {"east_only": False}, guild=GUILD, channel=5, chosen=frozenset({"east_only"})
            )
        assert manager.in_channel(5) is None
        # the same value typed, or a default not typed: the season's values are set
        typed = {"east_only": True, "red_fives": True}
        table = await open_lobby(manager, "sanma", typed, guild=GUILD, channel=5, chosen=frozenset({"east_only"}))
        assert table.options == {"red_fives": True, **fixed}
        await manager.cancel(table.id, 1)

        played = await play_one(manager, "sanma", {"east_only": False}, 3, (1, 2), channel=6)  # not typed
        state = played.state
        assert tuple(state.options.uma) == (30, 0, -30) and state.options.east_only
        points = state.final["points"]
        order = sorted(range(3), key=lambda s: (-points[s], s))
        expected = [0, 0, 0]
        for place, seat in enumerate(order):
            expected[seat] = (points[seat] - 40000) // 100 + (30, 0, -30)[place] * 10 + (150 if place == 0 else 0)
        booked = [
            line.amount for line in sorted(await store.ledger.lines(GUILD, table_id=played.id), key=lambda ln: ln.seat)
        ]
        assert booked == expected

        await rules.set_rules(store, season.id, "sanma", {}, 9)  # cleared: the host's options again
        assert await rules.season_rules(store, season.id) == {}
        lobby = await open_lobby(manager, "sanma", {}, guild=GUILD, channel=7)
        await rules.set_rules(store, season.id, "sanma", fixed, 9)  # fixed while the lobby waits
        await manager.join(lobby.id, 2, "bob")
        await manager.add_bot(lobby.id, 1)
        started = await manager.start(lobby.id, 1)
        assert tuple(started.state.options.uma) == (30, 0, -30) and started.state.options.east_only
        await rules.set_rules(store, season.id, "sanma", {}, 9)
        assert await rules.season_rules(store, season.id) == {}
    finally:
        await manager.close()
        await store.close()
