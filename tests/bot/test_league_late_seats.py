"""A late player takes a bot's seat between deals only (``/league table seat``, bot/league/late_seats.py): the
officer's request is kept (across a restart) until the table's deal number changes; the seat is then the
player's before the bot plays anything of the new deal, and every move of that seat from then on is the
player's own. A game without deals, a seated player and a table without a free bot's seat are refused."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from bot.league import late_seats, officers
from bot.tables import PLAYING, Refusal, TableManager, game_options
from games.base import SeatInfo
from tests.bot.managed_tables import BOT, open_lobby, start_table
from tests.bot.test_league_control import GUILD, OLIVE, Time, new_manager

ALICE, BOB, CAROL = 1, 2, 3


async def with_a_bot(manager: TableManager):
    table = await open_lobby(manager, "koikoi", {"months": 3}, guild=GUILD, channel=50)
    await start_table(manager, table, BOT)
    await manager.idle()
    return table


async def play_until_next_deal(manager: TableManager, table) -> None:
    """Alice plays her moves (the bot its own) until the table's deal number changes."""
    deal = table.game.deal_number(table.state)
    while table.game.deal_number(table.state) == deal:
        assert table.to_act() == [0]
        await manager.act(table.id, ALICE, None, table.game.legal_actions(table.state, 0)[0])
        await manager.idle()


async def deal_of_each_action(manager: TableManager, table) -> list[tuple[int, int | None, str, int | None]]:
    """(deal, seat, source, actor) of every logged action, replayed from the table's records."""
    row = await manager.store.tables.get(table.id)
    game = table.game
    seats = [SeatInfo(name=s["name"], bot=s["bot"]) for s in row.seats]
    state = game.new_game(game.Options(**game_options(game, row.options, len(seats))), seats, row.seed)
    out = []
    for entry in await manager.store.tables.actions(table.id):
        out.append((game.deal_number(state), entry.seat, entry.source, entry.actor_id))
        game.apply(state, entry.seat, entry.action)
    return out


async def test_a_late_player_takes_a_bot_s_seat_when_the_next_deal_begins_and_a_restart_keeps_the_request(tmp_path):
    path, time = tmp_path / "parlor.sqlite3", Time()
    manager = await new_manager(path, time)
    table = await with_a_bot(manager)
    assert table.game.deal_number(table.state) == 1
    answer = await late_seats.promise(manager, table, BOB, "bob", OLIVE, "came after the draw")
    await manager.idle()
    assert answer == "bob takes Bot 1's seat at table 1 when the next deal begins (it is in deal 1 now)."
    assert table.seats[1].bot and table.seat_of(BOB) is None  # the bot plays on until the deal ends
    with pytest.raises(Refusal, match="not seated at this table"):
        await manager.show_hand(table.id, BOB)
    (entry,) = await officers.actions(manager.store, GUILD)
    assert (entry.action, entry.reason, entry.details) == (
        "late seat",
        "came after the draw",
        {"seat": 1, "user_id": BOB, "deal": 1},
    )
    await manager.close()  # a restart (kill -9: nothing of the request lives only in memory)
    await manager.store.close()

    manager = await new_manager(path, time)
    (table,) = await manager.restore()
    await manager.idle()
    assert table.seats[1].bot
    await play_until_next_deal(manager, table)
    assert (table.seats[1].user_id, table.seats[1].name, table.seats[1].bot) == (BOB, "bob", False)
    stored = await manager.store.tables.get(table.id)
    assert (stored.seats[1]["user_id"], stored.seats[1]["bot"]) == (BOB, False)
    assert await late_seats.queued(manager.store, table.id) == []
    # the bot played the seat in deal 1 only; from deal 2 on nobody but Bob moved it
    moves = await deal_of_each_action(manager, table)
    assert any(deal == 1 and seat == 1 and source == "bot" for deal, seat, source, _ in moves)
    assert all(deal == 1 for deal, seat, source, _ in moves if seat == 1 and source != "player")
    await manager.show_hand(table.id, BOB)  # his hand panel: the seat's cards of the new deal
    if table.to_act() == [1]:
        await manager.act(table.id, BOB, None, table.game.legal_actions(table.state, 1)[0])
        await manager.idle()
        assert (await deal_of_each_action(manager, table))[-1][1:] in {(1, "player", BOB), (0, "bot", None)}
    await manager.close()
    await manager.store.close()


async def test_refusals_a_game_without_deals_a_seated_player_and_no_free_bot_seat_change_nothing(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    table = await with_a_bot(manager)
    with pytest.raises(Refusal, match="^That player already has a seat at this table.$"):
        await late_seats.promise(manager, table, ALICE, "alice", OLIVE, "")
    await late_seats.promise(manager, table, BOB, "bob", OLIVE, "")
    with pytest.raises(Refusal, match="^That player already has a seat at this table.$"):
        await late_seats.promise(manager, table, BOB, "bob", OLIVE, "")
    with pytest.raises(Refusal, match="^No bot's seat is free at this table"):
        await late_seats.promise(manager, table, CAROL, "carol", OLIVE, "")
    table.game = dataclasses.replace(table.game, deal_number=None)  # a game that is not played in deals
    with pytest.raises(Refusal, match="^Koi-Koi is not played in deals, so no seat can change hands"):
        await late_seats.promise(manager, table, CAROL, "carol", OLIVE, "")
    assert table.status == PLAYING and [s.bot for s in table.seats] == [False, True]
    assert [p.user_id for p in await late_seats.queued(manager.store, table.id)] == [BOB]
    assert len(await officers.actions(manager.store, GUILD)) == 1
    await manager.close()
    await manager.store.close()


async def test_a_bot_account_named_as_the_late_player_is_refused(tmp_path):
    from tests.bot.test_league_cog import FakeInteraction, call
    from tests.bot.test_league_control import OfficerBot

    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    bot = OfficerBot(manager)
    await bot.load_extension("cogs.league_group")
    cog = bot.get_cog("LeagueGroup")
    table = await with_a_bot(manager)
    seat = next(c for c in cog.table_control.commands if c.name == "seat")
    with pytest.raises(Refusal, match="^A bot account cannot take a seat: name the person who came late.$"):
        await call(
            seat,
            cog,
            FakeInteraction(9, manage=True),
            table=table.id,
            reason=None,
            player=SimpleNamespace(id=77, bot=True, display_name="Parlor"),
        )
    assert await late_seats.queued(manager.store, table.id) == [] and table.seats[1].bot
    await bot.close()
    await manager.close()
    await manager.store.close()
