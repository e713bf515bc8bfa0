"""Table control by league officers (bot/league/control.py): pause and resume keep the time left, across a
restart; a void reverses a table's ledger lines and takes it out of the standings and ratings; a correction
is one adjustment line; a non-officer is refused every officer command and nothing changes."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.league import control, late_seats, officers, ratings
from bot.league.standings import standings as league_standings
from bot.store import Store
from bot.tables import PLAYING, Refusal, TableManager
from tests.bot import managed_tables
from tests.bot.managed_tables import open_lobby, start_table
from tests.bot.test_store import Clock

GUILD, CHANNEL = 100, 50
ALICE, BOB, CAROL = 1, 2, 3
OLIVE = (9, "Olive")  # the officer


class Time:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def new_manager(where, time: Time) -> TableManager:
    manager = await managed_tables.new_manager(where, clock=time)
    manager.before_bots.append(late_seats.seat_due)  # as the bot does (bot/main.py)
    return manager


async def start_koikoi(manager: TableManager):
    table = await open_lobby(manager, "koikoi", {"months": 1}, guild=GUILD, channel=CHANNEL)
    await start_table(manager, table, (BOB, "bob"))
    await manager.idle()
    return table


async def test_a_paused_table_keeps_its_time_left_across_a_restart_and_resumes_with_it(tmp_path):
    time, path = Time(), tmp_path / "parlor.sqlite3"
    manager = await new_manager(path, time)
    table = await start_koikoi(manager)
    assert table.deadline == time.now + 60
    time.now += 20
    answer = await control.pause(manager, table, OLIVE, "Bob's connection dropped")
    assert answer == "Table 1 is paused with 40 seconds left on the clock. Resume it with /league table resume."
    (seat,) = table.to_act()
    before = table.state.model_dump_json()
    with pytest.raises(Refusal, match="^This table is paused by Olive: nobody can move until an officer resumes"):
        await manager.act(table.id, table.seats[seat].user_id, None, table.game.legal_actions(table.state, seat)[0])
    time.now += 3600  # long past the deadline: it does not fire while paused
    assert await manager.fire_deadline(table.id) is False
    assert table.state.model_dump_json() == before and await manager.store.tables.actions(table.id) == []
    with pytest.raises(Refusal, match="already paused"):
        await control.pause(manager, table, OLIVE, "")
    await manager.close()
    await manager.store.close()

    manager = await new_manager(path, time)  # a restart: still paused, with the same time left
    (table,) = await manager.restore()
    await manager.idle()
    assert table.paused is not None and table.paused.remaining == 40 and table.paused.officer_name == "Olive"
    assert table.timer is None and table.state.model_dump_json() == before
    assert "Paused by Olive" in table.paused.line()
    time.now += 100
    assert await control.resume(manager, table, OLIVE, "") == "Table 1 is running again."
    await manager.idle()
    assert table.paused is None and table.deadline == time.now + 40
    assert (await manager.store.tables.get(table.id)).deadline == time.now + 40
    with pytest.raises(Refusal, match="not paused"):
        await control.resume(manager, table, OLIVE, "")
    await manager.act(table.id, table.seats[seat].user_id, None, table.game.legal_actions(table.state, seat)[0])
    log = await officers.actions(manager.store, GUILD)
    assert [(a.action, a.details, a.reason) for a in log] == [
        ("resume", {"seconds_left": 40.0}, ""),
        ("pause", {"seconds_left": 40.0}, "Bob's connection dropped"),
    ]
    await manager.close()
    await manager.store.close()


async def finished(store: Store, results: list[tuple[int, int]], game: str = "koikoi") -> int:
    seats = [{"user_id": u, "name": f"user{u}", "bot": False} for u, _ in results]
    t = await store.tables.create(
        GUILD, CHANNEL + len(results) * 1000 + results[0][0] * 10 + results[1][0], game, {}, results[0][0], seats, 90
    )
    season = await store.seasons.ensure(GUILD)
    t = await store.tables.start(t.id, seats, "seed", "{}", None, season.id, expected_version=t.version)
    amounts = [a for _, a in results]
    lines = [
        {
            "participant": f"user:{u}",
            "user_id": u,
            "name": f"user{u}",
            "seat": i,
            "amount": a,
            "placing": 1 + sum(1 for x in amounts if x > a),
        }
        for i, (u, a) in enumerate(results)
    ]
    return (await store.tables.finish(t.id, snapshot="{}", expected_version=t.version, results=lines)).id


async def stored_ratings(store: Store) -> list[tuple]:
    async with (
        store.read() as db,
        db.execute("SELECT table_id, user_id, scope, mu, sigma FROM ratings ORDER BY table_id, user_id, scope") as cur,
    ):
        return [tuple(r) for r in await cur.fetchall()]


async def agree(store: Store, season_id: int) -> dict[int, tuple[int, int]]:
    """Balances are sums of the ledger, the ratings are what a rebuild from the records writes; returns each
    player's (points, games) in the standings."""
    lines = await store.ledger.lines(GUILD)
    for user in (ALICE, BOB, CAROL):
        assert await store.ledger.balance(GUILD, season_id, user) == sum(
            ln.amount for ln in lines if ln.user_id == user
        )
    kept = await stored_ratings(store)
    await ratings.rebuild(store)
    assert await stored_ratings(store) == kept
    by_game = await league_standings(store, GUILD, season_id)
    return {s.user_id: (s.points, s.games) for s in by_game["koikoi"].rows}


async def test_void_reverses_the_ledger_and_correct_adds_a_line_standings_and_ratings_agree(store: Store):
    t1 = await finished(store, [(ALICE, 10), (BOB, -10)])
    t2 = await finished(store, [(ALICE, 5), (CAROL, -5)])
    t3 = await finished(store, [(BOB, 7), (CAROL, -7)])
    season = (await store.seasons.current(GUILD)).id
    assert await agree(store, season) == {ALICE: (15, 2), BOB: (-3, 2), CAROL: (-12, 2)}
    rated = await stored_ratings(store)

    voided = await control.finished_table(store, GUILD, t2)
    assert await control.void_finished(store, voided, OLIVE, "played with the wrong deck") == 2
    lines = await store.ledger.lines(GUILD, table_id=t2)
    assert [(ln.user_id, ln.amount, ln.memo) for ln in lines] == [
        (ALICE, 5, None),
        (CAROL, -5, None),
        (ALICE, -5, "void by Olive: played with the wrong deck"),
        (CAROL, 5, "void by Olive: played with the wrong deck"),
    ]
    assert await agree(store, season) == {ALICE: (10, 1), BOB: (-3, 2), CAROL: (-7, 1)}
    assert all(r[0] != t2 for r in await stored_ratings(store)) and await stored_ratings(store) != rated
    for again in (t2, t2 + 100):
        with pytest.raises(Refusal, match=f"^(Table {again} was voided.|There is no table {again} on this server.)$"):
            await control.finished_table(store, GUILD, again)

    corrected = await control.finished_table(store, GUILD, t3)
    answer = await control.correct(store, corrected, CAROL, 9, OLIVE, "a yaku was missed")
    assert answer == "user3's result at table 3 moved by +9; the standings and ratings follow."
    (line,) = await store.ledger.lines(GUILD, kind="adjustment")
    assert (line.table_id, line.user_id, line.amount, line.memo) == (
        t3,
        CAROL,
        9,
        "adjustment by Olive: a yaku was missed",
    )
    # Carol's points move (−7 + 9); the placings stay, and the rebuilt ratings agree with the stored ones
    assert await agree(store, season) == {ALICE: (10, 1), BOB: (-3, 2), CAROL: (2, 1)}
    with pytest.raises(Refusal, match="no result at this table"):
        await control.correct(store, corrected, ALICE, 1, OLIVE, "nobody")
    with pytest.raises(Refusal, match="other than zero"):
        await control.correct(store, corrected, CAROL, 0.01, OLIVE, "nothing")
    with pytest.raises(Refusal, match="between"):
        await control.correct(store, corrected, CAROL, float("inf"), OLIVE, "forged")
    log = await officers.actions(store, GUILD)
    assert [(a.action, a.target, a.reason) for a in log] == [
        ("correct", f"table {t3}", "a yaku was missed"),
        ("void", f"table {t2}", "played with the wrong deck"),
    ]
    assert t1 not in {a.target for a in log}


class OfficerBot(commands.Bot):
    def __init__(self, manager: TableManager) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.store, self.tables = manager.store, manager
        self.settings = SimpleNamespace(turn_seconds=60)
        self.games_available = ["koikoi"]


def arguments(command: app_commands.Command, table_id: int) -> dict:
    """Valid arguments for every parameter of an officer command."""
    values = {"table": table_id, "player": SimpleNamespace(id=BOB), "points": 5.0, "reason": "because"}
    return {p.name: values[p.name] for p in command.parameters}


async def everything(manager: TableManager, table) -> tuple:
    async with manager.store.read() as db, db.execute("SELECT COUNT(*) FROM ledger") as cur:
        ledger = (await cur.fetchone())[0]
    return (
        table.state.model_dump_json(),
        table.version,
        table.paused,
        table.deadline,
        table.status,
        [s.as_dict() for s in table.seats],
        ledger,
        await officers.actions(manager.store, GUILD),
        await officers.officer_role(manager.store, GUILD),
    )


async def test_a_non_officer_is_refused_every_officer_command_with_one_polite_line_and_nothing_changes(tmp_path):
    from tests.bot.test_league_cog import FakeInteraction, call

    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    bot = OfficerBot(manager)
    await bot.load_extension("cogs.league_group")
    await bot.load_extension("cogs.settings")
    cog = bot.get_cog("LeagueGroup")
    done = await finished(manager.store, [(ALICE, 10), (CAROL, -10)])  # before Alice sits at the open table
    table = await start_koikoi(manager)
    await officers.set_officer_role(manager.store, GUILD, 777)
    commands_ = list(cog.table_control.commands)
    assert {c.name for c in commands_} == {"pause", "resume", "replace", "seat", "end", "void", "correct"}
    before = await everything(manager, table)
    refusal = "Sorry, only league officers (<@&777>) or members with the **Manage Server** permission can do that."
    for command in commands_:
        for target in (table.id, done):
            asked = FakeInteraction(ALICE)
            asked.user.roles = [SimpleNamespace(id=778)]  # some role, not the officers'
            await call(command, cog, asked, **arguments(command, target))
            assert (asked.reply.content, asked.reply.ephemeral) == (refusal, True), command.name
    settings = bot.get_cog("Settings")
    config_role = next(c for c in settings.config.commands if c.name == "officer_role")
    asked = FakeInteraction(ALICE)
    await call(config_role, settings, asked, role=None)
    assert (asked.reply.content, asked.reply.ephemeral) == (
        "Sorry, only members with the **Manage Server** permission can do that.",
        True,
    )
    assert await everything(manager, table) == before
    await bot.close()
    await manager.close()
    await manager.store.close()


@pytest.mark.postgres
async def test_python_m_bot_migrate_copies_voids_corrections_pauses_and_registrations(tmp_path, postgres_url: str):
    from bot.db_copy import copy_database
    from bot.league import registration
    from bot.pauses import Pause, paused_tables, save_pause

    source = await Store.open(tmp_path / "parlor.sqlite3", clock=Clock())
    target = await Store.open(postgres_url)
    try:
        t1 = await finished(source, [(ALICE, 10), (BOB, -10)])
        t2 = await finished(source, [(ALICE, 5), (CAROL, -5)])
        await control.void_finished(source, await control.finished_table(source, GUILD, t2), OLIVE, "wrong deck")
        await control.correct(source, await control.finished_table(source, GUILD, t1), BOB, 4, OLIVE, "miscount")
        seats = [{"user_id": u, "name": f"user{u}", "bot": False} for u in (ALICE, CAROL)]
        live = await source.tables.create(GUILD, CHANNEL + 7, "koikoi", {}, ALICE, seats, 60)
        async with source.transaction() as db:
            await save_pause(db, live.id, GUILD, Pause(9, "Olive", 33.5, 5.0))
            await db.execute(
                "INSERT INTO late_seats (table_id, seat, guild_id, user_id, name, deal, officer_id, at)"
                " VALUES (?, 1, ?, ?, 'bob', 2, 9, 5.0)",
                (live.id, GUILD, BOB),
            )
            await registration.set_registration(db, source, GUILD, True)
        await registration.register(source, GUILD, ALICE, "Al")
        await copy_database(source, target)
        season = (await source.seasons.current(GUILD)).id
        for store in (source, target):
            by_game = await league_standings(store, GUILD, season)
            assert {s.user_id: (s.points, s.games) for s in by_game["koikoi"].rows} == {ALICE: (10, 1), BOB: (-6, 1)}
            assert await paused_tables(store) == {live.id: Pause(9, "Olive", 33.5, 5.0)}
            assert await late_seats.queued(store, live.id) == [late_seats.LateSeat(1, BOB, "bob", 2)]
            assert [p.name for p in await registration.players(store, GUILD)] == ["Al"]
            assert await registration.registration_on(store, GUILD)
            assert await control.is_voided(store, t2) and not await control.is_voided(store, t1)
        assert await stored_ratings(target) == await stored_ratings(source)
        assert await officers.actions(target, GUILD) == await officers.actions(source, GUILD)
    finally:
        await source.close()
        await target.close()


async def test_an_absent_player_s_seat_is_given_to_a_bot_on_the_record(tmp_path):
    manager = await new_manager(tmp_path / "parlor.sqlite3", Time())
    table = await start_koikoi(manager)
    seat = table.seat_of(BOB)
    answer = await control.bench(manager, table, BOB, OLIVE, "bob left the club")
    await manager.idle()
    assert answer == "A bot now plays bob's seat at table 1."
    assert table.seats[seat].resigned and (await manager.store.tables.get(table.id)).seats[seat]["resigned"]
    assert seat not in table.to_act() or table.status != PLAYING  # the bot played bob's turn at once
    with pytest.raises(Refusal, match="A bot already plays that seat"):
        await control.bench(manager, table, BOB, OLIVE, "")
    with pytest.raises(Refusal, match="not seated"):
        await control.bench(manager, table, CAROL, OLIVE, "")
    (entry,) = await officers.actions(manager.store, GUILD)
    assert (entry.action, entry.details, entry.reason) == (
        "replace",
        {"by": "bot", "seat": seat, "user_id": BOB},
        "bob left the club",
    )
    await manager.close()
    await manager.store.close()
