"""Each process keeps to its share of the bot's global rate limit (bot/global_limit.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
from yarl import URL

from bot.global_limit import GLOBAL_PER_SECOND, GlobalPacer, background, counted, share
from bot.shards import Shards
from localdiscord import LocalDiscord, Strictness


def test_each_process_gets_its_shards_share_and_together_they_stay_under_50():
    assert share(None) == GLOBAL_PER_SECOND
    four = [Shards(4, (n,)) for n in range(4)]
    assert [share(s) for s in four] == [12, 12, 12, 12]
    assert share(Shards(4, (0, 1))) + share(Shards(4, (2, 3))) == 50
    assert sum(share(Shards(3, (n,))) for n in range(3)) <= 50
    assert share(Shards(200, (7,))) == 1


def test_interaction_answers_do_not_count():
    assert counted("/api/v10/channels/1/messages")
    assert not counted("/api/v10/interactions/1/token/callback")
    assert not counted("/api/v10/webhooks/1/token/messages/@original")
    assert not counted("/")  # the gateway


async def test_the_pacer_lets_at_most_its_share_through_in_any_window():
    pacer = GlobalPacer(5, window=0.2)
    times: list[float] = []
    loop = asyncio.get_running_loop()

    async def call() -> None:
        await pacer.take()
        times.append(loop.time())

    await asyncio.gather(*(call() for _ in range(16)))
    times.sort()
    assert all(later - earlier >= 0.2 - 0.005 for earlier, later in zip(times, times[5:]))
    assert times[-1] - times[0] >= 3 * 0.2 - 0.005  # 16 calls: four windows' worth


async def test_the_fake_counts_the_global_limit_per_token_across_connections():
    """Discord's global limit is the token's: four connections (as four processes) share the 50 a second."""
    processes = 4
    async with LocalDiscord(strict=Strictness.discord()) as fake:
        await fake.start()
        url = f"{fake.api_base}/users/@me"
        sessions = [aiohttp.ClientSession(headers={"Authorization": "Bot same-token"}) for _ in range(processes)]
        other = aiohttp.ClientSession(headers={"Authorization": "Bot another-token"})
        try:

            async def get(http: aiohttp.ClientSession) -> int:
                async with http.get(url) as response:
                    return response.status

            statuses = await asyncio.gather(*(get(sessions[n % processes]) for n in range(60)))
            assert statuses.count(200) == 50 and statuses.count(429) == 10
            assert await get(other) == 200  # another bot's token has its own 50
        finally:
            for http in (*sessions, other):
                await http.close()


async def test_a_players_call_never_waits_behind_the_emoji_upload():
    """The faces' upload at start-up (background) fills at most half of the share, and any other call waiting
    goes first: a table's edit made while a hundred uploads wait is sent at once."""
    pacer = GlobalPacer(10, window=0.3)
    loop = asyncio.get_running_loop()
    uploads: list[float] = []

    async def upload() -> None:
        await pacer.take_background()
        uploads.append(loop.time())

    started = loop.time()
    uploading = asyncio.gather(*(upload() for _ in range(12)))
    await asyncio.sleep(0.05)  # the uploads have taken what they may
    assert len(uploads) == 5
    edit_asked = loop.time()
    await asyncio.gather(*(pacer.take() for _ in range(5)))  # five table edits: the other half, at once
    assert loop.time() - edit_asked < 0.02
    await uploading
    assert len(uploads) == 12 and uploads[-1] - started >= 2 * 0.3 - 0.005  # the rest waited for their window
    times = sorted(pacer.sent)
    assert all(later - earlier >= 0.3 - 0.005 for earlier, later in zip(times, times[10:]))


async def test_emoji_calls_are_the_background_ones():
    assert background("/api/v10/applications/1/emojis") and background("/api/v10/applications/1/emojis/2")
    assert not background("/api/v10/channels/1/messages/2")


def request(path: str) -> SimpleNamespace:
    """What aiohttp hands a trace hook before a request: its URL."""
    return SimpleNamespace(url=URL(f"https://discord.com{path}"))


TABLE_EDIT = request("/api/v10/channels/1/messages/2")


async def test_a_turn_taken_before_its_request_counts_it_once_as_it_is_sent():
    """A table's redraw waits for its turn first and builds its frame then: the request it sends uses that turn (not
    counted again), counted from when it is sent however long the frame took; a second request takes its own."""
    now = [0.0]
    pacer = GlobalPacer(3, window=1.0, clock=lambda: now[0])
    async with pacer.turn():
        assert list(pacer.sent) == [0.0]
        now[0] = 0.4  # the frame was built and its picture drawn meanwhile
        await pacer.on_request_start(None, None, TABLE_EDIT)
        assert list(pacer.sent) == [0.4]
        await pacer.on_request_start(None, None, TABLE_EDIT)  # a ping after the table: a turn of its own
        assert list(pacer.sent) == [0.4, 0.4]
    assert list(pacer.sent) == [0.4, 0.4]


async def test_a_turn_no_request_used_is_given_back_and_one_that_left_the_window_is_not_reused():
    now = [0.0]
    pacer = GlobalPacer(1, window=1.0, clock=lambda: now[0])
    async with pacer.turn():
        pass  # the table showed its latest state already: nothing sent
    assert not pacer.sent
    async with pacer.turn():
        now[0] = 1.5  # the request came after its turn had left the window: it takes a turn of its own, now
        await pacer.on_request_start(None, None, TABLE_EDIT)
    assert list(pacer.sent) == [1.5]
    now[0] = 3.0
    async with pacer.turn():  # an interaction's answer, which the global limit does not count, uses no turn
        await pacer.on_request_start(None, None, request("/api/v10/interactions/1/token/callback"))
    assert not pacer.sent
