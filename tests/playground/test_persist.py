"""The playground's channel survives a restart: same ids, same messages, old buttons still work."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import aiohttp
import pytest

from localdiscord import LocalDiscord, persist, run_client
from localdiscord.persist import StateError, StateFile

from .conftest import make_bot

PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 40


def visible(fake: LocalDiscord, user_id: int) -> list[tuple]:
    return [
        (
            m.id,
            m.content,
            m.embeds,
            m.components,
            m.ephemeral_to,
            m.command,
            m.timestamp,
            [(a.id, a.filename, a.content_type) for a in m.attachments],
        )
        for m in fake.visible_messages(user_id)
    ]


async def test_a_restart_shows_the_same_channel_and_old_buttons_work(tmp_path, db):
    path = tmp_path / "parlor.playground.json"
    first = LocalDiscord()
    state = StateFile(first, path)
    assert state.load() is False
    alice, bob = first.add_user("alice", manage_guild=True), first.add_user("bob")
    async with first:
        async with run_client(first, make_bot(first, db)) as run:
            lobby = await alice.slash("play", "koikoi", players=2, months=1)
            await bob.click(lobby, "Join")
            await alice.click(lobby, "Start")
            await asyncio.wait_for(run.client.emoji_sync, 60)  # the faces are uploaded as emoji
            await first.wait_idle()
            emoji = {e.id: (e.name, e.data) for e in first.app_emoji.values()}
            hand = await alice.click(lobby.message, "My hand")
            assert hand.ephemeral_to == alice.id
            gone = await alice.slash("table")  # a message that is then deleted is not kept
            await first.delete_message(gone.message)
            await first.create_message(first.channel, {"content": "a picture"}, [(0, "pic.png", PNG, None)])
            await first.wait_idle()
        state.save()
        before = {u.id: visible(first, u.id) for u in (alice, bob)}
        commands = {c.name: c.id for c in first.commands_in(first.guild.id)}

    second = LocalDiscord()
    assert StateFile(second, path).load() is True
    async with second:
        assert (second.application_id, second.guild.id, second.channel.id) == (
            first.application_id,
            first.guild.id,
            first.channel.id,
        )
        assert [(u.id, u.name, u.manage_guild) for u in second.users.values()] == [
            (alice.id, "alice", True),
            (bob.id, "bob", False),
        ]
        assert {u.id: visible(second, u.id) for u in (alice, bob)} == before
        assert gone.message.id not in second.messages
        picture = second.visible_messages(alice.id)[-1]
        async with aiohttp.ClientSession() as s:
            async with s.get(second.base_url + picture.attachments[0].url.split(str(second.port), 1)[-1]) as r:
                assert r.status == 200 and await r.read() == PNG and r.content_type == "image/png"

        alice2, bob2 = second.user("alice"), second.user("bob")
        assert {e.id: (e.name, e.data) for e in second.app_emoji.values()} == emoji and emoji
        async with run_client(second, make_bot(second, db)) as run:  # the bot comes back with its database
            assert (await run.client.emoji_sync).uploaded == 0  # its emoji are still there
            assert {c.name: c.id for c in second.commands_in(second.guild.id)} == commands  # ids kept on re-sync
            table = second.messages[lobby.message.id]
            reopened = await bob2.click(table, "My hand")  # a button sent before the restart
            assert reopened.ephemeral_to == bob2.id and "Your hand" in reopened.text()
            old_panel = second.messages[hand.message.id]
            assert old_panel.ephemeral_to == alice2.id
            assert old_panel not in bob2.visible_messages()
        second.assert_clean()


async def test_saves_follow_changes_and_a_bad_file_is_explained(tmp_path):
    path = tmp_path / "state.json"
    fake = LocalDiscord()
    state = StateFile(fake, path, delay=0.05)
    state.follow()
    fake.add_user("zoe")
    await asyncio.sleep(0.2)
    assert state.saves == 1 and [u["name"] for u in json.loads(path.read_text())["users"]] == ["zoe"]
    await fake.create_message(fake.channel, {"content": "one"}, [])
    await fake.create_message(fake.channel, {"content": "two"}, [])
    await asyncio.sleep(0.2)
    assert state.saves == 2  # debounced: two changes, one write
    await state.close()
    assert [m["content"] for m in json.loads(path.read_text())["messages"]] == ["one", "two"]

    path.write_text("{not json")
    with pytest.raises(StateError, match="Move the file away"):
        StateFile(LocalDiscord(), path).load()
    path.write_text(json.dumps({"format": 99}))
    with pytest.raises(StateError, match="unknown state format"):
        StateFile(LocalDiscord(), path).load()


async def test_the_attachments_folder_keeps_only_the_pictures_shown_and_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(persist, "KEPT_ATTACHMENTS", 3)
    path = tmp_path / "parlor.playground.json"
    fake = LocalDiscord()
    state = StateFile(fake, path)
    table = await fake.create_message(fake.channel, {"content": "table"}, [(0, "table.png", PNG + b"0", None)])
    for n in range(1, 6):  # the table's picture replaced five times, as each move redraws it
        await fake.edit_message(table, {"attachments": []}, [(0, "table.png", PNG + bytes([n]), None)])
    state.save()
    assert sorted(p.name for p in state.attachments_dir.iterdir()) == [str(table.attachments[0].id)]

    results = [
        await fake.create_message(fake.channel, {"content": f"result {n}"}, [(0, "result.png", PNG, None)])
        for n in range(4)
    ]
    state.save()
    kept = {str(a.id) for m in results[-3:] for a in m.attachments}
    assert {p.name for p in state.attachments_dir.iterdir()} == kept  # the newest three pictures

    await fake.edit_message(table, {"attachments": []}, [(0, "table.png", PNG + b"6", None)])
    state.save()
    kept = {str(a.id) for m in (table, *results[-2:]) for a in m.attachments}
    assert {p.name for p in state.attachments_dir.iterdir()} == kept

    again = LocalDiscord()
    StateFile(again, path).load()
    assert [len(again.messages[m.id].attachments) for m in (table, *results)] == [1, 0, 0, 1, 1]
    assert again.messages[table.id].attachments[0].data == PNG + b"6"


def test_the_playground_files_are_not_tracked_by_git():
    root = Path(__file__).resolve().parents[2]
    names = ["data/parlor.playground.json", "data/parlor.playground.attachments/123"]
    ignored = subprocess.run(["git", "check-ignore", *names], cwd=root, capture_output=True, text=True)
    assert ignored.stdout.split() == names
