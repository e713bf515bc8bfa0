"""An officer ends a table early by its game's own end rule (``/league table end``, bot/league/control.py and
each game's ``early_end.py``): Sanma settles the points held with the season's uma and oka, the other games
the scores or chips of the deals played; the results, ledger lines, standings and ratings are an ordinary
end's, and the action is on the officers' record. A game without such a rule is refused, pointing to a void."""

from __future__ import annotations

import json

import pytest

from bot.league import control, officers, ratings
from bot.league.rules import set_rules
from bot.league.standings import standings as league_standings
from bot.tables import FINISHED, PLAYING, Refusal, TableManager
from games import get_game
from games.base import SeatInfo
from games.sanma.placement import SanmaPlacement
from tests.bot.managed_tables import open_lobby, start_table
from tests.bot.test_league_control import GUILD, OLIVE, Time, new_manager, stored_ratings

ALICE, BOB, CAROL = 1, 2, 3


async def seated(manager: TableManager, game: str, players: list[tuple[int, str]], options: dict | None = None):
    table = await open_lobby(manager, game, options or {}, guild=GUILD, channel=50, host=players[0])
    await start_table(manager, table, *players[1:])
    await manager.idle()
    return table


async def test_sanma_ends_at_the_points_held_with_the_season_s_uma_and_oka_sticks_to_first(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    season = await manager.store.seasons.ensure(GUILD)
    await set_rules(
        manager.store,
        season.id,
        "sanma",
        SanmaPlacement(uma_first=30, uma_second=0, uma_third=-30).engine_options(),
        None,
    )
    table = await seated(manager, "sanma", [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")])
    # the position as the table shows it: Alice 45 000, Bob 28 000, Carol 31 000 and one riichi stick out
    table.state.scores, table.state.sticks = [45000, 28000, 31000], 1
    await control.pause(manager, table, OLIVE, "a player must leave")  # a paused table may be ended too

    answer = await control.end_early(manager, table, OLIVE, "the venue closes")
    await manager.idle()
    assert answer == "Table 1 ended early by the game's own end rule; its results are booked."
    assert table.status == FINISHED and table.paused is None and table.timer is None or table.timer.done()
    stored = await manager.store.tables.get(table.id)
    assert stored.status == FINISHED
    # §8: the stick goes to first place; (points − 40 000) / 1000 + uma, oka 3 × 5 = 15 to first
    assert table.state.final["points"] == [46000, 28000, 31000]
    assert table.state.final["scores"] == [51.0, -42.0, -9.0]
    lines = await manager.store.ledger.lines(GUILD, table_id=table.id)
    assert sorted((line.user_id, line.amount, line.placing) for line in lines) == [
        (ALICE, 510, 1),
        (BOB, -420, 3),
        (CAROL, -90, 2),
    ]
    by_game = await league_standings(manager.store, GUILD, season.id)
    assert {r.user_id: (r.points, r.games) for r in by_game["sanma"].rows} == {
        ALICE: (510, 1),
        BOB: (-420, 1),
        CAROL: (-90, 1),
    }
    kept = await stored_ratings(manager.store)
    assert {r[0] for r in kept} == {table.id}  # rated like any finished table, as a rebuild rates it
    await ratings.rebuild(manager.store)
    assert await stored_ratings(manager.store) == kept
    (end, pause) = await officers.actions(manager.store, GUILD)
    assert (end.action, end.target, end.reason, end.details) == (
        "end",
        "table 1",
        "the venue closes",
        {"lines": 3, "game": "sanma"},
    )
    async with manager.store.read() as db, db.execute("SELECT COUNT(*) FROM table_pauses") as cur:
        assert (await cur.fetchone())[0] == 0
    with pytest.raises(Refusal, match="^Only a game in play can be ended early.$"):
        await control.end_early(manager, table, OLIVE, "again")
    await manager.close()
    await manager.store.close()


async def test_a_game_without_an_end_rule_of_its_own_is_refused_pointing_to_void_and_nothing_changes(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    table = await seated(manager, "hachihachi", [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")])
    before = (table.state.model_dump_json(), table.version, await manager.store.ledger.lines(GUILD))
    with pytest.raises(Refusal) as refused:
        await control.end_early(manager, table, OLIVE, "late")
    assert str(refused.value) == (
        "Hachi-Hachi has no rule to end a game before its end, so it cannot be settled "
        "early. /league table void closes the table without results."
    )
    assert table.status == PLAYING
    assert (table.state.model_dump_json(), table.version, await manager.store.ledger.lines(GUILD)) == before
    assert await officers.actions(manager.store, GUILD) == []
    await manager.close()
    await manager.store.close()


def bots_play(game, state, until) -> None:
    """Bot moves for every seat to act until ``until(state)``."""
    for step in range(5000):
        if until(state):
            return
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        bet = "bet:50" if "bet:50" in legal else None  # Black Flower: every player stakes 50
        game.apply(state, seat, bet or game.bot_choose(game.view(state, seat), legal, step))
    raise AssertionError("never reached")


def test_black_flower_returns_the_stakes_of_the_round_in_play_and_ends_at_the_chips_of_the_rounds_settled():
    game = get_game("blackflower")
    state = game.new_game(game.Options(rounds=5), [SeatInfo(name=n, balance=1000) for n in "abc"], "ab" * 16)
    bots_play(
        game,
        state,
        lambda s: s.round >= 2 and s.phase == "betting" and not any(s.bets) and s.chips != [1000, 1000, 1000],
    )  # a round settled that moved chips, the next one's betting open
    settled = list(state.chips)
    bettor = game.to_act(state)[0]
    game.apply(state, bettor, "bet:40")
    assert state.chips[bettor] == settled[bettor] - 40
    events = game.end_early(state)
    assert game.is_over(state) and state.chips == settled  # the stake came back
    result = game.result(state)
    assert result.scores == [c - 1000 for c in settled]
    assert [e.type for e in events] == ["game_end"]
    for seat in range(3):  # the ledger lines are the settled round's, and add up to the score
        assert sum(line["amount"] for line in game.ledger_entries(state) if line["seat"] == seat) == result.scores[seat]


@pytest.mark.parametrize("name, deals", [("koikoi", "months_done"), ("bcpoker", "rounds")])
def test_koikoi_and_bcpoker_end_at_the_scores_of_the_deals_played(name: str, deals: str):
    game = get_game(name)
    state = game.new_game(game.Options(), [SeatInfo(name=n) for n in "ab"], "cd" * 16)

    def one_deal_played(s) -> bool:
        played = s.months_done if name == "koikoi" else len(s.rounds)
        return played >= 1 and any(s.scores) and game.to_act(s) != []

    bots_play(game, state, one_deal_played)
    scores = list(state.scores)
    (end,) = game.end_early(state)
    assert game.is_over(state) and game.to_act(state) == []
    assert end.type == "game_end" and end.scores == scores
    assert game.result(state).scores == scores and sum(scores) == 0


async def test_the_record_of_a_sanma_game_ended_early_is_a_tenhou_log_with_the_early_end(tmp_path):
    from bot.league.records import finished_table, record_file

    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    table = await seated(manager, "sanma", [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")])
    while table.game.deal_number(table.state) < 2:  # everyone away: the deadlines play the first hand out
        assert await manager.fire_deadline(table.id)
        await manager.idle()
    await control.end_early(manager, table, OLIVE, "the venue closes")
    await manager.idle()
    found = await finished_table(manager.store, table.id)
    assert found is not None
    log = json.loads(record_file(*found).data)
    final = table.state.final
    assert log["sc"][:6] == [x for pair in zip(final["points"], final["scores"]) for x in pair]
    assert len(log["log"]) == 1  # the hand played out; the one in play when it ended was abandoned
    await manager.close()
    await manager.store.close()
