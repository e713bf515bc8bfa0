"""A table manager on a fresh store with a fixed clock and numbered seeds, its presenter recording what it was told:
deadlines are fired by hand and nothing sleeps."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store import Store
from bot.tables import Presenter, TableManager


class RecordingPresenter(Presenter):
    def __init__(self) -> None:
        self.calls: list[tuple[list[str], list[str]]] = []

    async def table_changed(self, table, events, notes) -> None:
        self.calls.append(([e.type for e in events], list(notes)))


@asynccontextmanager
async def clocked_manager(folder: Path, now: float) -> AsyncIterator[TableManager]:
    """The manager's clock always says ``now``; its seeds are 0, 1, 2 … as 32 hex digits."""
    store = await Store.open(folder / "parlor.sqlite3")
    seeds = (f"{n:032x}" for n in range(1000))
    m = TableManager(
        store, RecordingPresenter(), default_turn_seconds=60, clock=lambda: now, new_seed=lambda: next(seeds)
    )
    try:
        yield m
    finally:
        await m.close()
        await m.store.close()
