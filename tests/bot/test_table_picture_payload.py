"""The table payload: the picture is drawn again only when the public view changed, and a
message is sent the file only when it does not hold those bytes already (discord.py's keywords)."""

from __future__ import annotations

from types import SimpleNamespace

import discord

import bot.presenter as presenter
from bot.presenter import DiscordPresenter, Held, digest, drawn_now, message_args
from bot.tables import LOBBY, PLAYING, Table
from games import get_game
from games.simulate import bot_seats
from tests.bot.playing_tables import playing_table

KOIKOI = get_game("koikoi")


def koikoi_table(status: str = PLAYING) -> Table:
    state = KOIKOI.new_game(KOIKOI.Options(), bot_seats(2), "picture-payload")
    return playing_table(KOIKOI, state, ["alice", "bob"], status=status, seed="0" * 32)


async def test_the_picture_is_drawn_again_only_when_the_public_view_changed(monkeypatch):
    drawn = []
    real = presenter.table_picture
    monkeypatch.setattr(presenter, "table_picture", lambda game, view: drawn.append(game) or real(game, view))
    shower, table = DiscordPresenter(client=None), koikoi_table()
    first = await drawn_now(shower.table_payload(table))
    assert first["embed"].image.url == "attachment://table.png" and first["picture"].startswith(b"\x89PNG")
    assert (await drawn_now(shower.table_payload(table, ["a narration line"])))["picture"] == first["picture"]
    assert drawn == ["koikoi"]
    seat = KOIKOI.to_act(table.state)[0]
    KOIKOI.apply(table.state, seat, KOIKOI.legal_actions(table.state, seat)[0])
    assert (await drawn_now(shower.table_payload(table)))["picture"] != first["picture"] and drawn == ["koikoi"] * 2


def held(picture: bytes) -> Held:
    """The picture as a message holds it: Discord's attachment of it."""
    attachment = discord.Attachment(
        data={
            "id": 42,
            "filename": "table.png",
            "size": len(picture),
            "url": "https://cdn/table.png",
            "proxy_url": "https://media/table.png",
        },
        state=SimpleNamespace(http=None),
    )  # type: ignore[arg-type]
    return Held(digest(picture), attachment)


async def test_the_file_is_sent_only_to_a_message_that_does_not_hold_it_and_a_kept_one_is_listed():
    payload = await drawn_now(DiscordPresenter(client=None).table_payload(koikoi_table()))
    posted = message_args(payload, None, edit=False)
    assert isinstance(posted["file"], discord.File) and posted["file"].filename == "table.png"
    assert "picture" not in posted and "attachments" not in posted
    same = held(payload["picture"])
    kept = message_args(payload, same, edit=True)
    assert kept["attachments"] == [same.attachment] and "file" not in kept  # listed: Discord keeps only what is
    assert [a.to_dict()["id"] for a in kept["attachments"]] == [42]
    replaced = message_args(payload, held(b"an older picture"), edit=True)
    assert [f.filename for f in replaced["attachments"]] == ["table.png"]
    assert isinstance(replaced["attachments"][0], discord.File)  # the old one not listed: removed
    lobby = DiscordPresenter(client=None).table_payload(koikoi_table(LOBBY))
    assert lobby.get("picture") is None and message_args(lobby, same, edit=True)["attachments"] == []
