"""The table manager without Discord: lobby rules, turns, persistence, deadlines, restarts."""

from __future__ import annotations

import pytest

from bot.tables import CANCELLED, FINISHED, LOBBY, PLAYING, Refusal, Seat, TableManager
from games.base import GameError
from tests.bot import managed_tables
from tests.bot.managed_tables import RecordingPresenter, open_lobby, start_table, stop

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL = 1, 2, 3


async def new_manager(path) -> TableManager:
    return await managed_tables.new_manager(path, RecordingPresenter())


@pytest.fixture
async def manager(tmp_path):
    m = await new_manager(tmp_path / "parlor.sqlite3")
    yield m
    await stop(m)


async def open_koikoi(manager, **options):
    return await open_lobby(manager, "koikoi", {"months": 1, **options}, guild=GUILD, channel=CHANNEL)


async def test_lobby_rules(manager):
    table = await open_koikoi(manager)
    assert table.status == LOBBY and [s.name for s in table.seats] == ["alice"]
    with pytest.raises(Refusal, match="already has a Koi-Koi table"):
        await open_koikoi(manager)
    with pytest.raises(Refusal, match="already seated"):
        await manager.join(table.id, ALICE, "alice")
    with pytest.raises(Refusal, match="needs 2–4 players"):
        await manager.start(table.id, ALICE)
    await manager.join(table.id, BOB, "bob")
    with pytest.raises(Refusal, match="Only the host"):
        await manager.start(table.id, BOB)
    with pytest.raises(Refusal, match="Only a seated player"):
        await manager.add_bot(table.id, CAROL)
    await manager.add_bot(table.id, BOB)
    await manager.add_bot(table.id, BOB)
    with pytest.raises(Refusal, match="full"):
        await manager.add_bot(table.id, ALICE)
    await manager.leave(table.id, ALICE)  # the host leaves: bob becomes host
    assert table.host_id == BOB and len(table.seats) == 3
    with pytest.raises(Refusal, match="Only the host"):
        await manager.cancel(table.id, CAROL)
    await manager.cancel(table.id, CAROL, is_admin=True)
    assert table.status == CANCELLED
    assert (await manager.store.tables.get(table.id)).status == CANCELLED


async def test_bad_options_are_refused(manager):
    with pytest.raises(Refusal, match="The option months must be from 1 to 12"):
        await open_koikoi(manager, months=13)
    with pytest.raises(Refusal, match="^The toppa option is for 2 players only, not 3.$"):
        await open_koikoi(manager, toppa=True, players=3)
    table = await open_koikoi(manager, toppa=True)  # toppa: a table of two seats
    await manager.add_bot(table.id, ALICE)
    with pytest.raises(Refusal, match=r"full \(2 seats\)"):
        await manager.add_bot(table.id, ALICE)
    assert table.status == LOBBY


async def test_a_table_seated_past_its_options_asks_someone_to_leave(manager):
    table = await open_koikoi(manager, players=2)
    await manager.join(table.id, BOB, "bob")
    await manager._save_lobby(table, [*table.seats, Seat(CAROL, "carol")])  # seated before seats followed options
    with pytest.raises(Refusal, match="^Koi-Koi needs 2 players; 3 are seated. Someone must leave first.$"):
        await manager.start(table.id, ALICE)
    await manager.leave(table.id, CAROL)
    await manager.start(table.id, ALICE)
    assert table.status == PLAYING


def test_a_players_option_that_is_not_the_seats_says_is_for_one():
    from games.koikoi.options import Options

    with pytest.raises(GameError, match="^The options say 2 players but 1 is seated.$"):
        Options(players=2).check(1)


async def start_two_player(manager):
    table = await start_table(manager, await open_koikoi(manager), (BOB, "bob"))
    await manager.idle()
    return table


def user_of(table, seat):
    return table.seats[seat].user_id


async def test_turns_versions_and_refusals(manager):
    table = await start_two_player(manager)
    assert table.status == PLAYING
    (seat,) = table.to_act()
    player, other = user_of(table, seat), user_of(table, 1 - seat)
    legal = table.game.legal_actions(table.state, seat)
    before = table.state.model_dump_json()
    with pytest.raises(Refusal, match="not your turn"):
        await manager.act(table.id, other, table.seat_version(1 - seat), table.game.legal_actions(table.state, seat)[0])
    with pytest.raises(Refusal, match="not seated"):
        await manager.act(table.id, CAROL, table.version, legal[0])
    with pytest.raises(Refusal, match="moment has passed"):
        await manager.act(table.id, player, table.seat_version(seat) - 1, legal[0])
    with pytest.raises(Refusal, match="not allowed"):
        await manager.act(table.id, player, table.seat_version(seat), "play:NOPE")
    assert table.state.model_dump_json() == before
    assert await manager.store.tables.actions(table.id) == []
    version = table.seat_version(seat)
    await manager.act(table.id, player, version, legal[0])
    # the same click again (a doubled click) is stale now
    with pytest.raises(Refusal):
        await manager.act(table.id, player, version, legal[0])
    log = await manager.store.tables.actions(table.id)
    assert [(a.seat, a.action, a.source) for a in log] == [(seat, legal[0], "player")]
    row = await manager.store.tables.get(table.id)
    assert row.version == table.version and row.snapshot == table.state.model_dump_json()


async def play_out(manager, table, stop_after: int | None = None) -> int:
    """Humans play their first legal action until the game ends (or ``stop_after`` actions)."""
    done = 0
    while table.status == PLAYING and (stop_after is None or done < stop_after):
        (seat,) = table.to_act()
        action = table.game.legal_actions(table.state, seat)[0]
        await manager.act(table.id, user_of(table, seat), table.seat_version(seat), action)
        await manager.idle()
        done += 1
    return done


async def test_game_result_goes_to_the_ledger(manager):
    table = await start_two_player(manager)
    await play_out(manager, table)
    assert table.status == FINISHED
    result = table.game.result(table.state)
    row = await manager.store.tables.get(table.id)
    assert row.status == FINISHED
    standings = await manager.store.results.standings(GUILD, row.season_id, "koikoi")
    by_user = {s.user_id: s for s in standings}
    for seat, score in enumerate(result.scores):
        assert by_user[user_of(table, seat)].net == score
        assert by_user[user_of(table, seat)].games == 1
    assert sum(result.scores) == 0


async def test_restart_mid_round_matches_replay(tmp_path):
    path = tmp_path / "parlor.sqlite3"
    first = await new_manager(path)
    table = await open_koikoi(first)
    await first.join(table.id, BOB, "bob")
    await first.start(table.id, ALICE)
    await first.idle()
    assert await play_out(first, table, stop_after=3) == 3  # still mid-round
    snapshot = table.state.model_dump_json()
    await first.close()
    await first.store.close()

    second = await new_manager(path)
    restored = await second.restore()
    assert [t.id for t in restored] == [table.id]
    again = second.get(table.id)
    assert again.state.model_dump_json() == snapshot and again.status == PLAYING
    await play_out(second, again)
    assert again.status == FINISHED
    replayed = await second.replay(table.id)
    assert replayed.model_dump_json() == again.state.model_dump_json()
    assert again.game.result(replayed) == again.game.result(again.state)
    await second.close()
    await second.store.close()


async def test_deadline_lets_the_bot_play(manager):
    table = await start_two_player(manager)
    (seat,) = table.to_act()
    version = table.version
    assert table.deadline is not None
    assert await manager.fire_deadline(table.id, version)
    await manager.idle()
    log = await manager.store.tables.actions(table.id)
    assert log[0].seat == seat and log[0].source == "timeout"
    assert any("Time ran out" in note for _, notes in manager.presenter.calls for note in notes)
    # an old deadline firing after the table moved on does nothing
    assert not await manager.fire_deadline(table.id, version)


async def test_bots_play_their_own_turns(manager):
    table = await open_koikoi(manager, months=2)
    await manager.add_bot(table.id, ALICE)
    await manager.add_bot(table.id, ALICE)
    await manager.start(table.id, ALICE)
    await manager.idle()
    while table.status == PLAYING:
        (seat,) = table.to_act()
        assert table.seats[seat].user_id == ALICE  # bots never wait for anyone
        await manager.act(table.id, ALICE, table.seat_version(seat), table.game.legal_actions(table.state, seat)[0])
        await manager.idle()
    assert table.status == FINISHED
    sources = {a.source for a in await manager.store.tables.actions(table.id)}
    assert sources == {"player", "bot"}
