"""League officers through the fake Discord: a non-officer is refused; the officer pauses a table (it says so,
moves are refused, a restart keeps it paused with its time left) and resumes it with the time that was left;
three tables are played out by the deadlines; the officer voids one and corrects a score on another, and
/standings, the ratings, the balances and /league log all agree with the records."""

from __future__ import annotations

import json

import pytest

from bot.league import officers, ratings
from bot.tables import FINISHED
from localdiscord import start_client

from .conftest import action_buttons, make_bot, settle, started_koikoi, table_message

pytestmark = pytest.mark.e2e

REFUSAL = "Sorry, only league officers or members with the **Manage Server** permission can do that."


async def play_out(fake, bot, table) -> None:
    """Everyone is absent: each deadline passes and Parlor's bot plays, until the game is over."""
    while table.status != FINISHED:
        assert await bot.tables.fire_deadline(table.id)
        await settle(fake, bot)


async def stored_ratings(store) -> list[tuple]:
    async with (
        store.read() as db,
        db.execute("SELECT table_id, user_id, scope, mu, sigma FROM ratings ORDER BY table_id, user_id, scope") as cur,
    ):
        return [tuple(r) for r in await cur.fetchall()]


async def test_an_officer_pauses_resumes_voids_and_corrects_and_everything_agrees(fake, db):
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    mod = fake.add_user("mod", manage_guild=True)
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    table = await started_koikoi(fake, bot, alice, bob)

    named = await mod.slash("config", "officer_role")  # no role: Manage Server only, on the record
    assert named.ephemeral_to == mod.id and named.text().startswith("No officer role")
    refused = await alice.slash("config", "officer_role")
    assert refused.ephemeral_to == alice.id and "Manage Server" in refused.text()
    refused = await alice.slash("league", "table", "pause", reason="mine")
    assert (refused.ephemeral_to, refused.text()) == (alice.id, REFUSAL)
    assert table.paused is None

    deadline = table.deadline
    paused = await mod.slash("league", "table", "pause", reason="bob stepped away")
    assert paused.ephemeral_to == mod.id and "is paused with" in paused.text()
    await settle(fake, bot)
    left = table.paused.remaining
    assert 0 < left <= 60 and abs(left - (deadline - table.paused.at)) < 1e-6
    shown = json.dumps(table_message(fake).embed)
    assert "Paused by mod" in shown and "deadline" not in shown
    (seat,) = table.to_act()
    player = alice if table.seats[seat].user_id == alice.id else bob
    panel = await player.click(table_message(fake), "My hand")
    move = await player.click(panel.message, action_buttons(panel.message)[0][1])
    assert move.ephemeral_to == player.id and move.text().startswith("This table is paused by mod")
    before = table.state.model_dump_json()

    await run.stop()  # a restart in the middle: the table is still paused, with the same time left
    bot = make_bot(fake, db, first_seed=100)
    run = await start_client(fake, bot)
    await settle(fake, bot)
    table = bot.tables.in_channel(fake.channel.id)
    assert table.paused is not None and table.paused.remaining == left
    assert table.state.model_dump_json() == before

    resumed = await mod.slash("league", "table", "resume")
    assert resumed.ephemeral_to == mod.id and resumed.text() == f"Table {table.id} is running again."
    await settle(fake, bot)
    assert table.paused is None and abs(table.deadline - (bot.tables.clock() + left)) < 5
    assert "deadline" in json.dumps(table_message(fake).embed)
    await play_out(fake, bot, table)
    first = table.id

    voided = await started_koikoi(fake, bot, alice, carol)
    await play_out(fake, bot, voided)
    corrected = await started_koikoi(fake, bot, bob, dave)
    await play_out(fake, bot, corrected)

    store = bot.store
    season = (await store.seasons.current(fake.guild.id)).id
    kept = await store.ledger.lines(fake.guild.id)
    answer = await mod.slash("league", "table", "void", table=voided.id, reason="wrong deck")
    assert answer.ephemeral_to == mod.id and f"Table {voided.id} is voided" in answer.text()
    answer = await mod.slash(
        "league", "table", "correct", table=corrected.id, player=dave, points=3, reason="a yaku was missed"
    )
    assert answer.ephemeral_to == mod.id and "moved by +3" in answer.text()

    await run.stop()  # and again: everything is on the record
    bot = make_bot(fake, db, first_seed=200)
    run = await start_client(fake, bot)
    await settle(fake, bot)
    store = bot.store
    lines = await store.ledger.lines(fake.guild.id)
    assert lines[: len(kept)] == kept  # nothing deleted or changed: only lines added
    added = lines[len(kept) :]
    assert [ln.memo for ln in added] == ["void by mod: wrong deck"] * (len(added) - 1) + [
        "adjustment by mod: a yaku was missed"
    ]
    for user in (alice, bob, carol, dave):
        assert await store.ledger.balance(fake.guild.id, season, user.id) == sum(
            ln.amount for ln in lines if ln.user_id == user.id
        )
        results = [ln for ln in lines if ln.user_id == user.id and ln.table_id == voided.id]
        assert sum(ln.amount for ln in results) == 0
    stored = await stored_ratings(store)
    assert all(row[0] != voided.id for row in stored)
    await ratings.rebuild(store)
    assert await stored_ratings(store) == stored

    games = {}
    for ln in lines:
        if ln.table_id not in (None, voided.id) and ln.user_id is not None:
            games.setdefault(ln.user_id, {}).setdefault(ln.table_id, 0)
            games[ln.user_id][ln.table_id] += ln.amount
    text = (await mod.slash("standings")).text()
    for user, played in games.items():
        total = sum(played.values())
        points = "±0" if total == 0 else f"{'+' if total > 0 else '−'}{abs(total)}"
        assert f"<@{user}> **{points}** · {len(played)} game" in text, (user, played, text)
    assert carol.id not in games and f"<@{carol.id}>" not in text  # carol played only the voided table

    log = await mod.slash("league", "log")
    entries = [(a.action, a.target, a.reason) for a in await officers.actions(store, fake.guild.id)]
    assert entries == [
        ("correct", f"table {corrected.id}", "a yaku was missed"),
        ("void", f"table {voided.id}", "wrong deck"),
        ("resume", f"table {first}", ""),
        ("pause", f"table {first}", "bob stepped away"),
        ("officer role", "no role", ""),
    ]
    for action, _, reason in entries:
        assert f"**{action}**" in log.text() and reason in log.text()
    await run.stop()
    fake.assert_clean()
