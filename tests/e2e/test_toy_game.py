"""Adding a game: the toy game of tests/toygame (its package, its presentation home with a table picture) and
one registry line make it playable through Discord with /play, generated from its Options model like every
game's, its table message carrying its picture."""

from __future__ import annotations

import concurrent.futures

import pytest

import bot.painter
import games
from bot.render.pictures import table_picture
from games import register
from localdiscord import run_client
from tests.toygame import NAME
from tests.toygame.picture import table_picture as compose
from tests.toygame.views import PublicView

from .conftest import make_bot, table_message


@pytest.fixture
def tictactoe(monkeypatch):
    """The toy game registered for this test only (the registry is restored afterwards). A game registered at
    run time is known to this process only, and the bot's picture workers are processes started afresh: here
    its pictures are drawn in threads of this process."""
    monkeypatch.setattr(games, "_PACKAGES", dict(games._PACKAGES))
    monkeypatch.setattr(games, "_HOMES", dict(games._HOMES))
    register(NAME, "tests.toygame", home="tests.toygame.render")  # the game's one registry line
    threads = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="toy pictures")
    monkeypatch.setattr(bot.painter, "_shared", bot.painter.Painter(threads))
    yield
    threads.shutdown(wait=True)


async def test_a_game_added_in_a_test_is_played_through_play(fake, db, tictactoe):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", NAME, o_first=True)  # the option of its Options model
        assert "Tic-tac-toe" in lobby.text()
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        assert "**bob** to mark" in table_message(fake).text()  # o_first: the second player, O, begins
        first = table_message(fake)
        assert first.embed["image"]["url"] == "attachment://table.png"
        assert (
            first.attachments[0].data
            == compose(PublicView(seats=["alice", "bob"], board=[""] * 9, turn=1, winner=None, over=False)).png()
        )
        for user, cell in ((bob, 0), (alice, 3), (bob, 1), (alice, 4), (bob, 2)):
            hand = await user.click(table_message(fake), "My hand")
            assert hand.ephemeral_to == user.id
            await user.click(
                hand.message,
                next(cid for _, cid, _ in hand.message.buttons() if cid and cid.endswith(f":a:mark:{cell}")),
            )
            await fake.wait_idle()
        texts = "\n".join(m.text() for m in fake.public_messages())
        assert "Tic-tac-toe · bob wins" in texts
        assert "bob marks row 1, column 3." in texts
        board = next(m for m in fake.public_messages() if m.embed and m.embed.get("title") == "Tic-tac-toe")
        assert "**Game over.**\n⭕⭕⭕\n❌❌⬜" in board.text()
        # the table message shows its picture: the final board, drawn from the public view
        view = PublicView(
            seats=["alice", "bob"], board=["O", "O", "O", "X", "X", "", "", "", ""], turn=None, winner=1, over=True
        )
        assert board.embed["image"]["url"] == "attachment://table.png"
        assert [a.filename for a in board.attachments] == ["table.png"]
        assert board.attachments[0].data == table_picture(NAME, view)
        assert compose(view).texts == [
            "Tic-tac-toe · bob wins",
            "O",
            "O",
            "O",
            "X",
            "X",
            "",
            "",
            "",
            "",
            "X: alice · O: bob",
        ]
    fake.assert_clean()
