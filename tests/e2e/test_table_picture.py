"""On Discord, the public table message carries the table picture, shown in its embed
(``attachment://table.png``) beside the text kept for screen readers. The picture attached is exactly
``table_picture(game, public_view)`` — drawn from the public view, nothing from a hand — with no face of a
hidden card in it, and a new file is uploaded only when the picture's bytes change."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.render import presentation
from bot.render.pictures import table_picture
from faces.table import face_name
from localdiscord import start_client
from tests.faces.test_table_pictures import public_cards

from .test_logs_hidden import GAMES, new_bot, play_from_panel, settle, start_table

STEPS = 25  # settled moments checked per game
UNIQUE_CODES = {"koikoi", "hachihachi", "blackflower"}  # games whose card codes name one card each


def check_picture(fake, table) -> bytes:
    """The table message shows the picture of the table's public view, and no hidden card; its bytes."""
    game, view = table.game.name, table.game.public_view(table.state)
    message = fake.messages[table.message_id]
    assert message.embed["image"]["url"] == "attachment://table.png"
    assert message.embed.get("title") and message.embed.get("description")  # the text stays for screen readers
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert message.attachments[0].data == table_picture(game, view)
    drawn = presentation(game).table_picture(view).faces
    assert Counter(drawn) == Counter(face_name(presentation(game).faces, c) for c in public_cards(game, view))
    if game in UNIQUE_CODES:
        hidden = {
            face_name(presentation(game).faces, c)
            for cards in table.game.hidden_cards(table.state).values()
            for c in cards
        }
        assert not hidden & set(drawn), f"hidden cards drawn: {hidden & set(drawn)}"
    return message.attachments[0].data


async def play(fake, db, game: str, bots: int, options: dict, steps: int, after=lambda table: None):
    """alice and ``bots`` bots play ``game`` for at most ``steps`` settled moments (alice from her panel);
    ``after(table)`` runs at the start and after each. The table."""
    alice = fake.add_user("alice")
    bot = new_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        table = await start_table(fake, bot, alice, game, bots, options)
        after(table)
        for _ in range(steps):
            if table.status != "playing":
                break
            if table.seat_of(alice.id) in table.to_act():
                await play_from_panel(fake, bot, table, alice)
            await settle(fake, bot)
            after(table)
        run.raise_if_crashed()
    finally:
        await run.stop()
    return table


@pytest.mark.parametrize("game,bots,options", GAMES, ids=[g for g, _, _ in GAMES])
async def test_the_table_message_shows_the_picture_of_the_public_view_only(fake, db, game, bots, options):
    pictures = set()
    table = await play(fake, db, game, bots, options, STEPS, lambda table: pictures.add(check_picture(fake, table)))
    assert len(pictures) >= 3, "the picture should follow the play"
    message = fake.messages[table.message_id]
    uploads = [v.attachments[0] for v in message.versions if v.attachments]
    for before, after in zip(uploads, uploads[1:]):  # an unchanged picture is kept, not sent again
        assert (before.id == after.id) == (before.data == after.data)
    assert len({a.id for a in uploads}) < len(message.versions), "every edit uploaded the picture again"


RESULT_GAMES = [g for g in GAMES if g[0] != "blackflower"]  # Black Flower's results stay text


@pytest.mark.parametrize("game,bots,options", RESULT_GAMES, ids=[g for g, _, _ in RESULT_GAMES])
async def test_a_deals_result_message_shows_its_picture(fake, db, game, bots, options):
    """The result of a deal that scored carries a picture (result.png) shown in its embed."""
    table = await play(fake, db, game, bots, options, 3000)
    assert table.status == "finished"
    pictured = [
        m
        for m in fake.public_messages()
        if m.embed and (m.embed.get("image") or {}).get("url") == "attachment://result.png"
    ]
    assert pictured, "no result message with a picture"
    for message in pictured:
        assert [a.filename for a in message.attachments] == ["result.png"]
        assert message.attachments[0].data.startswith(b"\x89PNG") and message.attachments[0].content_type == "image/png"
    assert all(not m.attachments for m in fake.public_messages() if m not in pictured and m.id != table.message_id)
