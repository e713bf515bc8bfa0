"""Adding a game: the toy game of tests/toygame (its package, its renderer) and one registry line make
it playable through Discord with /play, generated from its Options model like every game's."""

from __future__ import annotations

import pytest

import bot.render
import games
from bot.render import register_home
from games import register
from localdiscord import run_client
from tests.toygame import NAME

from .conftest import make_bot, table_message


@pytest.fixture
def tictactoe(monkeypatch):
    """The toy game registered for this test only (the registries are restored afterwards)."""
    monkeypatch.setattr(games, "_PACKAGES", dict(games._PACKAGES))
    monkeypatch.setattr(bot.render, "_ELSEWHERE", {})
    register(NAME, "tests.toygame")  # the game's one registry line
    register_home(NAME, "tests.toygame.render")  # a home from outside bot/render


async def test_a_game_added_in_a_test_is_played_through_play(fake, db, tictactoe):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", NAME, o_first=True)  # the option of its Options model
        assert "Tic-tac-toe" in lobby.text()
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        assert "**bob** to mark" in table_message(fake).text()  # o_first: the second player, O, begins
        for user, cell in ((bob, 0), (alice, 3), (bob, 1), (alice, 4), (bob, 2)):
            hand = await user.click(table_message(fake), "My hand")
            assert hand.ephemeral_to == user.id
            await user.click(hand.message, next(cid for _, cid, _ in hand.message.buttons()
                                                if cid and cid.endswith(f":a:mark:{cell}")))
            await fake.wait_idle()
        texts = "\n".join(m.text() for m in fake.public_messages())
        assert "Tic-tac-toe · bob wins" in texts
        assert "bob marks row 1, column 3." in texts
        board = next(m for m in fake.public_messages() if m.embed and m.embed.get("title") == "Tic-tac-toe")
        assert "**Game over.**\n⭕⭕⭕\n❌❌⬜" in board.text()
    fake.assert_clean()
