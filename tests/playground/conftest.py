"""The playground: its JSON API, its state file, ``python -m bot`` without a token, and the page in Chromium."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from bot.main import ParlorBot
from bot.settings import Settings
from localdiscord import LocalDiscord
from localdiscord.page import serve_page


def make_bot(fake: LocalDiscord, db: Path) -> ParlorBot:
    seeds = (f"{n:032x}" for n in range(1000))
    settings = Settings(token="fake-token", database=db, dev_guild=fake.guild.id, log_level="INFO", turn_seconds=60)
    return ParlorBot(settings, bot_delay=0.0, new_seed=lambda: next(seeds))


class Client:
    """Calls the playground API of one fake the way the page does."""

    def __init__(self, fake: LocalDiscord, session: aiohttp.ClientSession) -> None:
        self.fake, self.session = fake, session

    async def get(self, path: str, **params) -> tuple[int, dict]:
        async with self.session.get(
            f"{self.fake.base_url}/playground/api/{path}", params={k: str(v) for k, v in params.items()}
        ) as r:
            return r.status, await r.json()

    async def post(self, path: str, body: dict) -> tuple[int, dict]:
        async with self.session.post(f"{self.fake.base_url}/playground/api/{path}", json=body) as r:
            return r.status, await r.json()

    async def state(self, user, **params) -> dict:
        status, data = await self.get("state", **{"as": user.id, **params})
        assert status == 200, data
        return data


@pytest.fixture
async def fake():
    async with serve_page(LocalDiscord()) as world:
        yield world


@pytest.fixture
async def client(fake):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:  # cookies for 127.0.0.1
        yield Client(fake, session)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "parlor.sqlite3"
