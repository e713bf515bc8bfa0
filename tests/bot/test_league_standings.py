"""Standings by league points (bot/league/standings.py through /standings): each game's columns are
right and explained in the footer, Sanma's points are the final scores shown, the server's minimum of
games holds players back from the ranking, and bots never appear."""

from __future__ import annotations

from collections import Counter

from bot.league.standings import standings
from bot.store import Store
from cogs.league import plural
from tests.bot.loaded_cogs import cog_and_manager
from tests.bot.test_league_cog import FakeInteraction, call
from tests.bot.test_ledger_properties import GUILD, play_one
from tests.bot.test_store import GUILD as STORE_GUILD
from tests.bot.test_store import play_and_finish, playing_table


async def standings_embed(cog, game: str | None = None):
    return (await call(cog.standings, cog, FakeInteraction(1, guild_id=GUILD), game=game)).reply.embed


async def test_hachi_hachi_columns_count_first_places_not_months_in_profit(tmp_path):
    async with cog_and_manager(tmp_path / "parlor.sqlite3", "cogs.league", "League") as (cog, manager):
        tables = [
            await play_one(manager, "hachihachi", {"months": 6, "players": 3}, 3, (1, 2), channel=10 + n)
            for n in range(3)
        ]
        lines = [line for t in tables for line in await manager.store.ledger.lines(GUILD, table_id=t.id)]
        points, firsts, placings = Counter(), Counter(), Counter()
        for line in lines:
            points[line.user_id] += line.amount
            if line.placing is not None:
                firsts[line.user_id] += line.placing == 1
                placings[line.user_id] += line.placing
        shown = await standings_embed(cog, "hachihachi")
        rows = shown.description.splitlines()
        assert len(rows) == 2  # the two people; never the bots
        for user in (1, 2):
            row = next(r for r in rows if f"<@{user}>" in r)
            sign = "+" if points[user] > 0 else ("−" if points[user] < 0 else "±")
            number = str(abs(points[user])) if points[user] else "0"
            assert f"**{sign}{number}** · 3 games · {firsts[user]}× 1st · avg {placings[user] / 3:.2f}" in row, row
            assert "round" not in row  # a month's payments are not a month won
        footer = shown.footer.text
        assert footer.startswith("Hachi-Hachi: league points = the sum of your chips in the season's games")
        assert "1st = games placed first, avg = average placing (1 is best)" in footer
        assert "Ranked by league points, then more first places" in footer and "Bots are not ranked." in footer


async def test_sanma_points_are_the_final_scores_and_the_minimum_of_games_is_kept(tmp_path):
    async with cog_and_manager(tmp_path / "parlor.sqlite3", "cogs.league", "League", "cogs.settings") as (cog, manager):
        settings = cog.bot.get_cog("Settings")
        tables = [await play_one(manager, "sanma", {"east_only": True}, 3, (1, 2), channel=20 + n) for n in range(2)]
        tables.append(await play_one(manager, "sanma", {"east_only": True}, 3, (1, 3), channel=30))
        tenths = 0  # Alice's final scores as the games showed them, not read from the ledger
        for table in tables:
            for seat, score in enumerate(table.state.final["scores"]):
                if table.seats[seat].user_id == 1:
                    tenths += round(score * 10)
        seen = f"{tenths / 10:+.1f}".replace("-", "−") if tenths else "±0"

        manage = FakeInteraction(9, guild_id=GUILD, manage=True)
        await call(settings.config_min_games, settings, manage, games=3)
        assert "from **3 games**" in manage.reply.content
        assert "Games to be ranked" in [f.name for f in manage.reply.embed.fields]
        rows = (await standings_embed(cog, "sanma")).description.splitlines()
        assert len(rows) == 2
        assert rows[0].startswith("` 1.` <@1>") and f"**{seen}** · 3 games ·" in rows[0]  # the only one ranked
        assert rows[-1].startswith("*Not ranked yet:*") and "<@2> (2 games)" in rows[-1] and "<@3> (1 game)" in rows[-1]
        footer = (await standings_embed(cog, "sanma")).footer.text
        assert "the sum of your points (thousands, after uma and oka)" in footer
        assert f"A player needs {plural(3, 'game')} of a game to be ranked in it." in footer


async def test_the_kept_sums_equal_sums_over_the_ledger(store: Store):
    """standings_totals (kept by triggers) against sums this test makes from the ledger lines, with
    tables that write several lines per participant (rounds) and a second season."""
    await play_and_finish(store, [6, -6], users=(1, 2))
    await play_and_finish(store, [9, -3, -6], users=(1, None, 3), channel=3)
    await play_and_finish(store, [0, 0], users=(2, 3), channel=2)
    t = await playing_table(store, channel=9, users=(1, 2, None), game="blackflower")
    await store.tables.finish(
        t.id,
        snapshot="{}",
        expected_version=t.version,
        results=[
            {"participant": p, "user_id": u, "name": n, "seat": s, "kind": k, "amount": a, "round": r}
            for p, u, n, s, k, a, r in [
                ("user:1", 1, "a", 0, "bet", -5, 1),
                ("user:1", 1, "a", 0, "win", 10, 1),
                ("user:2", 2, "b", 1, "bank", -5, 1),
                ("user:1", 1, "a", 0, "bet", -5, 2),
                ("user:2", 2, "b", 1, "bank", 5, 2),
                (f"bot:{t.id}:2", None, "Bot", 2, "bet", 0, 2),
            ]
        ],
    )
    season = await store.seasons.current(STORE_GUILD)
    lines = await store.ledger.lines(STORE_GUILD, season_id=season.id)
    points, tables, firsts, placings, placed = Counter(), {}, Counter(), Counter(), Counter()
    best: dict = {}
    for line in lines:
        if line.user_id is None:
            continue
        key = (line.game, line.user_id)
        points[key] += line.amount
        tables.setdefault(key, set()).add(line.table_id)
        if line.placing is not None:
            best[(key, line.table_id)] = min(best.get((key, line.table_id), 99), line.placing)
    for (key, _), placing in best.items():
        firsts[key] += placing == 1
        placings[key] += placing
        placed[key] += 1
    rounds = Counter()
    for line in lines:
        if line.round is not None and line.user_id is not None:
            rounds[(line.game, line.user_id, line.table_id, line.round)] += line.amount
    won = Counter()
    for (game, user, _, _), amount in rounds.items():
        won[(game, user)] += amount > 0
    shown = await standings(store, STORE_GUILD, season.id)
    got = {
        (r.game, r.user_id): (r.points, r.games, r.firsts, r.placing_sum, r.placed, r.rounds_won)
        for table in shown.values()
        for r in table.rows
    }
    assert got == {
        key: (
            points[key],
            len(tables[key]),
            firsts[key],
            placings[key],
            placed[key],
            won[key] if key[0] == "blackflower" else None,
        )
        for key in points
    }
