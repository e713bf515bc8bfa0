"""Issue 10 item 3: while a round is not settled, /balance shows a bettor's chips and stake apart."""

from __future__ import annotations

from bot.localdiscord import run_client

from .conftest import make_bot
from .test_simultaneous_decisions import bot_banks, panel_of


async def test_balance_shows_the_stake_apart_until_the_round_is_settled(fake, db, monkeypatch):
    bot_banks(monkeypatch, banker=2)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "blackflower", rounds=1)
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        await alice.click(await panel_of(fake, alice), "Bet 20")
        await fake.wait_idle()
        shown = (await alice.slash("balance", game="blackflower")).text()
        assert "now: 980, 20 at stake (counted when that game ends)" in shown, shown
