"""A table manager on a fresh store with a fixed clock and numbered seeds, its presenter recording what it was told:
deadlines are fired by hand and nothing sleeps."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.tables import TableManager
from tests.bot.managed_tables import RecordingPresenter, new_manager, stop


@asynccontextmanager
async def clocked_manager(folder: Path, now: float) -> AsyncIterator[TableManager]:
    """The manager's clock always says ``now``; its seeds are 0, 1, 2 … as 32 hex digits."""
    m = await new_manager(folder / "parlor.sqlite3", RecordingPresenter(), clock=lambda: now)
    try:
        yield m
    finally:
        await stop(m)
