"""Tests of bot.store: migrations, tables and versions, actions, ledger, seasons, results, config."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    GuildConfig,
    NotFound,
    StaleVersion,
    Store,
    StoreError,
    TableExists,
    WrongStatus,
)
from tests.bot.store_moves import finish_with_move, record_move

GUILD = 100
OTHER_GUILD = 200


class Clock:
    """A controllable clock: every reading advances by one second."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def seats(*users: int | None) -> list[dict]:
    out = []
    for i, u in enumerate(users):
        out.append({"user_id": u, "name": f"user{u}" if u else f"Bot {i}", "bot": u is None})
    return out


async def playing_table(store: Store, channel: int = 1, users=(1, 2), guild: int = GUILD, game: str = "koikoi"):
    t = await store.tables.create(guild, channel, game, {"months": 12}, users[0] or 999, seats(*users), 90)
    season = await store.seasons.ensure(guild)
    return await store.tables.start(
        t.id, seats(*users), "seed", json.dumps({"turn": 0}), 1234.0, season.id, expected_version=t.version
    )


def results_for(table, amounts: list[int]) -> list[dict]:
    out = []
    ranked = sorted(amounts, reverse=True)
    for i, (seat, amount) in enumerate(zip(table.seats, amounts)):
        uid = seat["user_id"]
        out.append(
            {
                "participant": f"user:{uid}" if uid else f"bot:{table.id}:{i}",
                "user_id": uid,
                "name": seat["name"],
                "seat": i,
                "amount": amount,
                "placing": 1 + ranked.index(amount),
            }
        )
    return out


async def play_and_finish(
    store: Store, amounts: list[int], users=(1, 2), channel: int = 1, game: str = "koikoi", guild: int = GUILD
):
    t = await playing_table(store, channel, users, guild=guild, game=game)
    return await finish_with_move(store, t, results_for(t, amounts), actor=users[0])


# --------------------------------------------------------------------------- migrations


async def test_migrations_applied_once_and_data_kept(tmp_path: Path):
    path = tmp_path / "nested" / "dir" / "parlor.sqlite3"
    s = await Store.open(path)
    assert path.exists()
    assert await s.journal_mode() == "wal"
    first = await s.applied_migrations()
    names = [(v, n) for v, n, _ in first]
    assert names[0] == (1, "init") and (3, "ledger_queries") in names and names == sorted(names)
    t = await s.tables.create(GUILD, 5, "koikoi", {}, 1, seats(1), 60)
    await s.close()

    s = await Store.open(path)
    try:
        assert await s.applied_migrations() == first  # same applied_at: nothing re-applied
        assert await s.journal_mode() == "wal"
        again = await s.tables.get(t.id)
        assert again == t
        async with s.transaction() as db:
            async with db.execute("PRAGMA foreign_keys") as cur:
                assert (await cur.fetchone())[0] == 1
    finally:
        await s.close()


async def test_new_migration_applied_in_order_and_failed_one_rolled_back(tmp_path: Path):
    from bot.store.migrations import default_migrations

    folder = tmp_path / "migrations"
    folder.mkdir()
    base = default_migrations().joinpath("0001_init.sql").read_text()
    (folder / "0001_init.sql").write_text(base)
    (folder / "README.txt").write_text("not a migration")
    db = tmp_path / "m.sqlite3"
    s = await Store.open(db, migrations=folder)
    await s.close()

    (folder / "0002_extra.sql").write_text("CREATE TABLE extra (x INTEGER);")
    (folder / "0003_broken.sql").write_text("CREATE TABLE half (x INTEGER);\nTHIS IS NOT SQL;")
    with pytest.raises(StoreError, match="0003_broken"):
        await Store.open(db, migrations=folder)

    (folder / "0003_broken.sql").write_text("CREATE TABLE half (x INTEGER);")
    s = await Store.open(db, migrations=folder)
    try:
        assert [(v, n) for v, n, _ in await s.applied_migrations()] == [(1, "init"), (2, "extra"), (3, "broken")]
    finally:
        await s.close()


# --------------------------------------------------------------------------- tables


async def test_create_and_read_table(store: Store):
    t = await store.tables.create(GUILD, 7, "koikoi", {"months": 6}, 1, seats(1), 45)
    assert t.status == "lobby" and t.version == 1
    assert t.options == {"months": 6}
    assert t.seats == [{"user_id": 1, "name": "user1", "bot": False}]
    assert t.turn_seconds == 45 and t.season_id is None and t.snapshot is None
    assert await store.tables.get(t.id) == t
    assert await store.tables.open_in(7) == t
    assert await store.tables.open_in(8) is None
    assert await store.tables.get(999) is None


async def test_one_open_table_per_channel(store: Store):
    t = await store.tables.create(GUILD, 7, "koikoi", {}, 1, seats(1), 90)
    with pytest.raises(TableExists) as info:
        await store.tables.create(GUILD, 7, "koikoi", {}, 2, seats(2), 90)
    assert info.value.table_id == t.id
    # Another channel is fine.
    other = await store.tables.create(GUILD, 8, "koikoi", {}, 2, seats(2), 90)
    # The database itself refuses a second open table, whatever the code does.
    async with store.transaction() as db:
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute(
                "INSERT INTO tables (guild_id, channel_id, game, host_id, status, turn_seconds, created_at,"
                " updated_at) VALUES (1, 7, 'koikoi', 1, 'playing', 90, 0, 0)"
            )
    # Once the table is closed the channel is free again.
    await store.tables.cancel(t.id)
    t2 = await store.tables.create(GUILD, 7, "koikoi", {}, 1, seats(1), 90)
    assert t2.id != t.id
    assert [x.id for x in await store.tables.unfinished()] == [other.id, t2.id]


async def test_update_lobby_version_checks(store: Store):
    t = await store.tables.create(GUILD, 7, "koikoi", {}, 1, seats(1), 90)
    t2 = await store.tables.update_lobby(t.id, seats(1, 2), expected_version=1)
    assert t2.version == 2 and len(t2.seats) == 2
    with pytest.raises(StaleVersion) as info:
        await store.tables.update_lobby(t.id, seats(1, 3), expected_version=1)
    assert (info.value.expected, info.value.actual) == (1, 2)
    assert (await store.tables.get(t.id)).seats == t2.seats

    await store.tables.set_message(t.id, 555)
    t3 = await store.tables.get(t.id)
    assert t3.message_id == 555 and t3.version == 2  # no bump
    with pytest.raises(NotFound):
        await store.tables.set_message(12345, 1)
    with pytest.raises(NotFound):
        await store.tables.update_lobby(12345, seats(1), expected_version=1)


async def test_start_and_record_actions(store: Store):
    t = await store.tables.create(GUILD, 7, "koikoi", {}, 1, seats(1), 90)
    season = await store.seasons.ensure(GUILD)
    with pytest.raises(StaleVersion):
        await store.tables.start(t.id, seats(1, None), "s", "{}", None, season.id, expected_version=7)
    p = await store.tables.start(t.id, seats(1, None), "abc", '{"n": 0}', 100.0, season.id, expected_version=1)
    assert (p.status, p.version, p.seed, p.snapshot, p.deadline, p.season_id) == (
        "playing",
        2,
        "abc",
        '{"n": 0}',
        100.0,
        season.id,
    )
    with pytest.raises(WrongStatus):
        await store.tables.update_lobby(t.id, seats(1), expected_version=2)

    v = p.version
    for n, (seat, action, source) in enumerate(
        [(0, "play:1L", "player"), (1, "play:2A", "bot"), (0, "play:3R", "timeout")], start=1
    ):
        actor = 1 if source == "player" else None
        row = await record_move(
            store, t, action, {"n": n}, seat=seat, actor=actor, source=source, deadline=100.0 + n, version=v
        )
        assert row.version == v + 1
        stored = await store.tables.get(t.id)
        assert stored.version == row.version
        assert json.loads(stored.snapshot) == {"n": n} and stored.deadline == 100.0 + n
        v = row.version
    acts = await store.tables.actions(t.id)
    assert [(a.seq, a.seat, a.action, a.source, a.actor_id) for a in acts] == [
        (1, 0, "play:1L", "player", 1),
        (2, 1, "play:2A", "bot", None),
        (3, 0, "play:3R", "timeout", None),
    ]
    assert acts[0].at < acts[1].at < acts[2].at

    # Seats may change during play (a resignation), with the same version rule.
    resigned = [dict(s) for s in p.seats]
    resigned[0]["resigned"] = True
    r = await store.tables.update_seats(t.id, resigned, expected_version=v)
    assert r.seats[0]["resigned"] is True and r.version == v + 1 and r.status == "playing"
    with pytest.raises(StaleVersion):
        await store.tables.update_seats(t.id, resigned, expected_version=v)
    v = r.version

    # A doubled click (old version) changes nothing.
    with pytest.raises(StaleVersion):
        await record_move(store, t, "play:4C1", {"n": 99}, version=v - 1)
    assert len(await store.tables.actions(t.id)) == 3
    assert json.loads((await store.tables.get(t.id)).snapshot) == {"n": 3}


async def test_record_action_is_atomic(store: Store, monkeypatch):
    t = await playing_table(store)
    before = await store.tables.get(t.id)

    # 1. The table update fails after the action row was inserted (invalid snapshot JSON).
    with pytest.raises(sqlite3.IntegrityError):
        await record_move(store, t, "play:1L", "{not json", deadline=5.0)
    assert await store.tables.actions(t.id) == []
    assert await store.tables.get(t.id) == before

    # 2. An unexpected error between the two writes.
    import bot.store.tables as store_mod

    real = store_mod._snapshot_text

    def boom(snapshot):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store_mod, "_snapshot_text", boom)
    with pytest.raises(RuntimeError):
        await record_move(store, t, "play:1L", {"n": 1}, deadline=5.0)
    monkeypatch.setattr(store_mod, "_snapshot_text", real)
    assert await store.tables.actions(t.id) == []
    assert await store.tables.get(t.id) == before

    # The store is still usable and seq starts at 1.
    ok = await record_move(store, t, "play:1L", {"n": 1}, deadline=5.0)
    assert ok.version == t.version + 1
    assert [a.seq for a in await store.tables.actions(t.id)] == [1]


async def test_concurrent_writers_are_serialised(store: Store):
    t = await playing_table(store)

    async def click(n: int):
        try:
            return await record_move(store, t, f"a{n}", {"n": n})
        except StaleVersion:
            return None

    done = await asyncio.gather(*(click(n) for n in range(10)))
    winners = [d for d in done if d is not None]
    assert len(winners) == 1  # exactly one of ten simultaneous clicks wins
    assert len(await store.tables.actions(t.id)) == 1


async def test_finish_table_writes_ledger_in_same_transaction(store: Store):
    t = await playing_table(store, users=(1, None))
    res = results_for(t, [6, -6])
    done = await finish_with_move(store, t, res)
    assert done.status == "finished" and done.finished_at is not None and done.version == t.version + 1
    assert done.deadline is None
    assert [a.action for a in await store.tables.actions(t.id)] == ["stop"]
    lines = await store.ledger.lines(GUILD, table_id=t.id)
    assert [
        (ln.participant, ln.user_id, ln.amount, ln.placing, ln.kind, ln.game, ln.season_id, ln.seat) for ln in lines
    ] == [
        ("user:1", 1, 6, 1, "game", "koikoi", t.season_id, 0),
        (f"bot:{t.id}:1", None, -6, 2, "game", "koikoi", t.season_id, 1),
    ]
    assert await store.tables.open_in(1) is None
    with pytest.raises(WrongStatus):
        await store.tables.finish(t.id, snapshot="{}", expected_version=done.version, results=res)


async def test_finish_table_failure_leaves_nothing(store: Store):
    t = await playing_table(store)
    bad = results_for(t, [6, -6])
    del bad[1]["name"]  # the second ledger line is malformed
    with pytest.raises(KeyError):
        await finish_with_move(store, t, bad)
    again = await store.tables.get(t.id)
    assert again.status == "playing" and again.version == t.version
    assert await store.tables.actions(t.id) == []
    assert await store.ledger.lines(GUILD) == []

    # Stale version: nothing written either.
    with pytest.raises(StaleVersion):
        await store.tables.finish(t.id, snapshot="{}", expected_version=t.version + 5, results=results_for(t, [1, -1]))
    assert await store.ledger.lines(GUILD) == []


async def test_finish_without_season_uses_open_one(store: Store):
    t = await store.tables.create(GUILD, 3, "koikoi", {}, 1, seats(1, 2), 90)
    p = await store.tables.start(t.id, seats(1, 2), "s", "{}", None, None, expected_version=1)
    done = await store.tables.finish(p.id, snapshot="{}", expected_version=p.version, results=results_for(p, [2, -2]))
    season = await store.seasons.current(GUILD)
    assert season is not None and season.name == "Season 1"
    assert done.season_id == season.id
    assert {ln.season_id for ln in await store.ledger.lines(GUILD)} == {season.id}


async def test_cancel(store: Store):
    t = await store.tables.create(GUILD, 7, "koikoi", {}, 1, seats(1), 90)
    with pytest.raises(StaleVersion):
        await store.tables.cancel(t.id, expected_version=3)
    c = await store.tables.cancel(t.id, expected_version=1)
    assert c.status == "cancelled" and c.finished_at is not None
    with pytest.raises(WrongStatus):
        await store.tables.cancel(t.id)
    assert await store.tables.unfinished() == []
    assert await store.ledger.lines(GUILD) == []


# --------------------------------------------------------------------------- ledger


async def test_ledger_refuses_update_and_delete(store: Store):
    await play_and_finish(store, [5, -5])
    for statement in ("UPDATE ledger SET amount = 1000", "DELETE FROM ledger"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with store.transaction() as db:  # PostgreSQL ends a transaction at its first error
                await db.execute(statement)
    assert sorted(ln.amount for ln in await store.ledger.lines(GUILD)) == [-5, 5]


def hachihachi_line(user: int, kind: str, amount: int, **more) -> dict:
    """A Hachi-Hachi ledger line of ``user`` (named ``user<id>``) in GUILD; ``more``: its other columns."""
    return {
        "guild_id": GUILD,
        "game": "hachihachi",
        "participant": f"user:{user}",
        "user_id": user,
        "name": f"user{user}",
        "kind": kind,
        "amount": amount,
        **more,
    }


async def test_append_ledger_own_and_joined_transactions(store: Store):
    season = await store.seasons.ensure(GUILD)
    rows = await store.ledger.append([hachihachi_line(1, "loan", 50, season_id=season.id, memo="from the bank")])
    assert rows[0].id > 0 and rows[0].kind == "loan" and rows[0].memo == "from the bank"

    # Joined into a caller's transaction: rolled back with it.
    with pytest.raises(RuntimeError):
        async with store.transaction() as conn:
            await store.ledger.append([hachihachi_line(1, "repay", -50)], conn=conn)
            raise RuntimeError("abort")
    assert [ln.kind for ln in await store.ledger.lines(GUILD)] == ["loan"]

    async with store.transaction() as conn:
        await store.ledger.append([hachihachi_line(2, "bet", -80)], conn=conn)
    assert await store.ledger.balance(GUILD, season.id, 1) == 50
    assert await store.ledger.balance(GUILD, season.id, 2) == -80
    debts = await store.ledger.debts(GUILD, season.id)
    assert [(d.participant, d.balance) for d in debts] == [("user:2", -80)]
    with pytest.raises(ValueError):
        await store.ledger.append(
            [{"guild_id": GUILD, "game": "x", "participant": "user:1", "name": "a", "kind": "", "amount": 1}]
        )


async def test_standings_and_history_over_games_and_seasons(store: Store):
    s1 = await store.seasons.ensure(GUILD)
    g1 = await play_and_finish(store, [6, -6], users=(1, 2))
    g2 = await play_and_finish(store, [-12, 12], users=(1, 2))
    g3 = await play_and_finish(store, [20, -20], users=(1, None))  # against a bot
    g4 = await play_and_finish(store, [4, -2, -2], users=(3, 1, 2), game="sanma")
    await play_and_finish(store, [100, -100], users=(1, 2), guild=OTHER_GUILD, channel=99)  # another guild

    st = await store.results.standings(GUILD, s1.id)
    assert [(r.user_id, r.game, r.net, r.games, r.wins) for r in st] == [
        (1, "koikoi", 14, 3, 2),
        (2, "koikoi", 6, 2, 1),
        (3, "sanma", 4, 1, 1),
        (1, "sanma", -2, 1, 0),
        (2, "sanma", -2, 1, 0),
    ]
    assert all(r.user_id is not None for r in st)  # bots never appear
    only = await store.results.standings(GUILD, s1.id, game="koikoi")
    assert [(r.user_id, r.net) for r in only] == [(1, 14), (2, 6)]
    assert only[0].name == "user1"

    # Season 2: fresh standings; season 1 kept.
    s2 = await store.seasons.start(GUILD, "Spring cup", 42)
    assert s2.number == 2 and s2.name == "Spring cup" and s2.started_by == 42
    g5 = await play_and_finish(store, [-3, 3], users=(1, 2))
    assert g5.season_id == s2.id
    assert [(r.user_id, r.net) for r in await store.results.standings(GUILD, s2.id)] == [(2, 3), (1, -3)]
    assert [(r.user_id, r.net) for r in await store.results.standings(GUILD, s1.id, "koikoi")] == [(1, 14), (2, 6)]
    assert await store.ledger.balance(GUILD, s1.id, 1) == 12
    assert await store.ledger.balance(GUILD, s2.id, 1) == -3

    hist = await store.results.history(GUILD, 1, limit=10)
    assert [h.table_id for h in hist] == [g5.id, g4.id, g3.id, g2.id, g1.id]
    assert [(h.amount, h.placing) for h in hist] == [(-3, 2), (-2, 2), (20, 1), (-12, 2), (6, 1)]
    assert [(o.name, o.amount) for o in hist[1].opponents] == [("user3", 4), ("user2", -2)]
    assert [(o.name, o.amount, o.is_bot) for o in hist[2].opponents] == [("Bot 1", -20, True)]
    assert hist[0].season_id == s2.id and hist[-1].season_id == s1.id
    assert [h.table_id for h in await store.results.history(GUILD, 1, limit=2)] == [g5.id, g4.id]
    assert await store.results.history(GUILD, 777) == []
    assert len(await store.results.history(OTHER_GUILD, 1)) == 1


async def test_standings_empty(store: Store):
    s = await store.seasons.ensure(GUILD)
    assert await store.results.standings(GUILD, s.id) == []
    assert await store.ledger.debts(GUILD, s.id) == []
    assert await store.ledger.balance(GUILD, s.id, 1) == 0


# --------------------------------------------------------------------------- seasons


async def test_season_rules(store: Store):
    assert await store.seasons.current(GUILD) is None
    assert await store.seasons.end(GUILD) is None
    auto = await store.seasons.ensure(GUILD)
    assert (auto.number, auto.name, auto.started_by, auto.is_open) == (1, "Season 1", None, True)
    assert await store.seasons.ensure(GUILD) == auto  # idempotent

    s2 = await store.seasons.start(GUILD, None, 7)  # ends the open one first
    assert (s2.number, s2.name, s2.started_by) == (2, "Season 2", 7)
    all_ = await store.seasons.of_guild(GUILD)
    assert [(s.number, s.is_open) for s in all_] == [(1, False), (2, True)]
    assert all_[0].ended_at is not None and all_[0].ended_at <= s2.started_at

    ended = await store.seasons.end(GUILD)
    assert ended.id == s2.id and ended.ended_at is not None
    assert await store.seasons.current(GUILD) is None
    s3 = await store.seasons.ensure(GUILD)
    assert s3.number == 3
    assert await store.seasons.get(s3.id) == s3
    # Guilds are independent.
    assert (await store.seasons.ensure(OTHER_GUILD)).number == 1

    # The database refuses two open seasons in one guild.
    async with store.transaction() as db:
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute(
                "INSERT INTO seasons (guild_id, number, name, started_at) VALUES (?, 99, 'x', 0)", (GUILD,)
            )


# --------------------------------------------------------------------------- config


async def test_config_defaults_and_changes(store: Store):
    c = await store.config.get(GUILD)
    assert c == GuildConfig(guild_id=GUILD)
    assert c.turn_seconds is None and c.allowed_channels == [] and c.starting_balance is None
    assert c.channel_allowed(12345) and c.effective_turn_seconds(90) == 90

    c = await store.config.set(GUILD, turn_seconds=30)
    assert c.turn_seconds == 30 and c.allowed_channels == [] and c.updated_at is not None
    c = await store.config.set(GUILD, allowed_channels=[5, 3, 5])
    assert c.turn_seconds == 30 and c.allowed_channels == [3, 5]
    assert c.channel_allowed(3) and not c.channel_allowed(4)
    c = await store.config.set(GUILD, allowed_channels=None, turn_seconds=None, starting_balance=1000)
    assert (c.turn_seconds, c.allowed_channels, c.starting_balance) == (None, [], 1000)
    assert await store.config.get(GUILD) == c
    assert (await store.config.get(OTHER_GUILD)).turn_seconds is None
    with pytest.raises(TypeError):
        await store.config.set(GUILD, colour="red")


# --------------------------------------------------------------------------- money games in the league


def round_lines(table, rounds: list[dict[int, list[tuple[str, int]]]]) -> list[dict]:
    """Black Flower-style lines: per round, per seat, (kind, amount) pairs; no placing."""
    out = []
    for n, by_seat in enumerate(rounds, start=1):
        for seat, pairs in by_seat.items():
            uid = table.seats[seat]["user_id"]
            for kind, amount in pairs:
                out.append(
                    {
                        "participant": f"user:{uid}" if uid else f"bot:{table.id}:{seat}",
                        "user_id": uid,
                        "name": table.seats[seat]["name"],
                        "seat": seat,
                        "kind": kind,
                        "amount": amount,
                        "round": n,
                        "memo": f"round {n}",
                    }
                )
    return out


async def finish_black_flower(store: Store, users, rounds, channel: int = 7):
    t = await playing_table(store, channel, users, game="blackflower")
    return await store.tables.finish(t.id, snapshot="{}", expected_version=t.version, results=round_lines(t, rounds))


async def test_money_games_are_in_standings_and_history(store: Store):
    season = await store.seasons.ensure(GUILD)
    # user 1 banks; user 2 bets and wins round 1, loses round 2; user 3 sits out both rounds.
    bf = await finish_black_flower(
        store,
        (1, 2, 3),
        [
            {0: [("bank", -20)], 1: [("bet", -20), ("win", 40)]},
            {0: [("bank", 50)], 1: [("bet", -50)]},
        ],
    )
    st = {r.user_id: r for r in await store.results.standings(GUILD, season.id, "blackflower")}
    assert {u: (r.net, r.games, r.rounds_won) for u, r in st.items()} == {1: (30, 1, 1), 2: (-30, 1, 1), 3: (0, 1, 0)}
    assert [(r.user_id, r.net) for r in await store.results.standings(GUILD, season.id)] == [(1, 30), (3, 0), (2, -30)]

    for user, amount in ((1, 30), (2, -30), (3, 0)):  # sitting out every round is still a game played
        [h] = await store.results.history(GUILD, user)
        assert (h.table_id, h.game, h.amount, h.placing) == (bf.id, "blackflower", amount, None)
    [h] = await store.results.history(GUILD, 2)
    assert [(o.name, o.amount) for o in h.opponents] == [("user1", 30), ("user3", 0)]

    # Hachi-Hachi: the game line carries the score; loans, repayments and the debt sum to zero.
    hh = await playing_table(store, 8, (1, None), game="hachihachi")
    await store.tables.finish(
        hh.id,
        snapshot="{}",
        expected_version=hh.version,
        results=[
            {**r, "kind": kind, "amount": amount, "placing": r["placing"] if kind == "game" else None}
            for r in results_for(hh, [-60, 60])
            for kind, amount in (("game", r["amount"]), ("loan", 120), ("repay", -60), ("debt", -60))
        ],
    )
    [row] = await store.results.standings(GUILD, season.id, "hachihachi")
    assert (row.user_id, row.net, row.games, row.wins, row.rounds_won) == (1, -60, 1, 0, None)
    assert await store.ledger.balance(GUILD, season.id, 1, "hachihachi") == -60
    assert await store.ledger.balance(GUILD, season.id, 1) == -30
    assert [(b.participant, b.balance) for b in await store.ledger.debts(GUILD, season.id)] == [
        ("user:1", -30),
        ("user:2", -30),
    ]
    totals = {(t.game, t.kind): t.amount for t in await store.ledger.totals(GUILD, season.id, user_id=1)}
    assert totals == {
        ("blackflower", "bank"): 30,
        ("hachihachi", "game"): -60,
        ("hachihachi", "loan"): 120,
        ("hachihachi", "repay"): -60,
        ("hachihachi", "debt"): -60,
    }


async def test_migration_sums_the_lines_written_before_it(tmp_path: Path):
    from bot.store.migrations import default_migrations

    old = tmp_path / "old"
    old.mkdir()
    (old / "0001_init.sql").write_text(default_migrations().joinpath("0001_init.sql").read_text())
    db = tmp_path / "parlor.sqlite3"
    s = await Store.open(db, migrations=old)
    try:
        t = await playing_table(s, 7, (1, 2), game="blackflower")
        raw = [
            {k: v for k, v in line.items()}
            for line in round_lines(
                t,
                [
                    {0: [("bank", -20)], 1: [("bet", -20), ("win", 40)]},
                    {0: [("bank", 50)], 1: [("bet", -50)]},
                ],
            )
        ]
        async with s.transaction() as conn:  # as the store wrote them before migration 0003
            await conn.execute("UPDATE tables SET status = 'finished', finished_at = 1 WHERE id = ?", (t.id,))
            for line in raw:
                await conn.execute(
                    "INSERT INTO ledger (guild_id, season_id, table_id, game, participant, user_id, name, seat, kind,"
                    " amount, memo, created_at) VALUES (?, ?, ?, 'blackflower', ?, ?, ?, ?, ?, ?, ?, 1)",
                    (
                        GUILD,
                        t.season_id,
                        t.id,
                        line["participant"],
                        line["user_id"],
                        line["name"],
                        line["seat"],
                        line["kind"],
                        line["amount"],
                        line["memo"],
                    ),
                )
    finally:
        await s.close()

    s = await Store.open(db)
    try:
        st = await s.results.standings(GUILD, t.season_id)
        assert [(r.user_id, r.net, r.games, r.rounds_won) for r in st] == [(1, 30, 1, 1), (2, -30, 1, 1)]
        assert [h.amount for h in await s.results.history(GUILD, 2)] == [-30]
        assert await s.ledger.balance(GUILD, t.season_id, 1, "blackflower") == 30
        assert {ln.round for ln in await s.ledger.lines(GUILD)} == {1, 2}
    finally:
        await s.close()


async def test_league_reads_do_not_wait_for_a_write(tmp_path: Path):
    s = await Store.open(tmp_path / "parlor.sqlite3")
    try:
        await play_and_finish(s, [5, -5])
        season = await s.seasons.current(GUILD)
        holding, release = asyncio.Event(), asyncio.Event()

        async def long_write() -> None:
            async with s.transaction() as conn:
                await conn.execute("UPDATE tables SET message_id = 1")
                holding.set()
                await release.wait()

        writer = asyncio.create_task(long_write())
        await holding.wait()
        reads = asyncio.gather(
            s.results.standings(GUILD, season.id),
            s.results.history(GUILD, 1),
            s.ledger.balances(GUILD, season.id),
            s.ledger.totals(GUILD, season.id),
            s.ledger.balance(GUILD, season.id, 1),
            s.ledger.lines(GUILD),
            s.seasons.current(GUILD),
        )
        standings, history, balances, *_ = await asyncio.wait_for(reads, 2)
        assert [r.net for r in standings] == [5, -5] and len(history) == 1 and len(balances) == 2
        release.set()
        await writer
    finally:
        await s.close()


OTHERS = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"


async def drop_others(admin) -> None:
    """Cut every other connection to the database, and wait until the server has ended them: termination is
    a signal, and a statement sent before the backend exits would still be answered (a busy machine)."""
    pids = [row["pid"] for row in await admin.fetch(OTHERS)]
    await admin.execute("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", pids)
    for _ in range(500):
        if not await admin.fetchval("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1::int[])", pids):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the server did not end the connections")


@pytest.mark.postgres
async def test_postgres_connections_dropped_by_the_server_are_opened_again_and_nothing_is_half_written(postgres_url):
    """A PostgreSQL restart or a network cut drops the store's connections: the next move is still saved (its
    transaction opens a new connection), reads go on, and a move cut off in the middle is refused whole."""
    import asyncpg

    store = await Store.open(postgres_url, clock=Clock())
    admin = await asyncpg.connect(postgres_url)
    try:
        t = await playing_table(store)
        await drop_others(admin)  # both of the store's connections, between two moves
        row = await record_move(store, t, "play:1L", {"n": 1})
        assert row.version == t.version + 1
        assert [a.action for a in await store.tables.actions(t.id)] == ["play:1L"]
        await drop_others(admin)
        assert (await store.tables.get(t.id)).version == row.version  # a read opens its connection again too

        # cut in the middle of a move's transaction: refused as a failed save, nothing of it kept
        async with store.use() as db:
            await db.execute("BEGIN")
            await db.execute("UPDATE tables SET version = version + 1 WHERE id = ?", (t.id,))
            await drop_others(admin)
            with pytest.raises(sqlite3.OperationalError, match="connection to PostgreSQL was lost"):
                await db.execute("UPDATE tables SET snapshot = '{}' WHERE id = ?", (t.id,))
        again = await record_move(store, row, "play:2A", {"n": 2}, seat=1, actor=2)
        stored = await store.tables.get(t.id)
        assert again.version == stored.version == row.version + 1 and json.loads(stored.snapshot) == {"n": 2}
        assert [a.action for a in await store.tables.actions(t.id)] == ["play:1L", "play:2A"]
    finally:
        await admin.close()
        await store.close()


def test_both_dialects_have_the_same_numbered_migrations_creating_the_same_tables():
    """A migration added for one backend only would leave the other's schema behind."""
    import re as re_

    from bot.store import POSTGRES, SQLITE
    from bot.store.migrations import load_migrations

    sqlite, postgres = load_migrations(None, SQLITE), load_migrations(None, POSTGRES)
    assert [(v, name) for v, name, _ in sqlite] == [(v, name) for v, name, _ in postgres]
    for (_, _, lite), (_, _, pg) in zip(sqlite, postgres):
        created = [sorted(re_.findall(r"CREATE TABLE (\w+)", sql)) for sql in (lite, pg)]
        assert created[0] == created[1]


async def test_unfinished_tables_of_some_shards_only(store: Store):
    """A process on shards 0 and 1 of 4 reads only the tables of the guilds Discord deals to them."""
    from bot.shards import Shards, shard_of

    guilds = [(n << 22) | 7 for n in range(8)]
    for channel, guild in enumerate(guilds, start=1):
        await store.tables.create(guild, channel, "koikoi", {}, 1, seats(1), 90)
    mine = await store.tables.unfinished(Shards(4, (0, 1)))
    assert [shard_of(t.guild_id, 4) for t in mine] == [0, 1, 0, 1]
    assert len(await store.tables.unfinished()) == 8
    assert [t.guild_id for t in await store.tables.unfinished(Shards(4, (3,)))] == [guilds[3], guilds[7]]
