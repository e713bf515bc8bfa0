"""The benchmark's players (benchmarks/shard_players.py) play as people do: each opens /hand once and plays every move
on that panel, which Parlor edits in place; nothing is deleted, so the benchmark's "move" is one click and what it
makes Parlor do."""

from __future__ import annotations

from benchmarks.shard_players import Answers, moves_on, play_in_place
from localdiscord import FakeMessage, run_client
from tests.e2e.shard_cluster import Table

from .conftest import make_bot, recording


async def test_players_open_their_hand_once_and_play_every_move_on_that_panel(fake, db, monkeypatch):
    table = Table(fake.guild, (fake.add_user("host"), fake.add_user("guest")))
    sent, recorded = recording(fake)
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        await table.open(bot.store, 600)
        calls_before = len(fake.request_log)
        monkeypatch.setattr(fake, "dispatch_interaction", recorded)
        answers = Answers()
        assert await play_in_place(table, 6, answers) == 6
    hands = [i for i in sent if i.type == 2]
    clicks = [i for i in sent if i.type == 3]
    assert len(hands) == answers.hands == 2 and len(clicks) == len(answers.clicks) == 6  # one /hand each, then clicks
    assert len(answers.latencies) == 8 and len(answers.offered) == 5  # every answer timed, each turn handed on
    opened = {i.original.id for i in hands if i.original is not None}
    assert {i.message.id for i in clicks if i.message is not None} == opened  # every move on a panel opened once
    assert not [line for line in fake.request_log[calls_before:] if line.startswith("DELETE")]


def test_a_player_sees_the_moves_of_a_panel_as_last_edited():
    def row(*moves: str) -> dict:
        return {"components": [{"type": 1, "components": [button(m) for m in moves]}]}

    def button(move: str) -> dict:
        return {"type": 2, "style": 1, "label": move, "custom_id": f"parlor:t:1:0:a:{move}"}

    panel = FakeMessage(id=1, channel_id=2, guild_id=3, author={"id": "4"})
    panel.apply(row("take", "pass"), [], kind="create")
    assert [label for label, _, _ in moves_on(panel)] == ["take", "pass"]
    panel.apply(row("koikoi"), [], kind="edit")
    assert [label for label, _, _ in moves_on(panel)] == ["koikoi"]
    panel.apply({"components": []}, [], kind="edit")
    assert moves_on(panel) == []
