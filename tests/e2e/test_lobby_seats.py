"""The lobby offers the seats the table's own options allow, in every game, and a table whose
options cannot start is refused when it is opened, with the sentence Start would say."""

from __future__ import annotations

import pytest

from bot.lobby import table_options
from games import get_game
from games.base import GameError
from localdiscord import run_client

from .conftest import make_bot


def join_disabled(message) -> dict[str, bool]:
    return {label: disabled for label, _, disabled in message.buttons() if label in ("Join", "Add bot")}


async def test_a_table_for_two_offers_two_seats(fake, db):
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "koikoi", players=2)
        assert "Seats (1/2)" in lobby.text() and "when 2 players are seated" in lobby.text()
        refused = await alice.click(lobby, "Start")
        assert refused.ephemeral_to == alice.id
        assert "Koi-Koi needs 2 players; 1 is seated. Join or add a bot first." in refused.text()
        await bob.click(lobby, "Join")
        await fake.wait_idle()
        assert "Seats (2/2)" in lobby.message.text()
        assert join_disabled(lobby.message) == {"Join": True, "Add bot": True}
        join = next(custom_id for label, custom_id, _ in lobby.message.buttons() if label == "Join")
        late = await carol.forge_click(lobby.message, join)  # a click sent before the button was disabled
        assert late.ephemeral_to == carol.id and "The table is full (2 seats)" in late.text()
        assert [s.name for s in bot.tables.in_channel(fake.channel.id).seats] == ["alice", "bob"]


@pytest.mark.parametrize(
    "game, options, seats",
    [
        ("koikoi", {"toppa": True}, 2),  # toppa is for 2 players only
        ("koikoi", {}, 4),
        ("sanma", {}, 3),
        ("hachihachi", {"players": 5}, 5),
        ("hachihachi", {}, 7),
        ("blackflower", {}, 10),
        ("bcpoker", {"players": 3}, 3),
    ],
)
async def test_every_game_shows_the_seats_its_options_allow(fake, db, game, options, seats):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", game, **options)
        assert f"Seats (1/{seats})" in lobby.text()
        assert join_disabled(lobby.message) == {"Join": False, "Add bot": False}
        for _ in range(seats - 1):
            await alice.click(lobby, "Add bot")
        await fake.wait_idle()
        assert f"Seats ({seats}/{seats})" in lobby.message.text()
        assert join_disabled(lobby.message) == {"Join": True, "Add bot": True}


async def test_options_that_cannot_start_are_refused_when_the_table_is_opened(fake, db):
    alice = fake.add_user("alice")
    koikoi = get_game("koikoi")
    with pytest.raises(GameError) as start_says:  # the check Start makes with three seated
        table_options(koikoi, {"players": 3, "toppa": True}, 3)
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        refused = await alice.slash("play", "koikoi", players=3, toppa=True)
        assert refused.ephemeral_to == alice.id
        assert str(start_says.value) == "The toppa option is for 2 players only, not 3."
        assert str(start_says.value) in refused.text()
        assert bot.tables.in_channel(fake.channel.id) is None
        opened = await alice.slash("play", "koikoi", players=2, toppa=True)  # a good combination opens
        assert "Seats (1/2)" in opened.text()
