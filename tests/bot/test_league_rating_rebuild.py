"""The ratings rewritten off the event loop (bot/league/rating_rebuild.py): a worker process rates the games
and the database reads its rows back, the same numbers as the full rebuild; an older database's games that
were never rated are rated once at start-up, voided tables left out."""

from __future__ import annotations

from bot.league import control, ratings
from bot.league.rating_rebuild import rate_unrated, rated
from bot.store import Store
from tests.bot.test_league_control import GUILD, OLIVE, finished, stored_ratings

ALICE, BOB, CAROL = 1, 2, 3


async def test_an_older_database_s_unrated_games_are_rated_once_voided_tables_left_out(store: Store):
    tables = [
        await finished(store, results)
        for results in (
            [(ALICE, 10), (BOB, -10)],
            [(BOB, 7), (CAROL, -7)],
            [(ALICE, -3), (CAROL, 3)],
            [(ALICE, 4), (BOB, -4)],
        )
    ]
    await control.void_finished(store, await control.finished_table(store, GUILD, tables[2]), OLIVE, "wrong deck")
    rated_by_the_records = await stored_ratings(store)
    async with store.transaction() as db:  # a database from before ratings existed: its first games unrated
        await db.execute("DELETE FROM ratings WHERE table_id IN (?, ?)", (tables[0], tables[1]))
    assert {r[0] for r in await stored_ratings(store)} == {tables[3]}

    assert await rate_unrated(store) == 1  # koikoi on the one server, from its first table on
    assert await stored_ratings(store) == rated_by_the_records
    assert tables[2] not in {r[0] for r in await stored_ratings(store)}  # the voided table stays out
    await ratings.rebuild(store)
    assert await stored_ratings(store) == rated_by_the_records
    assert await rate_unrated(store) == 0  # once: nothing is left to rate


def test_the_worker_rates_tables_in_the_order_they_finished_from_the_prior_ratings():
    prior = ratings.Rating(30.0, 5.0)
    request = {
        "prior": [[ALICE, 0, prior.mu, prior.sigma]],
        "tables": "2,11,1;1,10,1",  # order, table, season: table 10 finished first
        "results": "11,1,user:2,2,2,-5;10,0,user:1,1,1,3;11,0,user:1,1,1,5;10,1,bot:10:1,,2,-3",
    }
    rows = rated(request)
    # the season's scope (1) starts from a newcomer's rating, the all-time scope (0) from Alice's prior one
    rows_of = {}
    for scope, start in ((1, {}), (0, {ALICE: prior})):
        first = ratings.rate_game([ratings.Seat(ALICE, 1, 3), ratings.Seat(None, 2, -3)], start)
        second = ratings.rate_game([ratings.Seat(ALICE, 1, 5), ratings.Seat(BOB, 2, -5)], {**start, **first})
        rows_of[scope] = (first, second)
    (s1, s2), (a1, a2) = rows_of[1], rows_of[0]
    assert rows == [
        [10, ALICE, 1, s1[ALICE].mu, s1[ALICE].sigma],
        [10, ALICE, 0, a1[ALICE].mu, a1[ALICE].sigma],
        [11, ALICE, 1, s2[ALICE].mu, s2[ALICE].sigma],
        [11, BOB, 1, s2[BOB].mu, s2[BOB].sigma],
        [11, ALICE, 0, a2[ALICE].mu, a2[ALICE].sigma],
        [11, BOB, 0, a2[BOB].mu, a2[BOB].sigma],
    ]
