"""Fixtures of the bot's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.bot.test_store import Clock


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.postgres)])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """A store on SQLite (in memory) and on PostgreSQL (a fresh database), its clock one second a reading: a test
    asking for it runs on both."""
    where = ":memory:" if request.param == "memory" else request.getfixturevalue("postgres_url")
    s = await Store.open(where, clock=Clock())
    try:
        yield s
    finally:
        await s.close()
