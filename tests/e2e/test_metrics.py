"""The Prometheus endpoint (PARLOR_METRICS_PORT), scraped over HTTP while users play against
the fake Discord: the counts move as the users' actions did, and no label carries anything but fixed words."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import time
from pathlib import Path

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.main import ParlorBot
from bot.metrics import INVALID, KINDS, SCOPES
from games import game_names
from localdiscord import run_client
from localdiscord.strict import BucketRule

from .conftest import make_settings
from .test_simultaneous_decisions import panel_of

TIMED_OUT = "Time ran out"


def metrics_bot(fake, db, turn_seconds: int = 60) -> ParlorBot:
    seeds = (f"{n:032x}" for n in range(1000))
    settings = dataclasses.replace(make_settings(fake, db, turn_seconds), metrics_port=0)  # 0: any free port
    return ParlorBot(
        settings, bot_delay=0.0, new_seed=lambda: next(seeds), upload_faces=False
    )  # its counts: no emoji upload


class Scrape:
    """One scrape of the endpoint: every sample, by name and labels."""

    def __init__(self, text: str) -> None:
        self.samples = [sample for family in text_string_to_metric_families(text) for sample in family.samples]

    def __call__(self, name: str, **labels: str) -> float:
        found = [s.value for s in self.samples if s.name == name and s.labels == labels]
        assert len(found) == 1, (name, labels, found)
        return found[0]


async def scrape(port: int) -> Scrape:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/plain")
        return Scrape(await answer.text())


def answered(scraped: Scrape, kind: str) -> tuple[float, float]:
    """How many interactions of this kind were answered, and how many answer latencies were observed."""
    return scraped("parlor_interactions_answered_total", kind=kind), scraped(
        "parlor_answer_latency_seconds_count", kind=kind
    )


async def test_the_endpoint_counts_what_the_players_did(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = metrics_bot(fake, db, turn_seconds=4)
    async with run_client(fake, bot):
        port = bot.metrics.port
        before = await scrape(port)
        for game in game_names():
            assert before("parlor_tables_open", game=game, status="lobby") == 0
            assert before("parlor_tables_open", game=game, status="playing") == 0
        assert answered(before, "application_command") == answered(before, "component") == (0, 0)
        assert before("parlor_deadlines_fired_total") == 0

        lobby = await alice.slash("play", "koikoi", months=1)
        await fake.wait_idle()
        opened = await scrape(port)
        assert opened("parlor_tables_open", game="koikoi", status="lobby") == 1
        assert answered(opened, "application_command") == (1, 1)

        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        table = bot.tables.in_channel(fake.channel.id)
        mover = alice if table.seat_of(alice.id) in table.to_act() else bob
        panel = await panel_of(fake, mover)  # "My hand"
        move = next(c for _, c, disabled in panel.buttons() if c and ":a:" in c and not disabled)
        await mover.click(panel, move)
        await fake.wait_idle()
        playing = await scrape(port)
        assert playing("parlor_tables_open", game="koikoi", status="lobby") == 0
        assert playing("parlor_tables_open", game="koikoi", status="playing") == 1
        assert answered(playing, "application_command") == (1, 1)
        assert answered(playing, "component") == (4, 4)  # Join, Start, My hand, the move
        assert playing("parlor_answer_latency_seconds_bucket", kind="component", le="3.0") == 4  # within Discord's 3 s
        assert playing("parlor_answer_latency_seconds_sum", kind="component") > 0
        assert playing("parlor_deadlines_fired_total") == 0

        deadline = time.monotonic() + 10  # nobody plays on: the next decision's 4 s run out
        while TIMED_OUT not in "\n".join(fake.all_public_texts()):
            assert time.monotonic() < deadline, "no deadline fired"
            await asyncio.sleep(0.1)
        timed_out = await scrape(port)
        assert timed_out("parlor_deadlines_fired_total") == "\n".join(fake.all_public_texts()).count(TIMED_OUT) == 1
        assert answered(timed_out, "component") == (4, 4)  # the bot's move is nobody's interaction

        for sample in timed_out.samples:  # only fixed words in labels: no card, user, channel or token
            labels = dict(sample.labels)
            labels.pop("le", None)
            assert set(labels) <= {"kind", "scope", "game", "status"}, sample
            assert labels.get("kind", KINDS[0]) in KINDS and labels.get("scope", SCOPES[0]) in (*SCOPES, "unknown")
            assert labels.get("game", "koikoi") in game_names()
            if "status" in labels:  # a table's (with its game) or an invalid request's
                assert labels["status"] in (("lobby", "playing") if "game" in labels else INVALID), sample
    with pytest.raises(aiohttp.ClientConnectionError):  # closed with the bot
        await scrape(port)


async def test_discord_429s_are_counted_by_scope(fake, db):
    fake.strict = fake.strict.with_(rate_limits=True, hour_old_edits=BucketRule(3, 0.5))
    bot = metrics_bot(fake, db)
    async with run_client(fake, bot):
        message = await bot.get_channel(fake.channel.id).send("an old message")
        fake.clock.advance(3601)  # edits of hour-old messages are throttled (30046, scope "shared")
        for n in range(5):
            await message.edit(content=f"edit {n}")  # discord.py waits out each 429 and retries
        scraped = await scrape(bot.metrics.port)
    hits = fake.rate_limiter.hits
    assert hits and all(hit["code"] == 30046 for hit in hits)
    assert scraped("parlor_discord_rate_limited_total", scope="shared") == len(hits)
    assert scraped("parlor_discord_rate_limited_total", scope="user") == 0
    assert scraped("parlor_discord_invalid_requests_total", status="429") == 0  # shared: not held against Parlor


async def test_invalid_requests_are_counted_by_status_as_the_fake_counts_them(fake, db):
    bot = metrics_bot(fake, db)
    async with run_client(fake, bot):
        channel = bot.get_channel(fake.channel.id)
        fake.strict = fake.strict.with_(global_limit=BucketRule(1, 0.3))
        await asyncio.gather(channel.send("hello"), bot.fetch_channel(channel.id), bot.fetch_user(bot.user.id))
        fake.strict = fake.strict.with_(global_limit=BucketRule(50, 1.0))  # global 429s, waited out and retried
        fake.deny(fake.channel, "send_messages")
        await fake.wait_idle()
        for _ in range(2):
            with pytest.raises(discord.Forbidden):
                await channel.send("refused")
        scraped = await scrape(bot.metrics.port)
    assert fake.invalid_requests.by_status.get(403) == 2 and fake.invalid_requests.by_status.get(429, 0) >= 1
    for status in INVALID:
        assert scraped("parlor_discord_invalid_requests_total", status=status) == fake.invalid_requests.by_status.get(
            int(status), 0
        ), status


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (Linux: its socket inodes in /proc/net/tcp*, state LISTEN)."""
    fds = Path("/proc/self/fd")
    inodes = {
        link[8:-1] for link in (os.readlink(fd) for fd in fds.iterdir() if fd.exists()) if link.startswith("socket:[")
    }
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def test_without_the_setting_no_port_is_opened(fake, db):
    bot = ParlorBot(make_settings(fake, db), bot_delay=0.0)
    assert bot.settings.metrics_port is None
    before = listening_ports()  # the fake Discord's own
    async with run_client(fake, bot):
        await fake.add_user("alice").slash("play", "koikoi")
        await fake.wait_idle()
        assert listening_ports() == before and bot.metrics.port is None
    served = metrics_bot(fake, db)
    async with run_client(fake, served):  # the same check sees the endpoint when there is one
        assert listening_ports() == before | {served.metrics.port}
