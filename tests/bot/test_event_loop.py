"""The bot process runs on uvloop's event loop (``ParlorBot.run``): its Discord calls, queries and gateway events
cost the loop less CPU than on asyncio's own loop (``benchmarks/bench_discord_calls.py`` measures it)."""

from __future__ import annotations

import asyncio
import threading

import discord
import uvloop

from bot.main import ParlorBot
from bot.settings import Settings


def test_the_bot_runs_on_uvloops_event_loop(tmp_path, monkeypatch):
    loops: list[asyncio.AbstractEventLoop] = []

    async def start(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        loops.append(asyncio.get_running_loop())  # where discord.py would log in and connect

    monkeypatch.setattr(discord.Client, "start", start)
    policy = asyncio.get_event_loop_policy()
    bot = ParlorBot(
        Settings(
            token="fake-token", database=tmp_path / "p.sqlite3", dev_guild=None, log_level="INFO", turn_seconds=60
        ),
        upload_faces=False,
    )
    try:  # in a thread of its own, as ``python -m bot`` runs it: no event loop running there yet
        runner = threading.Thread(target=bot.run, args=("fake-token",), kwargs={"log_handler": None})
        runner.start()
        runner.join(timeout=30)
    finally:
        asyncio.set_event_loop_policy(policy)  # the other tests keep pytest's loops
    assert len(loops) == 1 and isinstance(loops[0], uvloop.Loop)
