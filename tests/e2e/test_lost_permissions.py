"""A channel that takes a permission away from Parlor costs it (next to) no invalid requests — Discord bans an IP
for a while past 10,000 answers of 401, 403 or 429 in 10 minutes — and its table catches up once the permission
is given back: Parlor checks the permissions the gateway gave it before a call, and a channel that refused a call
anyway is not called again until its permissions change or a slow probe is due."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from bot.access import PROBE_AFTER
from localdiscord import LocalDiscord, run_client
from localdiscord.world import World

from .conftest import E2E_STRICTNESS, make_bot

MISSING = "permission is missing"


@dataclass
class Away:
    """What the tables went through while Parlor could not post in their channels."""

    tables: int
    invalid_before: int  # invalid requests (401, 403, 429) the fake answered while the tables opened
    invalid_while_away: int  # … while the permission was away
    invalid_in_all: int
    finished: int  # tables whose game ended
    caught_up: int  # tables whose channel shows the game's end: the table without "My hand", its result posted
    told: int  # missing-permission notices (one per table at most)
    seconds: float


async def eventually(condition, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds (the periodic probe's redraws run on their own)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.05)


def names(message) -> set[str]:
    return {label for label, _, _ in message.buttons()}


async def open_table(fake: LocalDiscord, channel, host, guest):
    lobby = await host.slash("play", "koikoi", months=1, _channel=channel)
    await guest.click(lobby, "Join")
    await host.click(lobby, "Start")
    return lobby.message


async def send_messages_away(fake: LocalDiscord, bot, count: int, *, away: float = 600.0) -> Away:
    """``count`` one-month Koi-Koi tables, each in a channel of its own (``table-<n>``) between two players. Mid-game
    Parlor loses Send Messages in every channel (an admin's overwrite: the gateway says so); each host resigns
    meanwhile (a bot plays their seat); ``away`` seconds of the fake clock later the permission is given back and
    each guest resigns too, so that bots finish every game."""
    started = time.perf_counter()
    channels = [fake.get_channel(f"table-{n}") for n in range(count)]
    players = [(fake.add_user(f"host{n}"), fake.add_user(f"guest{n}")) for n in range(count)]
    tables = await asyncio.gather(*(open_table(fake, channel, *pair) for channel, pair in zip(channels, players)))
    await fake.wait_idle(timeout=60)
    await bot.tables.idle()
    before = fake.invalid_requests.total
    for channel in channels:
        fake.deny(channel, "send_messages")
    await fake.wait_idle()
    await asyncio.gather(*(host.slash("resign", _channel=channel) for channel, (host, _) in zip(channels, players)))
    await fake.wait_idle(timeout=60)
    await bot.tables.idle()
    fake.clock.advance(away)
    invalid_while_away = fake.invalid_requests.total - before
    shown_before = {channel.id: len(fake.public_messages(channel)) for channel in channels}
    for channel in channels:
        fake.allow(channel, "send_messages")
    await fake.wait_idle(timeout=60)
    await asyncio.gather(*(guest.slash("resign", _channel=channel) for channel, (_, guest) in zip(channels, players)))
    await fake.wait_idle(timeout=60)
    await bot.tables.idle()
    await fake.wait_idle(timeout=60)
    games = [
        bot.tables.in_channel(c.id) or next(t for t in bot.tables.tables.values() if t.channel_id == c.id)
        for c in channels
    ]
    caught_up = sum(
        1
        for channel, table in zip(channels, tables)
        if not table.deleted
        and "My hand" not in names(table)
        and len(fake.public_messages(channel)) > shown_before[channel.id]
    )
    told = sum(1 for m in fake.messages.values() if MISSING in (m.content or ""))  # direct messages included
    return Away(
        count,
        before,
        invalid_while_away,
        fake.invalid_requests.total,
        sum(t.status == "finished" for t in games),
        caught_up,
        told,
        time.perf_counter() - started,
    )


async def test_tables_whose_channel_lost_send_messages_spend_no_invalid_request_and_finish_when_it_is_back(db):
    async with LocalDiscord(strict=E2E_STRICTNESS, channels=tuple(f"table-{n}" for n in range(4))) as fake:
        bot = make_bot(fake, db)
        async with run_client(fake, bot):
            away = await send_messages_away(fake, bot, 4)
    assert away.invalid_in_all <= away.tables, away  # at most one per table; none when the gateway said so
    assert away.invalid_while_away == 0, away
    assert away.finished == away.caught_up == 4, away
    assert away.told == 4, away  # each host told once (privately: Parlor cannot post there)


async def test_a_channel_that_refused_a_call_is_not_called_again_but_by_a_slow_probe(fake, db):
    """The gateway never says Parlor lost View Channel, nor that it got it back (updates missed): one 403, then no
    call to that channel while the game plays to its end; one probe each ``PROBE_AFTER`` (refused, then taken once
    the permission is back), and the game's end shown."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    bot.probe_every = 0.2  # how often the tables that missed a call are drawn again (a probe only when one is due)
    async with run_client(fake, bot):
        table = await open_table(fake, fake.channel, alice, bob)
        await fake.wait_idle()
        game = bot.tables.in_channel(fake.channel.id)
        World.set_overwrite(fake, fake.channel, "view_channel", allow=False)  # no CHANNEL_UPDATE: Parlor thinks it may
        await alice.slash("resign")  # a redraw: refused (403 50001), the channel closed
        await fake.wait_idle()
        await bot.tables.idle()
        assert fake.invalid_requests.by_status == {403: 1}
        calls = len(fake.request_log)
        await bob.slash("resign")  # bots play the game to its end: nothing goes to the channel
        await fake.wait_idle()
        await bot.tables.idle()
        await asyncio.sleep(0.5)
        assert game.status == "finished"
        assert not [line for line in fake.request_log[calls:] if f"/channels/{fake.channel.id}/" in line]
        assert fake.invalid_requests.by_status == {403: 1}
        bot.presenter.access.clock = lambda: time.monotonic() + PROBE_AFTER + 1
        await eventually(lambda: fake.invalid_requests.total == 2)  # a probe is due: one call, refused again
        await asyncio.sleep(0.5)
        assert fake.invalid_requests.by_status == {403: 2}  # and the channel closed again
        World.set_overwrite(fake, fake.channel, "view_channel", allow=True)  # given back, the gateway silent again
        await asyncio.sleep(0.5)
        assert "My hand" in names(table) and fake.invalid_requests.by_status == {403: 2}  # no probe due yet
        bot.presenter.access.clock = lambda: time.monotonic() + 2 * (PROBE_AFTER + 1)
        await eventually(lambda: "My hand" not in names(table))  # the next probe is taken: the table drawn
        await fake.wait_idle()
        assert not table.deleted and game.id not in bot.presenter.reported  # the game's end shown
        assert fake.invalid_requests.by_status == {403: 2}


async def test_without_embed_links_the_table_keeps_its_embed_and_the_host_is_told(fake, db):
    """Discord takes an edit without Embed Links but drops its embed: Parlor sees the permission missing first and
    leaves the table message as it is (it never loses its embed), tells the host once, and draws the table again
    when the permission is back."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await open_table(fake, fake.channel, alice, bob)
        await fake.wait_idle()
        game = bot.tables.in_channel(fake.channel.id)
        fake.deny(fake.channel, "embed_links")
        await fake.wait_idle()
        versions = len(table.versions)
        await alice.slash("resign")
        await bob.slash("resign")
        await fake.wait_idle()
        await bot.tables.idle()
        assert game.status == "finished"
        assert len(table.versions) == versions and table.embeds and "My hand" in names(table)
        assert [v for v in table.versions if not v.embeds] == []  # never shown without its embed
        told = [m for m in fake.messages.values() if MISSING in (m.content or "")]
        assert len(told) == 1 and "Embed Links" in told[0].content
        assert fake.invalid_requests.total == 0
        fake.allow(fake.channel, "embed_links")
        await fake.wait_idle()
        await bot.tables.idle()
        await fake.wait_idle()
        assert table.embeds and "My hand" not in names(table)  # the game's end shown, with its embed
