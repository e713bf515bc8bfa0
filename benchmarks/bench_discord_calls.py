"""Benchmark (not a test): the CPU a bot process spends on each kind of Discord call a move makes, through Parlor's
calls (``bot/message_edits.py``), discord.py and aiohttp, on uvloop's event loop (as ``ParlorBot.run``).

    .venv/bin/python -m benchmarks.bench_discord_calls [--calls 300] [--rounds 2] [--against DIR] [--profile DIR]

The local Discord is served by this process; the calls are made by a child process (a plain discord.py client),
which reads its own CPU time around each call; the figure of a kind is its calls' median (the machine's other work
makes a few calls much slower). A move's calls, each uploading a new 40 KB picture with an embed and a
button: the click answered by editing the clicked panel (``POST /interactions/{id}/{token}/callback``, UPDATE_MESSAGE),
the other player's panel edited through its interaction's token (``PATCH /webhooks/{app}/{token}/messages/@original``),
and the table message edited (``PATCH /channels/{c}/messages/{m}``). The figures are the child's CPU per call, the
server's not included.

``--against DIR`` runs the same calls with the code of another checkout (its ``bot/``), alternating with this one
``--rounds`` times, for figures side by side in one run. ``--profile DIR`` writes each child's profile of its calls
(cProfile timed by CPU time) there, one file per checkout and round.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import aiohttp
import discord

from benchmarks.command_line import Option, Options, read
from localdiscord import LocalDiscord
from localdiscord.models import FakeInteraction
from localdiscord.server import point_discord_at

ROOT = Path(__file__).resolve().parent.parent
PICTURE_BYTES = 40_000  # about a hand panel's picture
KINDS = ("answer in place", "panel edit", "table edit")
BUTTON = 2
WARM_UP = 20  # clicks whose calls are not counted
# the pacer's share: its bookkeeping is counted, but it holds no call (the calls here come faster than a bot's share,
# and calls spaced out by waits each cost more CPU, their caches gone cold: a wait is not the call's cost)
NEVER_HELD = 1_000_000


def fields(n: int) -> dict[str, Any]:
    """What a panel or a table shows, with a new picture each time (as ``bot/payload.py``'s ``message_args``)."""
    embed = discord.Embed(title=f"Koi-Koi · month {n}", description="Each card takes:\n" + "• a line\n" * 12)
    embed.add_field(name="Latest", value="\n".join(f"line {i}" for i in range(8)), inline=False)
    embed.set_image(url="attachment://hand.png")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="My hand", custom_id=f"parlor:t:{n}:0:hand"))
    view.stop()  # finished: discord.py keeps no view waiting for it (as Parlor's panels)
    picture = random.Random(n).randbytes(PICTURE_BYTES)
    return {
        "content": f"Turn: <@{n}>",
        "embed": embed,
        "view": view,
        "attachments": [discord.File(io.BytesIO(picture), "hand.png")],
    }


async def calls(clicks: list[Any], channel_id: int, table_id: int, profile: Path | None) -> dict[str, float]:
    """CPU microseconds per call of each kind: per click of ``clicks`` (interactions' payloads), its answer in place,
    its panel's edit, and an edit of the table message ``table_id``."""
    from bot.global_limit import GlobalPacer  # the code measured (``--against``)
    from bot.message_edits import answer_in_place, edit_message, edit_original

    client = await bot_client(bot_trace(GlobalPacer(NEVER_HELD)))
    spent: dict[str, list[float]] = {kind: [] for kind in KINDS}
    profiler: Any = None
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)

    async def timed(kind: str, call: Awaitable[Any]) -> None:
        started = time.process_time()  # the call's coroutine runs only once awaited: all of it is counted
        if profiler is not None:
            profiler.enable()
        await call
        if profiler is not None:
            profiler.disable()
        spent[kind].append(time.process_time() - started)

    try:
        for n, data in enumerate(clicks):
            click = discord.Interaction(data=data, state=client._connection)
            await timed("answer in place", answer_in_place(click, **fields(3 * n)))
            await timed("panel edit", edit_original(click, **fields(3 * n + 1)))
            await timed("table edit", edit_message(client, channel_id, table_id, **fields(3 * n + 2)))
            if n + 1 == WARM_UP:  # the first calls open the connection and load code: not a move's cost
                spent = {kind: [] for kind in KINDS}
    finally:
        await client.close()
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
    return {kind: statistics.median(times) * 1e6 for kind, times in spent.items()}


async def bot_client(trace: aiohttp.TraceConfig) -> discord.Client:
    """A client logged in, its requests heard by ``trace``'s hooks as the bot's (``bot/main.py``): through
    ``bot/http_hooks.py`` once logged in, or where the code measured has none, through aiohttp's tracing."""
    client = discord.Client(intents=discord.Intents.none(), http_trace=trace)
    await client.login("fake-token")
    try:
        from bot.http_hooks import hook_requests
    except ImportError:
        return client
    hook_requests(client.http, trace)
    return client


def bot_trace(pacer: Any) -> aiohttp.TraceConfig:
    """The trace a bot's HTTP session has (``bot/main.py``): the global pacer before each request, and the metrics'
    and the command sync's hooks (here doing nothing) after it."""
    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(pacer.on_request_start)
    trace.on_request_end.append(nothing)
    trace.on_request_exception.append(nothing)
    return trace


async def nothing(*args: Any) -> None:
    pass


def child(url: str, setup: str, profile: str) -> None:
    point_discord_at(url)
    import uvloop

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    given = json.loads(Path(setup).read_text())
    figures = asyncio.run(calls(given["clicks"], given["channel"], given["table"], Path(profile) if profile else None))
    import bot

    print(json.dumps(figures | {"code": str(Path(bot.__file__).parent.parent)}))


async def clicks_on_panels(fake: LocalDiscord, count: int) -> list[dict[str, Any]]:
    """``count`` clicks of a player, each on a hand panel of its own (an ephemeral message of the bot's), as the
    gateway would deliver them; their time to be answered starts now."""
    player = fake.add_user("player")
    payloads = []
    for n in range(count):
        panel = await fake.create_message(fake.channel, {"content": f"panel {n}"}, [], ephemeral_to=player.id)
        click: FakeInteraction = fake.new_interaction(
            user_id=player.id,
            type=3,
            data={"custom_id": f"parlor:t:{n}:0:hand", "component_type": BUTTON},
            channel=fake.channel,
            message=panel,
        )
        click.dispatched_at = click.last_activity = time.monotonic()
        click.born = fake.clock.now()
        payloads.append(fake.interaction_payload(click))
    return payloads


def measured(fake: LocalDiscord, setup: Path, code: Path, profile: Path | None) -> dict[str, float]:
    """One child's figures, running this file's calls with ``code``'s ``bot/`` (run as a script from ``code``, so that
    every import is of that checkout)."""
    run = subprocess.run(
        [sys.executable, __file__, "--child", fake.base_url, str(setup), str(profile or "")],
        env=dict(os.environ, PYTHONPATH=str(code)),
        cwd=code,
        stdout=subprocess.PIPE,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"the client with {code}'s code failed (exit {run.returncode})")
    return json.loads(run.stdout.decode().strip().splitlines()[-1])


async def main(count: int, rounds: int, against: Path | None, profile: Path | None) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {count} moves' calls per run", flush=True)
    codes = [ROOT] + ([against.resolve()] if against else [])
    figures: dict[Path, list[dict[str, Any]]] = {code: [] for code in codes}
    # the clicks of a run are made at once, and answered one after the other over more than Discord's 3 s
    async with LocalDiscord(ack_deadline=3600.0) as fake:
        table = await fake.create_message(fake.channel, {"content": "the table"}, [])
        with tempfile.TemporaryDirectory() as folder:
            for round_ in range(rounds):
                for number, code in enumerate(codes):
                    setup = Path(folder) / "setup.json"
                    clicks = await clicks_on_panels(fake, count + WARM_UP)
                    setup.write_text(json.dumps({"clicks": clicks, "channel": fake.channel.id, "table": table.id}))
                    stats = profile / f"calls-{number}-{round_}.pstats" if profile else None
                    run = await asyncio.to_thread(measured, fake, setup, code, stats)
                    assert run.pop("code") == str(code), f"the calls were not made with {code}'s code"
                    figures[code].append(run)
    print(f"{'CPU per call (µs)':18s}" + "".join(f"{str(code):>28s}" for code in codes))
    for kind in KINDS:
        print(f"{kind:18s}" + "".join(f"{' / '.join(f'{r[kind]:.0f}' for r in figures[code]):>28s}" for code in codes))


def read_runs(doc: str, against: str, profile: str) -> Options:
    """The options of a benchmark making a move's calls in runs of two checkouts, alternating: ``--calls``,
    ``--rounds``, ``--against`` and ``--profile`` (its folder made), ``against`` and ``profile`` saying what they
    are there."""
    options = read(
        doc,
        calls=Option(300, "moves' calls per run"),
        rounds=Option(2, "runs of each checkout, alternating"),
        against=Option(None, against, kind=Path),
        profile=Option(None, profile, kind=Path),
    )
    if options.profile:
        options.profile.mkdir(parents=True, exist_ok=True)
    return options


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:5])
    else:
        options = read_runs(
            __doc__, "another checkout whose code makes the same calls", "a folder for each run's profile of its calls"
        )
        asyncio.run(main(options.calls, options.rounds, options.against, options.profile))
