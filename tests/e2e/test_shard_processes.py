"""Shards: two Parlor processes, each on 2 of 4 shards, against one fake Discord
(served by this test over HTTP and WebSocket) and one PostgreSQL, Koi-Koi tables in 8 guilds across all
shards. One process is killed (SIGKILL) mid-game, while every table waits on a decision, and started again
after those decisions' deadlines passed: its tables come back, their deadlines fire, and every table
finishes exactly as in a run where nothing was killed (the same seeded deals and the same clicks): the
same moves, nothing applied twice, the same ledger lines, standings that add up."""

from __future__ import annotations

import asyncio
import time

import pytest

from localdiscord import LocalDiscord

from .conftest import E2E_STRICTNESS
from .shard_cluster import Table, guilds_on_every_shard, two_processes

pytestmark = pytest.mark.postgres

SHARD_COUNT, GUILDS = 4, 8
TURN_SECONDS = 15  # a table's decision time: the wait for the deadlines that fire mid-game
BEFORE = 4  # moves played by clicks before every table's next decision is left to time out


def timeouts_told(fake: LocalDiscord, channel_id: int) -> set[str]:
    """The distinct "Time ran out for …" lines any public message of the channel ever showed (how many versions
    of the table message showed one depends on how the redraws were coalesced, so only the lines are compared)."""
    return {
        line
        for m in fake.messages.values()
        if m.public and m.channel_id == channel_id
        for text in m.all_texts()
        for line in text.splitlines()
        if "Time ran out for" in line
    }


async def told_in_time(fake: LocalDiscord, channel_id: int, seconds: float) -> None:
    """Wait until the channel shows a "Time ran out" line, for at most ``seconds`` (the test then finds it missing)."""
    end = time.monotonic() + seconds
    while not timeouts_told(fake, channel_id) and time.monotonic() < end:
        await asyncio.sleep(0.1)


async def play_the_scenario(database: str, tmp_path, *, kill: bool) -> dict:
    """Open and play the 8 tables; with ``kill``, kill -9 the process of shards 0,1 once the tables are
    waiting, and start it again after their deadlines passed. What each table did, by guild number."""
    async with LocalDiscord(strict=E2E_STRICTNESS, shard_count=SHARD_COUNT) as fake:
        tables = guilds_on_every_shard(fake, GUILDS, SHARD_COUNT)
        log_prefix = tmp_path / ("kill" if kill else "calm")
        async with two_processes(fake, database, SHARD_COUNT, log_prefix) as (low, high, store):
            await asyncio.gather(*(t.open(store, TURN_SECONDS) for t in tables))
            await asyncio.gather(*(t.play(store, BEFORE) for t in tables))
            killed = [t for t in tables if t.guild in low.guilds()]

            async def kill_and_restart() -> None:
                low.kill()
                await low.process.wait()
                deadlines = [(await store.tables.get(t.id)).deadline for t in killed]
                await asyncio.sleep(max(deadlines) - time.time() + 0.5)  # every deadline passed: nobody served them
                assert [len(await store.tables.actions(t.id)) for t in killed] == [BEFORE] * len(killed)  # none moved
                await low.start()

            # every table's waiting decision times out (the other process's live, the killed one's at its restart),
            # then the table is played to its end by clicks, without waiting for the others (their next deadline runs)
            async def time_out_then_finish(table: Table) -> None:
                await table.wait_actions(store, BEFORE + 1, 3 * TURN_SECONDS)
                # the players look before they play on: the timeout is told in the channel (a redraw is paced, and
                # the moves after it would push its line out of the table's latest lines before it is shown)
                await told_in_time(fake, table.channel.id, TURN_SECONDS)
                await table.play(store)

            await asyncio.gather(*(time_out_then_finish(t) for t in tables), *([kill_and_restart()] if kill else []))
            outcome = {}
            for n, t in enumerate(tables):
                row = await store.tables.get(t.id)
                season = await store.seasons.current(t.guild.id)
                lines = await store.ledger.lines(t.guild.id, table_id=t.id)
                standings = await store.results.standings(t.guild.id, season.id)
                outcome[n] = {
                    "status": row.status,
                    "moves": [(a.seat, a.action, a.source) for a in await store.tables.actions(t.id)],
                    "ledger": sorted((line.seat, line.kind, line.amount, line.placing) for line in lines),
                    "standings": sorted((s.name, s.net, s.games) for s in standings),
                    "sums": sorted((line.name, line.amount) for line in lines),
                    "told": timeouts_told(fake, t.channel.id),
                }
            fake.assert_clean()
            logs = {"low": low.output(), "high": high.output()}
            return outcome | {"killed": [tables.index(t) for t in killed], "logs": logs}


async def test_a_process_killed_mid_game_comes_back_and_every_table_ends_as_if_it_had_not(postgres_server, tmp_path):
    calm, killed = await asyncio.gather(
        play_the_scenario(postgres_server.new_database(), tmp_path, kill=False),
        play_the_scenario(postgres_server.new_database(), tmp_path, kill=True),
    )
    assert killed["killed"] == [0, 1, 4, 5]  # guilds on shards 0 and 1
    for n in range(GUILDS):
        assert killed[n]["status"] == calm[n]["status"] == "finished"
        assert killed[n]["moves"] == calm[n]["moves"]  # the same game, no move lost or applied twice
        assert killed[n]["moves"][BEFORE][2] == "timeout"  # the deadline fired (at the restart for 0, 1, 4, 5)
        assert killed[n]["ledger"] == calm[n]["ledger"] and len(killed[n]["ledger"]) == 2  # one result, written once
        assert killed[n]["standings"] == calm[n]["standings"]
        # the standings add up to the ledger: every player's net is the sum of their lines
        assert sorted((name, net) for name, net, _ in killed[n]["standings"]) == killed[n]["sums"]
        # every timeout was told in the table's channel, the killed process's ones after its restart
        timed_out = sum(source == "timeout" for _, _, source in killed[n]["moves"])
        assert len(killed[n]["told"]) >= 1 and killed[n]["told"] == calm[n]["told"], (
            killed[n]["told"],
            calm[n]["told"],
        )
        assert timed_out >= 1
    # the restarted process brought back its own shards' 4 tables, not the other process's; no process failed
    assert "restored 4 unfinished table(s)" in killed["logs"]["low"]
    assert "restored" not in calm["logs"]["low"] + calm["logs"]["high"] + killed["logs"]["high"]
    for logs in (calm["logs"], killed["logs"]):
        assert not [
            line for text in logs.values() for line in text.splitlines() if " ERROR " in line or "Traceback" in line
        ], logs
