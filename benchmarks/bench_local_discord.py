"""Benchmark (not a test): the CPU the local Discord (``localdiscord/``) spends serving each kind of Discord call a move
makes, the same calls ``bench_discord_calls`` makes: the click answered by editing the clicked panel (``POST
/interactions/{id}/{token}/callback``, UPDATE_MESSAGE), the other player's panel edited through its interaction's
token (``PATCH /webhooks/{app}/{token}/messages/@original``) and the table message edited (``PATCH
/channels/{c}/messages/{m}``), each uploading a new 40 KB picture with an embed and a button.

    .venv/bin/python -m benchmarks.bench_local_discord [--calls 300] [--rounds 2] [--against DIR] [--profile DIR]

The local Discord runs in a child process, with the code of this checkout or of ``--against DIR`` (alternating,
``--rounds`` times each, for figures side by side in one run); this process makes the calls through Parlor's calls
and discord.py, the same code for both, and reads the child's CPU time from /proc before and after each kind's calls
(its own only: the figures are the fake's CPU per call, the client's not included). ``--profile DIR``: each child's
profile of its serving (cProfile timed by CPU time), one file per checkout and round.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord

import localdiscord
from benchmarks.bench_discord_calls import (
    NEVER_HELD,
    WARM_UP,
    bot_client,
    bot_trace,
    clicks_on_panels,
    fields,
    read_runs,
)
from benchmarks.proc_cpu import tree_cpu
from localdiscord import LocalDiscord
from localdiscord.server import point_discord_at

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("answer in place", "panel edit", "table edit")


async def serve(count: int, profile: str) -> None:
    """The child: a local Discord with ``count`` clicks waiting to be answered, described on stdout as one JSON line;
    it serves until stdin closes."""
    profiler: Any = None
    if profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)
    async with LocalDiscord(ack_deadline=3600.0) as fake:
        table = await fake.create_message(fake.channel, {"content": "the table"}, [])
        clicks = await clicks_on_panels(fake, count)
        served_by = str(Path(localdiscord.__file__).resolve().parent.parent)
        setup = {
            "url": fake.base_url,
            "clicks": clicks,
            "channel": fake.channel.id,
            "table": table.id,
            "code": served_by,
        }
        print(json.dumps(setup), flush=True)
        if profiler is not None:
            profiler.enable()
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)


async def calls(child: subprocess.Popen[bytes], setup: dict[str, Any]) -> dict[str, float]:
    """The child's CPU microseconds per call of each kind, for the clicks of ``setup`` after the first ``WARM_UP``."""
    from bot.global_limit import GlobalPacer
    from bot.message_edits import answer_in_place, edit_message, edit_original

    undo = point_discord_at(setup["url"])
    client = await bot_client(bot_trace(GlobalPacer(NEVER_HELD)))
    made = [discord.Interaction(data=data, state=client._connection) for data in setup["clicks"]]
    kinds: dict[str, Callable[[int, discord.Interaction], Awaitable[Any]]] = {
        "answer in place": lambda n, click: answer_in_place(click, **fields(3 * n)),
        "panel edit": lambda n, click: edit_original(click, **fields(3 * n + 1)),
        "table edit": lambda n, click: edit_message(client, setup["channel"], setup["table"], **fields(3 * n + 2)),
    }
    figures: dict[str, float] = {}
    try:
        for kind, call in kinds.items():
            for n, click in enumerate(made[:WARM_UP]):
                await call(n, click)
            before = tree_cpu(child.pid)[0]
            for n, click in enumerate(made[WARM_UP:], WARM_UP):
                await call(n, click)
            figures[kind] = (tree_cpu(child.pid)[0] - before) * 1e6 / max(len(made) - WARM_UP, 1)
    finally:
        await client.close()
        undo()
    return figures


def measured(code: Path, count: int, profile: Path | None) -> dict[str, float]:
    """One child's figures: the local Discord of ``code`` (run as a script from ``code``, so that every import is of
    that checkout) serving this process's calls."""
    child = subprocess.Popen(
        [sys.executable, __file__, "--child", str(count), str(profile or "")],
        env=dict(os.environ, PYTHONPATH=str(code)),
        cwd=code,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stdin is not None
    try:
        setup = json.loads(child.stdout.readline().decode())
        assert setup["code"] == str(code), f"the local Discord was not served with {code}'s code"
        return asyncio.run(calls(child, setup))
    finally:
        child.stdin.close()
        child.wait(timeout=60)


def main(count: int, rounds: int, against: Path | None, profile: Path | None) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {count} moves' calls per run", flush=True)
    codes = [ROOT] + ([against.resolve()] if against else [])
    figures: dict[Path, list[dict[str, float]]] = {code: [] for code in codes}
    for round_ in range(rounds):
        for number, code in enumerate(codes):
            stats = profile / f"local-discord-{number}-{round_}.pstats" if profile else None
            figures[code].append(measured(code, count + WARM_UP, stats))
    print(f"{'the fake, CPU per call (µs)':28s}" + "".join(f"{str(code):>28s}" for code in codes))
    for kind in (*KINDS, "a move (all three)"):
        print(
            f"{kind:28s}"
            + "".join(
                f"{' / '.join(f'{r[kind] if kind in r else sum(r.values()):.0f}' for r in figures[code]):>28s}"
                for code in codes
            )
        )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        asyncio.run(serve(int(sys.argv[2]), sys.argv[3]))
    else:
        options = read_runs(
            __doc__,
            "another checkout whose local Discord serves the same calls",
            "a folder for each child's profile of its serving",
        )
        main(options.calls, options.rounds, options.against, options.profile)
