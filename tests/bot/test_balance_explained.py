"""/balance explains a money game's chips as one sum a player can follow: the season's start, the games'
results, loans that cancel out, and (Hachi-Hachi) the game's own 60p beside the season's chips."""

from __future__ import annotations

from collections import Counter

from cogs.money import fmt
from tests.bot.loaded_cogs import cog_and_manager
from tests.bot.test_league_cog import FakeInteraction, call
from tests.bot.test_ledger_properties import GUILD, STARTING_CHIPS, play_one


async def test_hachi_hachi_balance_is_one_sum_with_the_games_own_60p(tmp_path):
    async with cog_and_manager(tmp_path / "parlor.sqlite3", "cogs.money", "Money") as (cog, manager):
        for n in range(4):
            await play_one(manager, "hachihachi", {"months": 6, "players": 3}, 3, (1, 2), channel=10 + n)
        kinds = Counter()
        for line in await manager.store.ledger.lines(GUILD):
            if line.user_id == 1:
                kinds[line.kind] += line.amount
        shown = (await call(cog.balance, cog, FakeInteraction(1, guild_id=GUILD), game="hachihachi")).reply.embed
        [field] = shown.fields
        text = field.value
        balance = STARTING_CHIPS + sum(kinds.values())
        first, sum_line, *rest = text.splitlines()
        assert first.startswith(f"**{fmt(balance)}** chips")
        games = kinds["game"]
        sign = "+" if games >= 0 else "−"
        assert sum_line == f"= {fmt(STARTING_CHIPS)} at the season's start {sign} {abs(games)} games' results"
        assert STARTING_CHIPS + games == balance  # the sum shown is the balance: loans cancel out
        if kinds["loan"]:
            assert any(
                r.startswith("Loans: ") and r.endswith("together 0: they do not change your chips.") for r in rest
            ), rest
        assert "every player starts the year at 60p" in text and "added to your season chips" in text
        assert "debt −" not in text  # no bare account names without the sum they belong to
        if kinds["loan"] + kinds["repay"] > 0:
            assert (
                f"Owed to the bank when a game ended: {fmt(kinds['loan'] + kinds['repay'])}, already taken off" in text
            )
