"""``python -m bot``: without a token it runs the playground (and says how to use a real token);
with a token it connects to Discord as before."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

import bot.__main__ as entry
import bot.main
from bot.main import ParlorBot
from bot.settings import Settings
from localdiscord import playground

ROOT = Path(__file__).resolve().parents[2]


def env_for(tmp_path: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
    env.update(
        DISCORD_TOKEN="",
        PARLOR_DATABASE=str(tmp_path / "parlor.sqlite3"),
        PARLOR_PLAYGROUND_PORT="0",
        PARLOR_LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


async def start(tmp_path: Path, **extra: str):
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=env_for(tmp_path, **extra),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    return proc


async def banner(proc) -> tuple[str, str]:
    lines = []
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert line, (
            "python -m bot ended before saying where the playground is: "
            + "".join(lines)
            + (await proc.stderr.read()).decode()
        )
        lines.append(line)
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if match:
            lines.append((await asyncio.wait_for(proc.stdout.readline(), 5)).decode())
            return match.group(0), "".join(lines)


async def stop(proc) -> int:
    proc.send_signal(signal.SIGTERM)
    return await asyncio.wait_for(proc.wait(), 20)


async def test_without_a_token_the_playground_runs_and_keeps_its_channel(tmp_path):
    proc = await start(tmp_path)
    try:
        url, text = await banner(proc)
        assert "No DISCORD_TOKEN is set" in text and "local playground" in text
        assert "DISCORD_TOKEN=" in text and ".env" in text and "Reset Token" in text  # how to use a real token
        async with aiohttp.ClientSession() as s:
            async with s.get(url + "/") as r:
                assert r.status == 200 and "Parlor playground" in await r.text()
            async with s.get(url + "/playground/api/state", params={"as": "Alice"}) as r:
                state = await r.json()
            assert [u["name"] for u in state["users"]] == ["Alice", "Bob", "Carol"] and state["bot"]["connected"]
            async with s.post(url + "/playground/api/slash", json={"as": "Bob", "command": "play koikoi"}) as r:
                assert r.status == 200, await r.text()
    finally:
        code = await stop(proc)
    assert code == 0
    assert (tmp_path / "parlor.playground.json").exists()

    proc = await start(tmp_path)  # a restart shows the same channel, and the bot still knows the table
    try:
        url, _ = await banner(proc)
        async with aiohttp.ClientSession() as s:
            async with s.get(url + "/playground/api/state", params={"as": "Carol"}) as r:
                state = await r.json()
        lobby = state["messages"][-1]
        assert lobby["command"] == "/play koikoi" and "table open" in lobby["embeds"][0]["title"]
        async with aiohttp.ClientSession() as s:
            join = next(c["custom_id"] for c in lobby["components"][0]["components"] if c["label"] == "Join")
            async with s.post(
                url + "/playground/api/click", json={"as": "Carol", "message_id": lobby["id"], "custom_id": join}
            ) as r:
                assert r.status == 200, await r.text()
    finally:
        assert await stop(proc) == 0


async def test_a_busy_or_bad_port_is_explained(tmp_path):
    proc = await start(tmp_path, PARLOR_PLAYGROUND_PORT="70000")
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2 and "PARLOR_PLAYGROUND_PORT" in err.decode()

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        proc = await start(tmp_path, PARLOR_PLAYGROUND_PORT=str(taken.getsockname()[1]))
        out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2 and "Set PARLOR_PLAYGROUND_PORT in .env to a free port" in out.decode()


async def test_a_bad_log_level_is_explained(tmp_path):
    proc = await start(tmp_path, PARLOR_LOG_LEVEL="verbose")
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2
    assert err.decode().strip() == (
        "Parlor cannot start: PARLOR_LOG_LEVEL must be one of DEBUG, INFO, WARNING, "
        "ERROR, CRITICAL, got 'VERBOSE' (set it in .env)."
    )


def test_with_a_token_parlor_connects_to_discord(monkeypatch, tmp_path):
    ran = []
    monkeypatch.setattr(ParlorBot, "run", lambda self, token, **kw: ran.append((token, self.settings.database)))
    for key, value in env_for(tmp_path, DISCORD_TOKEN="real-token").items():
        monkeypatch.setenv(key, value)
    assert entry.main() == 0
    assert ran == [("real-token", tmp_path / "parlor.sqlite3")]


@pytest.mark.postgres
async def test_with_a_postgresql_database_the_channel_is_kept_in_the_data_folder(tmp_path, monkeypatch, postgres_url):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setattr(playground, "DEFAULT_DB", data / "parlor.sqlite3")  # the data folder, not the project's
    monkeypatch.setattr(bot.main, "DEFAULT_DB", data / "parlor.sqlite3")  # (the command-sync marker goes there too)
    settings = Settings(
        token=None, database=postgres_url, dev_guild=None, log_level="INFO", turn_seconds=300, playground_port=0
    )
    assert playground.state_path(postgres_url) == data / "parlor.playground.json"

    async def session(then) -> None:
        ready = asyncio.get_running_loop().create_future()
        stop = asyncio.Event()
        running = asyncio.create_task(
            playground.run_playground(
                settings,
                stop=stop,
                announce=lambda _: None,
                handle_signals=False,
                on_ready=lambda fake, parlor: ready.set_result((fake, parlor)),
            )
        )
        fake, parlor = await asyncio.wait_for(asyncio.shield(ready), 60)
        try:
            async with aiohttp.ClientSession() as s:
                await then(f"http://127.0.0.1:{fake.port}/playground/api", s, parlor)
        finally:
            stop.set()
            assert await asyncio.wait_for(running, 30) == 0

    async def open_table(api, s, parlor) -> None:
        async with s.post(api + "/slash", json={"as": "Bob", "command": "play koikoi"}) as r:
            assert r.status == 200, await r.text()

    async def join_it(api, s, parlor) -> None:  # a restart: the same channel, and the table from PostgreSQL
        async with s.get(api + "/state", params={"as": "Carol"}) as r:
            lobby = (await r.json())["messages"][-1]
        assert lobby["command"] == "/play koikoi" and "table open" in lobby["embeds"][0]["title"]
        join = next(c["custom_id"] for c in lobby["components"][0]["components"] if c["label"] == "Join")
        async with s.post(api + "/click", json={"as": "Carol", "message_id": lobby["id"], "custom_id": join}) as r:
            assert r.status == 200, await r.text()
        await parlor.tables.idle()
        assert [seat.name for seat in next(iter(parlor.tables.tables.values())).seats] == ["Bob", "Carol"]

    await session(open_table)
    assert (data / "parlor.playground.json").is_file()
    await session(join_it)
    # the channel, its pictures and the command sync's marker; no SQLite database
    kept = {path.name for path in data.iterdir()}
    assert {"parlor.playground.json", "postgresql.commands.sha256"} <= kept
    assert kept <= {"parlor.playground.json", "parlor.playground.attachments", "postgresql.commands.sha256"}, kept
