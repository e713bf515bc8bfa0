"""/play in a channel where Parlor lacks a permission: refused privately, naming what is missing."""

from __future__ import annotations

from localdiscord import run_client

from .conftest import make_bot


async def test_play_without_embed_links_and_attach_files_is_refused_with_the_list(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        fake.deny(fake.channel, "embed_links", "attach_files")
        refused = await alice.slash("play", "koikoi")
        assert refused.ephemeral_to == alice.id
        assert "**Embed Links**, **Attach Files**" in refused.text() and "View Channel" not in refused.text()
        assert fake.public_messages() == []
        fake.allow(fake.channel, "embed_links", "attach_files")
        lobby = await alice.slash("play", "koikoi")
        assert not lobby.ephemeral and "Koi-Koi" in lobby.text()
    fake.assert_clean()


async def test_play_in_a_channel_without_read_message_history_opens_the_table(fake, db):
    """Parlor never reads a channel's history: it does not ask for Read Message History."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.deny(fake.channel, "read_message_history")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", "koikoi")
        assert not lobby.ephemeral and "Koi-Koi" in lobby.text()
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        assert "Koi-Koi" in (await alice.click(lobby, "My hand")).message.embed["title"] + lobby.text()
    fake.assert_clean()


async def test_a_table_is_opened_and_played_to_its_end_in_a_thread(fake, db):
    """In a thread, posting is Send Messages in Threads; Send Messages (taken from the thread's channel here)
    has no effect there, so /play does not ask for it."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread = fake.add_thread("koikoi night")
    fake.deny(fake.channel, "send_messages", "read_message_history")
    async with run_client(fake, make_bot(fake, db)) as run:
        lobby = await alice.slash("play", "koikoi", _channel=thread)
        assert not lobby.ephemeral and "Koi-Koi" in lobby.text() and lobby.message.channel_id == thread.id
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = run.client.tables.in_channel(thread.id)
        assert table is not None and table.status == "playing"
        for user in (alice, bob):
            panel = await user.click(lobby, "My hand")
            assert panel.ephemeral_to == user.id
        await alice.slash("resign", _channel=thread)  # bots play both seats to the end
        await bob.slash("resign", _channel=thread)
        await fake.wait_idle(longest=60)
        assert run.client.tables.in_channel(thread.id) is None
        assert (await run.client.store.tables.get(table.id)).status == "finished"
        assert fake.public_messages(fake.channel) == []  # everything went to the thread
        assert len(fake.public_messages(thread)) >= 2
    fake.assert_clean()


async def test_play_in_a_thread_without_send_messages_in_threads_is_refused_naming_it(fake, db):
    alice = fake.add_user("alice")
    thread = fake.add_thread("koikoi night")
    fake.deny(fake.channel, "send_messages_in_threads")  # threads take their channel's permissions
    async with run_client(fake, make_bot(fake, db)):
        refused = await alice.slash("play", "koikoi", _channel=thread)
        assert refused.ephemeral_to == alice.id
        assert "**Send Messages in Threads**" in refused.text() and "**Send Messages**" not in refused.text()
        assert fake.public_messages(thread) == []
        lobby = await alice.slash("play", "koikoi")  # the channel itself may still have a table
        assert not lobby.ephemeral
    fake.assert_clean()
