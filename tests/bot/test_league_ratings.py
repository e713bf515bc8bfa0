"""Ratings (bot/league/ratings.py): live updates equal a rebuild from the records, on both backends and
after ``python -m bot migrate``; a player who wins every game rises; bots are fixed seats."""

from __future__ import annotations

from pathlib import Path

from bot.db_copy import copy_database
from bot.league import ratings
from bot.store import Store
from tests.bot.test_store import GUILD, play_and_finish


async def all_rows(store: Store) -> list[tuple]:
    async with (
        store.read() as db,
        db.execute(
            "SELECT table_id, user_id, scope, guild_id, game, finished_at, mu, sigma FROM ratings"
            " ORDER BY table_id, user_id, scope"
        ) as cur,
    ):
        return [tuple(r) for r in await cur.fetchall()]


async def play_some(store: Store) -> None:
    """Koi-Koi and Black Christmas tables of several sizes, with ties, bots and two seasons."""
    await play_and_finish(store, [6, -6], users=(1, 2))
    await play_and_finish(store, [0, 0], users=(2, 3), channel=2)  # a tie
    await play_and_finish(store, [9, -3, -6], users=(1, None, 3), channel=3)  # a bot seat
    await play_and_finish(store, [5, 5, -10], users=(3, 1, 2), channel=4, game="bcpoker")
    await store.seasons.start(GUILD, "Second", 1)
    await play_and_finish(store, [-2, 2], users=(1, 2))
    await play_and_finish(store, [4, -1, -1, -1, -1], users=(4, 5, None, 6, 1), channel=5, game="bcpoker")


async def test_rebuild_gives_the_live_ratings(store: Store):
    await play_some(store)
    live = await all_rows(store)
    assert len(live) == 2 * (2 + 2 + 2 + 3 + 2 + 4)  # per person and table: its season and all time
    assert await ratings.rebuild(store) == len(live)
    assert await all_rows(store) == live


async def test_rebuild_after_migrate_gives_the_same_ratings(store: Store, tmp_path: Path):
    await play_some(store)
    live = await all_rows(store)
    async with await Store.open(tmp_path / "copy.sqlite3") as copy:
        await copy_database(store, copy)
        assert await all_rows(copy) == live
        await ratings.rebuild(copy)
        assert await all_rows(copy) == live


async def test_a_player_who_wins_every_game_rises_and_the_losers_fall(store: Store):
    for _ in range(8):
        await play_and_finish(store, [10, -6, -4], users=(1, 2, None))  # Bob last, behind the bot
    season = await store.seasons.current(GUILD)
    alice = await ratings.rating_history(store, GUILD, 1, "koikoi", season.id)
    bob = await ratings.rating_history(store, GUILD, 2, "koikoi", season.id)
    assert len(alice) == len(bob) == 8
    shown = [p.rating.shown for p in alice]
    assert shown == sorted(shown) and shown[0] < shown[-1]  # every win raises the rating shown
    assert [p.rating.mu for p in bob] == sorted((p.rating.mu for p in bob), reverse=True)
    now = await ratings.ratings_now(store, GUILD, "koikoi")
    assert now[1].shown > now[2].shown and set(now) == {1, 2}  # the bot is never rated
    assert await ratings.rating_history(store, GUILD, 1, "koikoi") == [
        ratings.RatingPoint(p.table_id, p.finished_at, p.rating) for p in alice
    ]  # one season: all time alike


def test_a_bot_seat_stays_a_newcomer_and_ties_share_a_rank():
    seats = [ratings.Seat(1, 1, 5), ratings.Seat(None, 1, 5), ratings.Seat(2, 3, -10)]
    assert ratings.ranks(seats) == [1, 1, 3]
    new = ratings.rate_game(seats, {})
    assert set(new) == {1, 2} and new[1].mu > ratings.MODEL.mu > new[2].mu
    no_placing = [ratings.Seat(1, None, -3), ratings.Seat(2, None, 7), ratings.Seat(3, None, -3)]
    assert ratings.ranks(no_placing) == [2, 1, 2]  # Black Flower: ranked by chips won
