"""A league season through the fake Discord: a season with fixed Sanma rules and uma, twelve seeded games
by four people and bots, then /standings and /season export, which agree with each other and with sums
this test makes itself from the stored records (each table's final points, not the ledger)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest

from bot.league import ratings
from localdiscord import start_client

from .conftest import make_bot, settle

pytestmark = pytest.mark.e2e

UMA = (30, 0, -30)
PAIRS = [
    ("alice", "bob"),
    ("carol", "dave"),
    ("alice", "carol"),
    ("bob", "dave"),
    ("alice", "dave"),
    ("bob", "carol"),
] * 2


def league_tenths(points: list[int]) -> list[int]:
    """The season's placement points, computed here: (points − 40000) / 1000 + uma, oka 15 to first,
    ties by seat order; in tenths of a point."""
    order = sorted(range(3), key=lambda s: (-points[s], s))
    out = [0, 0, 0]
    for place, seat in enumerate(order):
        out[seat] = (points[seat] - 40000) // 100 + UMA[place] * 10 + (150 if place == 0 else 0)
    return out


def shown(tenths: int) -> str:
    return "±0" if tenths == 0 else f"{'+' if tenths > 0 else '−'}{abs(tenths) // 10}.{abs(tenths) % 10}"


def csv_rows(message, name: str) -> list[dict]:
    [attachment] = [a for a in message.attachments if a.filename == name]
    return list(csv.DictReader(io.StringIO(attachment.data.decode("utf-8"))))


async def test_a_season_with_fixed_sanma_rules_standings_and_export_agree(fake, db):
    people = {name: fake.add_user(name) for name in ("alice", "bob", "carol", "dave")}
    mod = fake.add_user("mod", manage_guild=True)
    bot = make_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        started = await mod.slash("season", "start")  # (the harness's own "name" keeps the default name)
        assert "Season 1" in started.text()
        ruled = await mod.slash(
            "season", "rules", "sanma", uma_first=UMA[0], uma_second=UMA[1], uma_third=UMA[2], east_only=True
        )
        assert not ruled.ephemeral and "uma +30/+0/-30" in ruled.text() and "east_only on" in ruled.text()
        bad = await mod.slash("season", "rules", "sanma", uma_first=30, uma_second=0, uma_third=-20)
        assert bad.ephemeral and "must add up to 0" in bad.text()
        not_allowed = await people["alice"].slash("season", "rules", "sanma", east_only=False)
        assert not_allowed.ephemeral and "Manage Server" in not_allowed.text()
        show = await people["bob"].slash("season", "show")
        assert "Sanma**: start 35000, return 40000, oka +15, uma +30/+0/-30 · east_only on" in show.text()

        refused = await people["alice"].slash("play", "sanma", east_only=False)
        assert refused.ephemeral and "Season 1 plays Sanma with east_only on" in refused.text()
        assert bot.tables.in_channel(fake.channel.id) is None  # nothing opened

        tables = []
        for n, (host, guest) in enumerate(PAIRS):
            lobby = await people[host].slash("play", "sanma")
            if n == 0:
                assert "uma=[30, 0, -30]" in lobby.text() and "east_only=True" in lobby.text()
            await people[guest].click(lobby, "Join")
            await people[host].click(lobby, "Add bot")
            await people[host].click(lobby, "Start")
            await settle(fake, bot)
            table = bot.tables.in_channel(fake.channel.id)
            for name in (host, guest):
                if table.status != "finished":
                    await people[name].slash("resign")
                    await settle(fake, bot)
            await settle(fake, bot)
            assert table.status == "finished", table.status
            assert tuple(table.state.options.uma) == UMA and table.state.options.east_only
            tables.append(table.id)

        # The independent sums: each stored table's final points through the season's placement points.
        expected: Counter = Counter()
        rows = 0
        for table_id in tables:
            row = await bot.store.tables.get(table_id)
            final = json.loads(row.snapshot)["final"]
            for seat, tenths in enumerate(league_tenths(final["points"])):
                user = row.seats[seat]["user_id"] if not row.seats[seat]["bot"] else None
                if user is not None:
                    expected[user] += tenths
                rows += 1
        assert rows == 36 and len(expected) == 4

        standings = await people["bob"].slash("standings", game="sanma")
        lines = standings.embed["description"].splitlines()
        assert len(lines) == 4  # the four people, no bot
        for user, tenths in expected.items():
            line = next(ln for ln in lines if f"<@{user}>" in ln)
            assert f"**{shown(tenths)}** · 6 games" in line, (line, tenths)
        assert "points (thousands, after uma and oka)" in standings.embed["footer"]["text"]

        exported = await mod.slash("season", "export")
        message = exported.messages[-1]
        assert message.ephemeral_to == mod.id
        assert sorted(a.filename for a in message.attachments) == ["games.csv", "ledger.csv", "standings.csv"]
        games = csv_rows(message, "games.csv")
        assert len(games) == 36  # one line per player per game
        from_games, from_ledger = Counter(), Counter()
        for g in games:
            if g["user_id"]:
                from_games[int(g["user_id"])] += round(float(g["league_points"]) * 10)
        for line in csv_rows(message, "ledger.csv"):
            if line["user_id"]:
                from_ledger[int(line["user_id"])] += round(float(line["amount"]) * 10)
        exported_standings = {
            int(r["user_id"]): round(float(r["league_points"]) * 10) for r in csv_rows(message, "standings.csv")
        }
        assert from_games == from_ledger == expected == Counter(exported_standings)

        # Ratings: live equals a rebuild from the records.
        async with (
            bot.store.read() as conn,
            conn.execute("SELECT * FROM ratings ORDER BY table_id, user_id, scope") as cur,
        ):
            live = [tuple(r) for r in await cur.fetchall()]
        assert len(live) == 12 * 2 * 2
        await ratings.rebuild(bot.store)
        async with (
            bot.store.read() as conn,
            conn.execute("SELECT * FROM ratings ORDER BY table_id, user_id, scope") as cur,
        ):
            assert [tuple(r) for r in await cur.fetchall()] == live
    finally:
        await run.stop()
