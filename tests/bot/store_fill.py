"""A league's worth of data, written through the store as the bot writes it: finished games in
several guilds and seasons (lines per round, several kinds), loans, settings, and some tables still
open with their action logs. Used by the move test and the store benchmark."""

from __future__ import annotations

import random

from bot.league import nights, pairing
from bot.store import PlayedMove, Store
from tests.bot.store_moves import record_move

GUILDS = (11, 22, 33)
GAMES = ("koikoi", "blackflower", "sanma")


def seats_of(users: list[int | None]) -> list[dict]:
    return [{"user_id": u, "name": f"user{u}" if u else f"Bot {i}", "bot": u is None} for i, u in enumerate(users)]


async def open_table(store: Store, guild: int, channel: int, users: list[int | None], actions: int = 0):
    """A running table with ``actions`` moves in its log."""
    t = await store.tables.create(guild, channel, "koikoi", {"months": 12}, 1, seats_of(users), 90)
    season = await store.seasons.ensure(guild)
    t = await store.tables.start(t.id, seats_of(users), "seed", {"turn": 0}, 1e9, season.id, expected_version=t.version)
    for n in range(actions):
        seat = n % len(users)
        t = await record_move(store, t, f"play:{n}", {"turn": n + 1}, seat=seat, actor=users[seat], deadline=1e9 + n)
    return t


async def fill(store: Store, games: int, *, open_tables: int = 3, seed: int = 15) -> None:
    """``games`` finished games of 3 seats, 3 rounds each (9 lines) and one loan line: 10 lines a game."""
    rng = random.Random(seed)
    for n in range(games):
        guild = GUILDS[n % len(GUILDS)]
        if n and n % 97 == 0:
            await store.seasons.start(guild, None, 1)
        users = rng.sample([1, 2, 3, 4, 5, 6, None], 3)
        t = await open_table(store, guild, 1000 + n, users, actions=n % 3)
        ranked = list(range(1, 4))
        rng.shuffle(ranked)
        results = []
        for seat, user in enumerate(users):
            for round_ in (1, 2, 3):
                results.append(
                    {
                        "participant": f"user:{user}" if user else f"bot:{t.id}:{seat}",
                        "user_id": user,
                        "name": f"user{user}" if user else f"Bot {seat}",
                        "seat": seat,
                        "amount": rng.randint(-50, 50),
                        "placing": ranked[seat] if round_ == 3 else None,
                        "round": round_,
                        "kind": rng.choice(("game", "bet", "win")),
                    }
                )
        await store.tables.finish(
            t.id,
            move=PlayedMove(0, "stop", users[0]),
            snapshot={"over": True},
            expected_version=t.version,
            results=results,
        )
        borrower = rng.choice([1, 2, 3, 4, 5, 6])
        await store.ledger.append(
            [
                {
                    "guild_id": guild,
                    "game": rng.choice(GAMES),
                    "participant": f"user:{borrower}",
                    "user_id": borrower,
                    "name": f"user{borrower}",
                    "kind": "loan",
                    "amount": -rng.randint(1, 100),
                    "memo": "loan",
                }
            ]
        )
    for guild in GUILDS:
        await store.config.set(
            guild, turn_seconds=60 + guild, allowed_channels=[guild, guild + 1], starting_balance=guild * 10
        )
    for n in range(open_tables):  # players of their own: a player sits at one open table of a server
        await open_table(store, GUILDS[n % len(GUILDS)], 5000 + n, [10 + 2 * n, None, 11 + 2 * n], actions=2)
    cancelled = await store.tables.create(GUILDS[0], 6000, "sanma", {}, 3, seats_of([3, 4, 5]), 90)  # none seated above
    await store.tables.cancel(cancelled.id)
    await fill_nights(store)


async def fill_nights(store: Store) -> None:
    """A league night in each guild as the bot writes it: a sign-up, its players, a drawn round whose first
    table is opened and the rest not yet, and a tournament of two rounds."""
    for n, guild in enumerate(GUILDS):
        season = await store.seasons.ensure(guild)
        async with store.transaction() as db:
            signup = await nights.create_signup(
                db,
                store,
                guild_id=guild,
                channel_id=7000 + n,
                game="sanma",
                tables_in=7100 + n,
                threads=bool(n % 2),
                season_id=season.id,
                created_by=1,
            )
            if n == 1:
                await nights.set_tournament(db, signup, 2, "swiss")
        await nights.set_message(store, signup, 7200 + n)
        for user in range(1, 8):
            await nights.join(store, signup, user, f"user{user}")
        drawn = pairing.draw(list(range(1, 8)), method="random", size=3, minimum=3, seed=f"seed{n}", allow_bots=n == 0)
        async with store.transaction() as db:
            await nights.save_round(db, store, signup, 1, drawn, allow_bots=n == 0, drawn_by=1)
        first = (await nights.tables(store, signup, 1))[0]
        await nights.set_table_channel(store, first, 7300 + n)
        async with store.transaction() as db:
            table = await store.tables.create(
                guild, 7300 + n, "sanma", {}, first.players[0], seats_of(first.players), 90
            )
            await nights.link_table(db, first, table.id)


async def league_view(store: Store) -> dict:
    """Everything a player can see of the league, and every stored row behind it."""
    view: dict = {}
    for guild in GUILDS:
        seasons = await store.seasons.of_guild(guild)
        view[guild, "seasons"] = seasons
        view[guild, "config"] = await store.config.get(guild)
        view[guild, "ledger"] = await store.ledger.lines(guild)
        for season in seasons:
            view[guild, season.id, "balances"] = await store.ledger.balances(guild, season.id)
            view[guild, season.id, "debts"] = await store.ledger.debts(guild, season.id)
            view[guild, season.id, "standings"] = await store.results.standings(guild, season.id)
            view[guild, season.id, "totals"] = await store.ledger.totals(guild, season.id)
            for user in range(1, 7):
                for game in (None, *GAMES):
                    view[guild, season.id, user, game] = await store.ledger.balance(guild, season.id, user, game)
        for user in range(1, 7):
            view[guild, user, "history"] = await store.results.history(guild, user, limit=10_000)
        signup = await nights.latest_signup(store, guild)
        view[guild, "signup"] = signup
        if signup is not None:
            view[guild, "signup players"] = await nights.players(store, signup.id)
            view[guild, "rounds"] = await nights.rounds(store, signup.id)
            view[guild, "night tables"] = await nights.tables(store, signup.id)
    tables = await store.tables.unfinished()
    view["unfinished"] = tables
    view["actions"] = [await store.tables.actions(t.id) for t in tables]
    return view
