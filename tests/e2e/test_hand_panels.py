"""One hand panel per player, holding a picture of what the decision needs."""

from __future__ import annotations

from bot.tables import PLAYING
from localdiscord import run_client

from .conftest import action_buttons, make_bot, started_koikoi, table_message


def hand_panels(user) -> list:
    """The hand panels ``user`` sees now (their visible ephemeral messages titled "Your hand")."""
    return [m for m in user.ephemeral_messages() if (m.embed or {}).get("title", "").startswith("Your hand")]


def pictured(panel) -> bool:
    """The panel shows its picture: the embed's image names a file the message holds."""
    image = ((panel.embed or {}).get("image") or {}).get("url")
    return image == "attachment://hand.png" and [a.filename for a in panel.attachments] == ["hand.png"]


async def test_my_hand_again_replaces_the_panel_and_the_last_one_says_the_game_is_over(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        for _ in range(3):
            await alice.click(table_message(fake), "My hand")
        await bob.click(table_message(fake), "My hand")
        await fake.wait_idle()
        (panel,) = hand_panels(alice)
        assert len(hand_panels(bob)) == 1
        assert pictured(panel) and "Each card takes:" in panel.text()
        assert len([m for m in fake.all_messages() if m.ephemeral_to == alice.id and m.deleted]) == 2

        presses = 0
        while table.status == PLAYING:
            user = alice if alice.id in [table.seats[s].user_id for s in table.to_act()] else bob
            if presses < 6:  # My hand pressed again now and then during the game: still one panel each
                await user.click(table_message(fake), "My hand")
                presses += 1
            (panel,) = hand_panels(user)
            await user.click(panel, action_buttons(panel)[0][1])
            await fake.wait_idle()
            assert len(hand_panels(alice)) == len(hand_panels(bob)) == 1

        for user in (alice, bob):
            (panel,) = hand_panels(user)
            assert "This game is over" in panel.text() and not panel.buttons()
        # the finished table's pictures, panels and pings are let go (a long-running bot keeps its open tables only)
        await bot.tables.idle()
        presenter = bot.presenter
        assert not [k for k in presenter.pictures if k == table.id or (isinstance(k, tuple) and k[0] == table.id)]
        assert not [k for k in (*presenter.panels, *presenter.pinged) if k[0] == table.id]
        assert table.message_id not in presenter.drawn and table.message_id not in presenter.pictured
    fake.assert_clean()


async def test_a_sanma_panel_shows_every_river_and_the_hand_as_a_picture(fake, db):
    alice = fake.add_user("alice")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobby = await alice.slash("play", "sanma")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Add bot")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        for _ in range(4):  # a few discards, so that the rivers have tiles
            if table.status != PLAYING:
                break
            await alice.click(table_message(fake), "My hand")
            (panel,) = hand_panels(alice)
            if buttons := action_buttons(panel):
                await alice.click(panel, buttons[0][1])
            await fake.wait_idle()
        await alice.click(table_message(fake), "My hand")
        await fake.wait_idle()
        (panel,) = hand_panels(alice)
        assert pictured(panel)
        fields = panel.embed["fields"]
        assert len(fields) == 3 and all("River:" in f["value"] for f in fields)
        names = [s.name for s in table.seats]
        assert all(any(name in f["name"] for f in fields) for name in names)
    fake.assert_clean()
