"""One table per player per server, through Discord: Join pressed on three lobbies at the same moment seats
the player at one of them, and the two other clicks get a polite private answer saying where they sit; the
lobbies they were refused show no trace of them. A player seated in a lobby who opens /play elsewhere in
the server is refused the same way."""

from __future__ import annotations

import asyncio
import re

from localdiscord import run_client

from .conftest import make_bot

ELSEWHERE = re.compile(r"You are already seated at a table in <#(\d+)>\. Leave it first\.")


async def test_three_joins_at_once_seat_a_player_once_and_tell_the_others_privately(fake, db):
    channels = [fake.channel, fake.add_channel("second"), fake.add_channel("third")]
    hosts = [fake.add_user(f"host{n}") for n in range(3)]
    player = fake.add_user("player")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        lobbies = [await host.slash("play", "koikoi", _channel=channel) for host, channel in zip(hosts, channels)]
        answers = await asyncio.gather(*(player.click(lobby, "Join") for lobby in lobbies))

        tables = [bot.tables.in_channel(channel.id) for channel in channels]
        seated = [t for t in tables if t.seat_of(player.id) is not None]
        assert len(seated) == 1
        refused = [a for a in answers if a.ephemeral_to == player.id]
        assert len(refused) == 2
        for answer in refused:
            assert int(ELSEWHERE.fullmatch(answer.text())[1]) == seated[0].channel_id
        shown = [lobby for lobby in lobbies if f"<@{player.id}>" in lobby.text()]  # the lobby messages as now
        assert [fake.messages[m.id].channel_id for m in shown] == [seated[0].channel_id]

        again = await player.slash("play", "koikoi", _channel=fake.add_channel("fourth"))
        assert again.ephemeral_to == player.id and ELSEWHERE.fullmatch(again.text())
    fake.assert_clean()
