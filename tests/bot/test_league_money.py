"""/standings and /history show the money games: Black Flower games played
through the table manager, read back through the league cog."""

from __future__ import annotations

from collections import Counter

from cogs.league import signed
from tests.bot.loaded_cogs import cog_and_manager
from tests.bot.test_league_cog import FakeInteraction, call
from tests.bot.test_ledger_properties import GUILD, play_one


async def test_black_flower_is_in_standings_and_history(tmp_path):
    async with cog_and_manager(tmp_path / "parlor.sqlite3", "cogs.league", "League") as (cog, manager):
        tables = [await play_one(manager, "blackflower", {}, 3, (1, 2), channel=100 + n) for n in range(3)]
        lines = [line for t in tables for line in await manager.store.ledger.lines(GUILD, table_id=t.id)]
        net, rounds = Counter(), Counter()
        for line in lines:
            net[line.user_id] += line.amount
        for (user, _, _), amount in _round_sums(lines).items():
            rounds[user] += amount > 0

        shown = (await call(cog.standings, cog, FakeInteraction(1, guild_id=GUILD), game=None)).reply.embed
        [field] = [f for f in shown.fields if f.name == "Black Flower"]
        for user in (1, 2):
            row = next(r for r in field.value.splitlines() if f"<@{user}>" in r)
            assert f"**{signed(net[user])}** · 3 games · {rounds[user]} round" in row, row
            assert row.endswith(" won")
        assert "rounds won = rounds whose chips you ended above zero" in shown.footer.text
        assert "Black Flower: league points = the sum of your chips" in shown.footer.text

        one = (await call(cog.standings, cog, FakeInteraction(2, guild_id=GUILD), game="blackflower")).reply.embed
        assert one.title.startswith("Black Flower standings") and len(one.description.splitlines()) == 2

        history = (await call(cog.history, cog, FakeInteraction(2, guild_id=GUILD), user=None)).reply.embed
        games = history.description.splitlines()
        assert len(games) == 3 and all(g.startswith("**Black Flower**") for g in games)
        for table, text in zip(reversed(tables), games):
            mine = sum(line.amount for line in lines if line.table_id == table.id and line.user_id == 2)
            alice = sum(line.amount for line in lines if line.table_id == table.id and line.user_id == 1)
            assert f"**{signed(mine)}**" in text and f"<@1> {signed(alice)}" in text


def _round_sums(lines) -> Counter:
    sums: Counter = Counter()
    for line in lines:
        if line.user_id is not None and line.round is not None:
            sums[(line.user_id, line.table_id, line.round)] += line.amount
    return sums
