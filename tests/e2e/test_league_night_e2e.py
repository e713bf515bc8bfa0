"""A club night through the fake Discord: ten people and one officer. The officer posts a sign-up, the ten
join, ``/league draw swiss`` seats them at sanma tables in threads (the leftover player with bots, or waiting),
every table is played (the first decision of each timed out, then the players resign and bots finish), and a
second round is drawn with no trio repeated. A restart in the middle of the night loses nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from itertools import combinations

import pytest

from bot.league import nights, pairing
from bot.main import ParlorBot
from localdiscord import start_client

from .conftest import make_bot, settle

pytestmark = pytest.mark.e2e

NAMES = ("ann", "ben", "cid", "dee", "eve", "fay", "gus", "hal", "ivy", "jon")


@asynccontextmanager
async def running(fake, db, first_seed: int = 0) -> AsyncIterator[ParlorBot]:
    """A bot connected to the fake Discord for the block; stopped after it, and the fake then checked clean."""
    bot = make_bot(fake, db, first_seed=first_seed)
    run = await start_client(fake, bot)
    try:
        yield bot
    finally:
        await run.stop()
    fake.assert_clean()


async def club(fake, bot, players: int = len(NAMES)):
    """The officer, the ten players, the season's short sanma rules and a sign-up they all joined; with fewer
    ``players``, the others leave it again: ``(officer, the players who stayed, the sign-up)``."""
    mod = fake.add_user("mod", manage_guild=True)
    people = [fake.add_user(name) for name in NAMES]
    await mod.slash("season", "start")
    await mod.slash("season", "rules", "sanma", east_only=True)
    posted = await mod.slash("league", "signup", game="sanma")
    assert not posted.ephemeral and [b[0] for b in posted.message.buttons()] == ["Join", "Leave"]
    for person in people:
        joined = await person.click(posted.message, "Join")
        assert not joined.ephemeral
    again = await people[0].click(posted.message, "Join")
    assert again.ephemeral_to == people[0].id and again.text() == "You have already signed up."
    left = await people[1].click(posted.message, "Leave")
    assert "Signed up (9)" in _fields(left.message)
    await people[1].click(posted.message, "Join")
    signup_message = posted.message  # the harness keeps the message as it is now
    assert "Signed up (10)" in _fields(signup_message)
    for person in people:
        assert person.name in _fields(signup_message)
    for person in people[players:]:
        await person.click(posted.message, "Leave")
    return mod, people[:players], posted


def _fields(message) -> str:
    embed = message.embed or {}
    return "\n".join(
        [embed.get("description") or ""] + [f"{f['name']}\n{f['value']}" for f in embed.get("fields") or []]
    )


async def play_round(fake, bot, people, signup_id: int, round_no: int) -> list[nights.NightTable]:
    """Every table of the round played to its end: the first decision's time runs out (the absent player is
    timed out), then the seated people resign and Parlor's bots finish the game."""
    drawn = await nights.tables(bot.store, signup_id, round_no)
    by_id = {p.id: p for p in people}
    for night_table in drawn:
        table = bot.tables.get(night_table.table_id)
        assert table is not None and table.status == "playing", night_table
        assert await bot.tables.fire_deadline(table.id, table.version)
        await settle(fake, bot)
        said = [
            text for m in fake.messages.values() if m.channel_id == night_table.channel_id for text in m.all_texts()
        ]
        assert any("Time ran out" in text for text in said), said[-3:]
        for user_id in night_table.players:
            if table.status == "playing":
                await by_id[user_id].slash("resign", _channel=night_table.channel_id)
                await settle(fake, bot)
        await settle(fake, bot)
        assert (await bot.store.tables.get(table.id)).status == "finished"
    return drawn


def trios(drawn) -> set[frozenset[int]]:
    return {frozenset(t.players) for t in drawn if len(t.players) == 3}


async def test_a_club_night_swiss_with_bots_two_rounds_no_trio_repeated(fake, db):
    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot)
        drew = await mod.slash("league", "draw", method="swiss", allow_bots=True)
        await settle(fake, bot)
        text = drew.text()
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        [first] = await nights.rounds(bot.store, signup.id)
        assert f"seed `{first.seed}`" in text and "round 1" in text and "swiss" in text
        drawn = await nights.tables(bot.store, signup.id, 1)
        assert sorted(len(t.players) for t in drawn) == [1, 3, 3, 3] and sorted(t.bots for t in drawn) == [0, 0, 0, 2]
        assert first.waiting == []
        assert sorted(p for t in drawn for p in t.players) == sorted(p.id for p in people)
        threads = fake.threads_of(fake.guild)
        assert len(threads) == 4
        for night_table in drawn:
            thread = next(t for t in threads if t.id == night_table.channel_id)
            assert thread.name == f"Sanma · round 1 · table {night_table.number}"
            table = bot.tables.get(night_table.table_id)
            assert table.channel_id == thread.id and table.options.get("east_only") is True  # the season's rules
            assert [s.user_id for s in table.seats if not s.bot] == night_table.players
            assert sum(s.bot for s in table.seats) == night_table.bots
            mentions = [m for m in fake.public_messages(thread) if "your table" in (m.content or "")]
            assert len(mentions) == 1 and all(f"<@{p}>" in mentions[0].content for p in night_table.players)
            assert f"Table {night_table.number} in <#{thread.id}>" in text
        not_yet = await mod.slash("league", "round")
        assert not_yet.ephemeral and "Round 1 is still being played" in not_yet.text()

        await play_round(fake, bot, people, signup.id, 1)
        second = await mod.slash("league", "round")
        await settle(fake, bot)
        assert "round 2" in second.text()
        drawn2 = await nights.tables(bot.store, signup.id, 2)
        assert sorted(len(t.players) for t in drawn2) == [1, 3, 3, 3]
        met = nights.meetings(drawn)
        assert not trios(drawn) & trios(drawn2)  # no trio sits together again
        assert sum(met.get(frozenset(pair), 0) for t in drawn2 for pair in combinations(t.players, 2)) == 0
        assert len(fake.threads_of(fake.guild)) == 8
        log = await mod.slash("league", "log")
        assert log.embed["description"].count("**draw**") == 2 and "**signup**" in log.embed["description"]


async def test_without_bots_the_leftover_player_waits_and_is_seated_first_next_round(fake, db):
    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot)
        drew = await mod.slash("league", "draw", method="random")
        await settle(fake, bot)
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        [first] = await nights.rounds(bot.store, signup.id)
        drawn = await nights.tables(bot.store, signup.id, 1)
        assert [len(t.players) for t in drawn] == [3, 3, 3] and [t.bots for t in drawn] == [0, 0, 0]
        # the seed shown deals the same draw again: the players, sorted, in the seeded shuffle of games/shuffle.py
        assert f"seed `{first.seed}`" in drew.text()
        again = pairing.draw(sorted(p.id for p in people), method="random", size=3, minimum=3, seed=first.seed)
        assert again.tables == [t.players for t in drawn] and again.waiting == first.waiting
        [waiting] = first.waiting
        name = next(p.name for p in people if p.id == waiting)
        assert f"Waiting for the next round: {name}" in drew.text()
        assert len(fake.threads_of(fake.guild)) == 3
        await play_round(fake, bot, people, signup.id, 1)
        await mod.slash("league", "round")
        await settle(fake, bot)
        [second] = (await nights.rounds(bot.store, signup.id))[1:]
        assert waiting not in second.waiting and len(second.waiting) == 1


async def counts(store) -> dict[str, int]:
    out = {}
    async with store.read() as db:
        for table in ("league_signups", "signup_players", "night_rounds", "night_tables", "officer_actions", "tables"):
            async with db.execute(f"SELECT COUNT(*) FROM {table}") as cur:
                out[table] = (await cur.fetchone())[0]
    return out


async def test_every_officer_command_refuses_a_non_officer_politely_and_changes_nothing(fake, db):
    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot)
        await mod.slash("league", "draw", method="random", allow_bots=True)
        await settle(fake, bot)
        ann = people[0]
        before, messages, threads = (
            await counts(bot.store),
            len(fake.public_messages()),
            len(fake.threads_of(fake.guild)),
        )
        embed_before = posted.message.embed
        for path, options in (
            (("league", "signup"), {"game": "sanma"}),
            (("league", "draw"), {"method": "swiss"}),
            (("league", "round"), {}),
            (("league", "tournament"), {"rounds": 3, "method": "swiss"}),
        ):
            refused = await ann.slash(*path, **options)
            assert refused.ephemeral_to == ann.id, path
            assert refused.text() == (
                "Sorry, only league officers or members with the **Manage Server** permission can do that."
            ), path
            assert len(refused.messages) == 1
        await settle(fake, bot)
        assert await counts(bot.store) == before
        assert len(fake.public_messages()) == messages and len(fake.threads_of(fake.guild)) == threads
        assert posted.message.embed == embed_before


async def test_a_restart_in_the_middle_of_the_night_loses_nothing(fake, db, monkeypatch):
    """The draw is stopped after its second table (as a kill would stop it): the round is stored, one table is
    not opened. After a restart on the same database the sign-up's buttons still work, the open tables play on,
    the missing table is opened, and the next round is drawn from the same sign-up."""
    from cogs.league_nights import NightCommands

    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    opened = NightCommands._open_table
    calls = []

    async def stopped_after_two(self, signup, table):
        calls.append(table.number)
        if len(calls) > 2:
            raise ConnectionError("the process stopped here")
        await opened(self, signup, table)

    monkeypatch.setattr(NightCommands, "_open_table", stopped_after_two)
    mod, people, posted = await club(fake, bot)
    drew = await mod.slash("league", "draw", method="swiss")
    await settle(fake, bot)
    assert "Table 3 could not be opened yet" in drew.text()
    signup = await nights.latest_signup(bot.store, fake.guild.id)
    drawn = await nights.tables(bot.store, signup.id, 1)
    assert [t.table_id is not None for t in drawn] == [True, True, False]
    first = bot.tables.get(drawn[0].table_id)
    assert await bot.tables.fire_deadline(first.id, first.version)
    await settle(fake, bot)
    version = first.version
    await run.stop()
    monkeypatch.setattr(NightCommands, "_open_table", opened)

    bot = make_bot(fake, db, first_seed=100)
    run = await start_client(fake, bot)
    try:
        await settle(fake, bot)
        drawn = await nights.tables(bot.store, signup.id, 1)
        assert all(t.table_id is not None for t in drawn)
        third = bot.tables.get(drawn[2].table_id)
        assert third is not None and third.status == "playing" and third.channel_id == drawn[2].channel_id
        assert [s.user_id for s in third.seats] == drawn[2].players
        assert bot.tables.get(drawn[0].table_id).version == version  # the first table is as it was
        late = fake.add_user("kim")
        joined = await late.click(posted.message, "Join")  # the sign-up's buttons work after the restart
        assert not joined.ephemeral and "Signed up (11)" in _fields(posted.message)
        await late.click(posted.message, "Leave")
        await play_round(fake, bot, people, signup.id, 1)
        second = await mod.slash("league", "round")
        await settle(fake, bot)
        assert "round 2" in second.text() and "could not be opened" not in second.text()
        assert len(await nights.tables(bot.store, signup.id, 2)) == 3
        assert (await counts(bot.store))["night_rounds"] == 2
    finally:
        await run.stop()
    fake.assert_clean()


async def test_a_tournament_of_two_rounds_ends_with_its_results_and_picture(fake, db):
    import io

    from PIL import Image

    from bot.league.points import shown

    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot, players=6)
        set_up = await mod.slash("league", "tournament", rounds=2, method="swiss")
        assert not set_up.ephemeral and "tournament of 2 rounds drawn by swiss" in set_up.text()
        assert "tournament · 2 rounds · swiss" in posted.message.embed["title"]
        await mod.slash("league", "draw", method="random")  # the tournament's method wins
        await settle(fake, bot)
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        assert [r.method for r in await nights.rounds(bot.store, signup.id)] == ["swiss"]
        tables = await play_round(fake, bot, people, signup.id, 1)
        shown_now = await people[0].slash("league", "tournament")
        assert shown_now.ephemeral and "1 of 2 rounds drawn" in shown_now.embed["description"]
        await mod.slash("league", "round")
        await settle(fake, bot)
        tables += await play_round(fake, bot, people, signup.id, 2)
        assert not trios(tables[:2]) & trios(tables[2:])
        for _ in range(100):  # the final round's end is noticed within a few seconds
            results = [
                m
                for m in fake.public_messages(fake.channel)
                if m.embed and "final results" in (m.embed.get("title") or "")
            ]
            if results:
                break
            await asyncio.sleep(0.1)
        [result] = results
        # the standings, summed here from the ledger lines of the tournament's own tables
        totals: dict[int, int] = {}
        async with bot.store.read() as conn:
            for table in tables:
                async with conn.execute(
                    "SELECT user_id, amount FROM ledger WHERE table_id = ? AND user_id IS NOT NULL", (table.table_id,)
                ) as cur:
                    for user_id, amount in await cur.fetchall():
                        totals[user_id] = totals.get(user_id, 0) + amount
        assert len(totals) == 6
        lines = result.embed["description"].splitlines()
        best = max(totals.values())
        leader = next(p for p in people if totals[p.id] == best)
        assert lines[0].startswith("1. ") and f"{shown('sanma', best)} (" in lines[0]
        for person in people:
            assert any(person.name in line and f"— {shown('sanma', totals[person.id])} (" in line for line in lines)
        assert leader.name in lines[0] or sum(1 for t in totals.values() if t == best) > 1
        [picture] = result.attachments
        image = Image.open(io.BytesIO(picture.data))
        assert picture.filename == "tournament.png" and image.width == 400 and len(picture.data) < 100_000
        assert (await nights.get_signup(bot.store, signup.id)).ended_at is not None
        assert "The tournament has ended" in posted.message.embed["description"]
        over = await mod.slash("league", "round")
        assert over.ephemeral and over.text() == nights_closed_text()


def nights_closed_text() -> str:
    from cogs.league_nights import NO_SIGNUP

    return NO_SIGNUP


async def test_a_sign_up_with_threads_where_parlor_cannot_start_them_is_refused_naming_the_permission(fake, db):
    mod = fake.add_user("mod", manage_guild=True)
    fake.deny(fake.channel, "create_public_threads")
    async with running(fake, db) as bot:
        refused = await mod.slash("league", "signup", game="sanma")
        assert refused.ephemeral_to == mod.id and "**Create Public Threads**" in refused.text()
        assert fake.public_messages() == [] and await nights.latest_signup(bot.store, fake.guild.id) is None
        posted = await mod.slash("league", "signup", game="sanma", threads=False)  # tables in the channel itself
        assert not posted.ephemeral and "tables open in <#" in posted.message.embed["description"]


def forged(user, path: tuple[str, ...], **values):
    """``/path`` as a client that ignores the declared choices and ranges would send it."""
    valid = {"signup": {"game": "sanma"}, "draw": {"method": "random"}}.get(path[-1], {})
    interaction = user.prepare_slash(*path, **valid)
    container = interaction.data["options"]
    while container and container[0]["type"] in (1, 2):
        container = container[0]["options"]
    container[:] = [
        {"name": name, "type": 4 if isinstance(value, int) else 3, "value": value} for name, value in values.items()
    ]
    return interaction


async def test_forged_game_method_and_rounds_are_refused_politely_and_change_nothing(fake, db):
    mod = fake.add_user("mod", manage_guild=True)
    async with running(fake, db) as bot:
        await mod.slash("league", "signup", game="sanma")
        before = await counts(bot.store)
        for path, values in (
            (("league", "signup"), {"game": "chess"}),
            (("league", "draw"), {"method": "chaos"}),
            (("league", "round"), {"method": "chaos"}),
            (("league", "tournament"), {"rounds": 0, "method": "swiss"}),
            (("league", "tournament"), {"rounds": 3, "method": "chaos"}),
        ):
            answer = await mod.send(forged(mod, path, **values))
            assert answer.ephemeral_to == mod.id, (path, values, answer.text())
        await settle(fake, bot)
        assert await counts(bot.store) == before
        assert fake.failed_interactions() == []


async def test_a_server_s_table_channels_hold_its_tables_threads_and_refuse_others(fake, db):
    """With table channels set, a sign-up's tables open in threads of one of them; another channel is refused."""
    elsewhere = fake.add_channel("elsewhere")
    async with running(fake, db) as bot:
        await bot.store.config.set(fake.guild.id, allowed_channels=[fake.channel.id])
        mod = fake.add_user("mod", manage_guild=True)
        refused = await mod.slash("league", "signup", game="sanma", _channel=elsewhere, tables_in=elsewhere.id)
        assert refused.ephemeral_to == mod.id and f"only in <#{fake.channel.id}>" in refused.text()
        posted = await mod.slash("league", "signup", game="sanma")
        people = [fake.add_user(name) for name in NAMES[:6]]
        for person in people:
            await person.click(posted.message, "Join")
        drew = await mod.slash("league", "draw", method="random")
        await settle(fake, bot)
        assert "could not be opened" not in drew.text()
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        drawn = await nights.tables(bot.store, signup.id, 1)
        assert len(drawn) == 2 and all(bot.tables.get(t.table_id).status == "playing" for t in drawn)


async def test_a_tournament_whose_final_round_is_played_after_a_restart_still_ends(fake, db):
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    mod, people, posted = await club(fake, bot, players=3)
    await mod.slash("league", "tournament", rounds=1, method="random")
    await mod.slash("league", "draw", method="random")
    await settle(fake, bot)
    await run.stop()

    async with running(fake, db, first_seed=50) as bot:
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        await play_round(fake, bot, people, signup.id, 1)
        for _ in range(100):  # the restarted process watches the final round and ends the tournament
            if (await nights.get_signup(bot.store, signup.id)).ended_at is not None:
                break
            await asyncio.sleep(0.1)
        await settle(fake, bot)
        results = [
            m for m in fake.public_messages(fake.channel) if m.embed and "final results" in (m.embed.get("title") or "")
        ]
        assert len(results) == 1 and [a.filename for a in results[0].attachments] == ["tournament.png"]


async def test_a_table_discord_failed_to_open_is_opened_by_the_next_round_command_not_redrawn(fake, db):
    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot)
        fake.deny(fake.channel, "create_public_threads")  # taken away after the sign-up: no thread can start
        refused = await mod.slash("league", "draw", method="random")
        assert refused.ephemeral_to == mod.id and "**Create Public Threads**" in refused.text()
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        assert await nights.rounds(bot.store, signup.id) == []  # nothing drawn, no request Discord would refuse
        fake.allow(fake.channel, "create_public_threads")
        fake.faults.fail_next("POST /channels/{channel_id}/threads", 1, 503)  # Discord fails one thread
        drew = await mod.slash("league", "draw", method="random")
        await settle(fake, bot)
        assert drew.text().count("could not be opened yet (Discord answered 503)") == 1
        [first] = await nights.rounds(bot.store, signup.id)
        assert len(fake.threads_of(fake.guild)) == 2
        opened = await mod.slash("league", "round")
        await settle(fake, bot)
        assert "tables not opened yet are opened now" in opened.text() and "could not" not in opened.text()
        assert await nights.rounds(bot.store, signup.id) == [first]  # the same round, not drawn again
        drawn = await nights.tables(bot.store, signup.id, 1)
        assert all(bot.tables.get(t.table_id).status == "playing" for t in drawn)
        assert len(fake.threads_of(fake.guild)) == 3


async def test_too_few_players_or_too_many_tables_for_one_channel_are_refused_privately(fake, db):
    async with running(fake, db) as bot:
        mod = fake.add_user("mod", manage_guild=True)
        people = [fake.add_user(name) for name in NAMES[:4]]
        posted = await mod.slash("league", "signup", game="sanma", threads=False)
        for person in people[:2]:
            await person.click(posted.message, "Join")
        few = await mod.slash("league", "draw", method="random")
        assert few.ephemeral_to == mod.id and few.text() == (
            "Nobody can be seated: a Sanma table needs 3 players and 2 signed up (bots were not allowed)."
        )
        for person in people[2:]:
            await person.click(posted.message, "Join")
        many = await mod.slash("league", "draw", method="random", allow_bots=True)  # 3 + 1 with bots: two tables
        assert many.ephemeral_to == mod.id and "a channel holds one table at a time" in many.text()
        one = await mod.slash("league", "draw", method="random")  # one table here, the fourth player waits
        await settle(fake, bot)
        assert not one.ephemeral and "Waiting for the next round" in one.text()
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        [table] = await nights.tables(bot.store, signup.id, 1)
        assert table.channel_id == fake.channel.id and bot.tables.get(table.table_id).status == "playing"
        assert fake.threads_of(fake.guild) == []


async def test_a_player_seated_at_another_table_is_not_drawn_and_the_draw_says_so(fake, db):
    async with running(fake, db) as bot:
        mod, people, posted = await club(fake, bot)
        elsewhere = fake.add_channel("casual")
        lobby = await people[0].slash("play", "koikoi", _channel=elsewhere)  # ann waits in a lobby over there
        assert not lobby.ephemeral
        drew = await mod.slash("league", "draw", method="random")
        await settle(fake, bot)
        assert f"Not drawn, still seated at another table: {people[0].name}" in drew.text()
        signup = await nights.latest_signup(bot.store, fake.guild.id)
        drawn = await nights.tables(bot.store, signup.id, 1)
        seated = [p for t in drawn for p in t.players]
        assert people[0].id not in seated and sorted(seated) == sorted(p.id for p in people[1:])
        assert [len(t.players) for t in drawn] == [3, 3, 3]
