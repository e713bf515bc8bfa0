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
