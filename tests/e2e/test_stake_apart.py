"""While a round is not settled, /balance shows a bettor's chips and stake apart."""

from __future__ import annotations

from localdiscord import run_client

from .conftest import make_bot
from .test_simultaneous_decisions import open_blackflower, panel_of


async def test_balance_shows_the_stake_apart_until_the_round_is_settled(fake, db, monkeypatch):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        await open_blackflower(fake, bot, monkeypatch, alice, bob)
        await alice.click(await panel_of(fake, alice), "Bet 20")
        await fake.wait_idle()
        shown = (await alice.slash("balance", game="blackflower")).text()
        assert "now: 980, 20 at stake (counted when that game ends)" in shown, shown
