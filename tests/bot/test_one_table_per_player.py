"""One open table per player per server, held by the database under concurrency: Join pressed on three
lobbies at the same moment (through one process or two) seats the player once, and a host seated in a lobby
cannot open a second table. A player who resigned from a running game may sit down elsewhere. On SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.seating import SeatedElsewhere
from bot.store import StaleVersion, Store
from bot.tables import Refusal, TableManager
from tests.bot import managed_tables
from tests.bot.managed_tables import new_manager

GUILD, OTHER_GUILD, CHANNEL = 10, 11, 100
HOSTS, PLAYER = (1, 2, 3), 9
ELSEWHERE = r"You are already seated at a table in <#\d+>\. Leave it first\."


def seat(user: int) -> dict:
    return {"user_id": user, "name": f"user{user}", "bot": False}


async def test_joins_at_once_from_two_processes_seat_a_player_once(store_url):
    first, second = await Store.open(store_url), await Store.open(store_url)
    try:
        lobbies = [
            await first.tables.create(GUILD, CHANNEL + n, "koikoi", {}, host, [seat(host)], 60)
            for n, host in enumerate(HOSTS)
        ]

        async def join(store: Store, lobby):
            try:
                return await store.tables.update_lobby(lobby.id, [*lobby.seats, seat(PLAYER)], lobby.version)
            except (SeatedElsewhere, StaleVersion) as refused:  # seated elsewhere; or the lobby changed meanwhile
                return refused

        done = await asyncio.gather(*(join(store, lobby) for lobby in lobbies for store in (first, second)))
        joined = [d for d in done if not isinstance(d, (SeatedElsewhere, StaleVersion))]
        assert len(joined) == 1  # six Join clicks on three lobbies from two processes: one seat
        seated_at = [t.id for t in await second.tables.unfinished() if PLAYER in {s["user_id"] for s in t.seats}]
        assert seated_at == [joined[0].id]
        assert {d.table_id for d in done if isinstance(d, SeatedElsewhere)} == {joined[0].id}

        with pytest.raises(SeatedElsewhere):  # nor may they host a table of their own in that server
            await second.tables.create(GUILD, CHANNEL + 9, "koikoi", {}, PLAYER, [seat(PLAYER)], 60)
        elsewhere = await second.tables.create(OTHER_GUILD, CHANNEL + 10, "koikoi", {}, PLAYER, [seat(PLAYER)], 60)
        assert elsewhere.status == "lobby"  # another server is another matter
    finally:
        await first.close()
        await second.close()


async def manager_on(url: str) -> TableManager:
    return await new_manager(url, new_seed=lambda: "0" * 32)


async def open_lobby(manager: TableManager, host: int, channel: int, guild: int = GUILD):
    return await managed_tables.open_lobby(
        manager, "koikoi", {}, guild=guild, channel=channel, host=(host, f"user{host}")
    )


async def test_three_join_clicks_at_once_seat_the_player_at_one_table(store_url):
    manager = await manager_on(store_url)
    try:
        lobbies = [await open_lobby(manager, host, CHANNEL + n) for n, host in enumerate(HOSTS)]
        done = await asyncio.gather(*(manager.join(t.id, PLAYER, "player") for t in lobbies), return_exceptions=True)

        refused = [d for d in done if isinstance(d, Refusal)]
        assert len(refused) == 2 and all(re.fullmatch(ELSEWHERE, str(r)) for r in refused)
        assert [t.seat_of(PLAYER) is not None for t in lobbies].count(True) == 1
        stored = [t for t in await manager.store.tables.unfinished() if PLAYER in {s["user_id"] for s in t.seats}]
        assert [t.id for t in stored] == [t.id for t in lobbies if t.seat_of(PLAYER) is not None]
    finally:
        await manager.close()
        await manager.store.close()


async def test_a_seated_host_cannot_open_a_second_table_but_a_resigned_player_can(store_url):
    manager = await manager_on(store_url)
    try:
        lobby = await open_lobby(manager, HOSTS[0], CHANNEL)
        with pytest.raises(Refusal, match=ELSEWHERE):
            await open_lobby(manager, HOSTS[0], CHANNEL + 1)
        assert [t.channel_id for t in await manager.store.tables.unfinished()] == [CHANNEL]

        await manager.join(lobby.id, HOSTS[1], "user2")
        await manager.start(lobby.id, HOSTS[0])
        await manager.resign(lobby.id, HOSTS[0])  # a bot plays their seat: they are free to sit elsewhere
        await manager.idle()
        again = await open_lobby(manager, HOSTS[0], CHANNEL + 1)
        assert again.seat_of(HOSTS[0]) == 0
    finally:
        await manager.close()
        await manager.store.close()
