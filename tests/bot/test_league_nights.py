"""League nights' storage (bot/league/nights.py) on both backends: a sign-up, joining and leaving, a round and
its tables written in one transaction, the meetings and waits the next draw counts, a tournament's points."""

from __future__ import annotations

import sqlite3
from itertools import combinations

import pytest

from bot.league import nights, pairing
from bot.store import Store
from tests.bot.store_moves import finish_with_move, user_results

GUILD = 4242


async def new_signup(store: Store) -> int:
    season = await store.seasons.ensure(GUILD)
    async with store.transaction() as db:
        return await nights.create_signup(
            db,
            store,
            guild_id=GUILD,
            channel_id=10,
            game="sanma",
            tables_in=11,
            threads=True,
            season_id=season.id,
            created_by=1,
        )


async def test_joining_and_leaving_are_kept_once_each(store: Store):
    number = await new_signup(store)
    assert await new_signup(store) == number + 1
    assert (await nights.latest_signup(store, GUILD)).id == number + 1
    assert await nights.join(store, number, 5, "Eve") and not await nights.join(store, number, 5, "Eve")
    assert await nights.join(store, number, 6, "Fay")
    assert await nights.players(store, number) == [(5, "Eve"), (6, "Fay")]
    assert await nights.leave(store, number, 5) and not await nights.leave(store, number, 5)
    assert await nights.players(store, number) == [(6, "Fay")]
    assert await nights.end(store, number) and not await nights.end(store, number)
    assert (await nights.get_signup(store, number)).ended_at is not None


async def test_a_round_failing_midway_leaves_nothing_and_the_next_draw_counts_meetings_and_waits(store: Store):
    number = await new_signup(store)
    for user in range(1, 8):
        await nights.join(store, number, user, f"user{user}")
    signup = await nights.get_signup(store, number)
    first = await nights.plan(store, signup, method="random", seed="s1", allow_bots=False, options={})
    assert [len(t) for t in first.tables] == [3, 3] and len(first.waiting) == 1
    with pytest.raises(RuntimeError):
        async with store.transaction() as db:
            await nights.save_round(db, store, number, 1, first, allow_bots=False, drawn_by=1)
            raise RuntimeError("killed before the officer's record was written")
    assert await nights.rounds(store, number) == [] and await nights.tables(store, number) == []
    async with store.transaction() as db:
        await nights.save_round(db, store, number, 1, first, allow_bots=False, drawn_by=1)
    with pytest.raises(sqlite3.IntegrityError):  # a second officer drawing the same round at once is refused
        async with store.transaction() as db:
            await nights.save_round(db, store, number, 1, first, allow_bots=False, drawn_by=2)
    [round_one] = await nights.rounds(store, number)
    assert (round_one.seed, round_one.waiting) == ("s1", first.waiting)
    drawn = await nights.tables(store, number, 1)
    assert [t.players for t in drawn] == first.tables and all(t.table_id is None for t in drawn)
    assert [t.number for t in await nights.unopened(store)] == [1, 2]
    assert nights.meetings(drawn) == {frozenset(p): 1 for t in first.tables for p in combinations(t, 2)}
    second = await nights.plan(store, signup, method="swiss", seed="s2", allow_bots=False, options={})
    assert first.waiting[0] not in second.waiting  # who waited is seated first
    # six of the seven seated again at two tables of three: one pair of round one must meet again, no more
    assert pairing.repeats(second.tables, nights.meetings(drawn)) == 1


async def test_a_tournament_counts_only_its_own_finished_tables(store: Store):
    number = await new_signup(store)
    for user in (1, 2, 3):
        await nights.join(store, number, user, f"user{user}")
    async with store.transaction() as db:
        await nights.set_tournament(db, number, 2, "swiss")
    signup = await nights.get_signup(store, number)
    drawn = pairing.draw([1, 2, 3], method="random", size=3, minimum=3, seed="x")
    async with store.transaction() as db:
        await nights.save_round(db, store, number, 1, drawn, allow_bots=False, drawn_by=1)
    [night_table] = await nights.tables(store, number, 1)
    seats = [{"user_id": u, "name": f"user{u}", "bot": False} for u in night_table.players]
    for channel in (20, 21):  # the second table is not the tournament's: it does not count
        table = await store.tables.create(GUILD, channel, "sanma", {}, 1, seats, 90)
        if channel == 20:
            async with store.transaction() as db:
                await nights.link_table(db, night_table, table.id)
            assert [t.number for t in await nights.unfinished(store, number, 1)] == [1]
        season = await store.seasons.ensure(GUILD)
        table = await store.tables.start(table.id, seats, "seed", {"t": 0}, 1e9, season.id, table.version)
        players = night_table.players
        seated = range(len(players))
        results = user_results(players, [(s - 1) * 100 for s in seated], [3 - s for s in seated], kind="game")
        await finish_with_move(store, table, results, {"t": 1}, action="end")
    assert await nights.unfinished(store, number, 1) == []
    points = await nights.tournament_points(store, signup)
    assert points == {u: {1: (s - 1) * 100} for s, u in enumerate(night_table.players)}
    names = {u: f"user{u}" for u in night_table.players}
    assert await nights.result_names(store, signup) == names
    await nights.leave(store, number, night_table.players[0])  # one who left still has their name in the standings
    from bot.league.signup_ui import tournament_rows

    rows = await tournament_rows(store, signup, await nights.players(store, number))
    assert sorted(name for _, name, _, _ in rows) == sorted(names.values())
    assert [total for _, _, _, total in rows] == [100, 0, -100]
    assert await nights.season_points(store, GUILD, signup.season_id, "sanma") == {
        u: 2 * (s - 1) * 100 for s, u in enumerate(night_table.players)
    }


async def test_a_big_swiss_draw_is_made_in_its_own_process_and_equals_the_draw_itself(store: Store):
    number = await new_signup(store)
    players = list(range(1, nights.INLINE_SWISS + 5))
    for user in players:
        await nights.join(store, number, user, f"user{user}")
    signup = await nights.get_signup(store, number)
    drawn = await nights.plan(store, signup, method="swiss", seed="big", allow_bots=True, options={})
    assert nights._pool is not None  # it went to the drawing process
    assert drawn == pairing.draw(players, method="swiss", size=3, minimum=3, seed="big", allow_bots=True)
