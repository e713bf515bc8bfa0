"""/play in a channel where Parlor lacks a permission: refused privately, naming what is missing."""

from __future__ import annotations

import localdiscord.interactions
from localdiscord import run_client
from localdiscord.models import ATTACH_FILES, BOT_PERMISSIONS, EMBED_LINKS

from .conftest import make_bot


async def test_play_without_embed_links_and_attach_files_is_refused_with_the_list(fake, db, monkeypatch):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        monkeypatch.setattr(localdiscord.interactions, "BOT_PERMISSIONS", BOT_PERMISSIONS & ~(EMBED_LINKS | ATTACH_FILES))
        refused = await alice.slash("play", "koikoi")
        assert refused.ephemeral_to == alice.id
        assert "**Embed Links**, **Attach Files**" in refused.text() and "View Channel" not in refused.text()
        assert fake.public_messages() == []
        monkeypatch.setattr(localdiscord.interactions, "BOT_PERMISSIONS", BOT_PERMISSIONS)
        lobby = await alice.slash("play", "koikoi")
        assert not lobby.ephemeral and "Koi-Koi" in lobby.text()
    fake.assert_clean()
