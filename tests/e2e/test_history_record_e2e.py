"""``/history``'s **Record** button through the fake Discord: the asker gets the game's record as a file
(a sanma game as a Tenhou JSON log that replays to the game's own end), privately; another server's
game is refused."""

from __future__ import annotations

import json

from bot.store import Store
from bot.ui import NOT_WORKING
from games.sanma.replay import replay_text
from localdiscord import run_client
from tests.bot.league_games import store_game

from .conftest import make_bot


async def test_the_record_button_hands_the_asker_the_game_s_tenhou_log(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = await Store.open(db)
    try:
        events = await store_game(
            store, fake.guild.id, 800, "sanma", [(alice.id, "alice"), (bob.id, "bob"), (None, "Bot")], "e2e-record"
        )
        await store_game(store, fake.guild.id + 1, 801, "koikoi", [(alice.id, "alice"), (None, "Bot")], "elsewhere")
        table_id = (await store.results.history(fake.guild.id, alice.id, limit=1))[0].table_id
    finally:
        await store.close()
    async with run_client(fake, make_bot(fake, db)):
        history = await bob.slash("history", user=alice.id)
        listed = history.messages[-1]
        assert f"#{table_id}" in listed.embed["description"]
        answer = await bob.click(listed, f"Record #{table_id}")
        assert answer.ephemeral_to == bob.id
        sent = answer.messages[-1]
        record = next(a for a in sent.attachments if a.filename == f"parlor-{table_id}-sanma.json")
        log = json.loads(record.data)
        assert log["name"] == ["alice", "bob", "Bot", ""]
        out = replay_text(record.data.decode())
        end = next(e for e in reversed(events) if e["type"] == "game_end")
        assert out["ok"] and out["log_final_scores"] == end["points"]
        # a forged Record of another server's game (a button the message does not have): refused, nothing attached
        forged = await bob.forge_click(listed, f"parlor:record:{table_id + 1}")
        assert forged.ephemeral_to == bob.id and forged.text() == NOT_WORKING
        assert not any(m.attachments for m in forged.messages)
