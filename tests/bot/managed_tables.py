"""Table managers on a store, and tables opened and started through them as players do with ``/play``, Join,
Add bot and Start: the set-up the bot's table tests share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store import Store
from bot.tables import Presenter, Table, TableManager
from games.base import Event

ALICE = 1  # the host of every table opened here unless a test names another
BOT = None  # a guest seat the host fills with a bot (``start_table``)


class RecordingPresenter(Presenter):
    """Records the event types and notes of every change it is told of, and shows nothing."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[str], list[str]]] = []

    async def table_changed(self, table: Table, events: list[Event], notes: list[str]) -> None:
        self.calls.append(([e.type for e in events], list(notes)))


def numbered_seeds(first: int = 0, count: int = 1000) -> Callable[[], str]:
    """Seeds ``first``, ``first + 1`` … as 32 hex digits, one a call."""
    seeds = (f"{n:032x}" for n in range(first, first + count))
    return lambda: next(seeds)


async def new_manager(where: str | Path, presenter: Presenter | None = None, **settings: Any) -> TableManager:
    """A manager on the store at ``where``, 60 seconds a turn and numbered seeds unless ``settings`` (the
    manager's keywords) say otherwise."""
    settings.setdefault("default_turn_seconds", 60)
    settings.setdefault("new_seed", numbered_seeds())
    return TableManager(await Store.open(where), presenter or Presenter(), **settings)


async def stop(manager: TableManager) -> None:
    """The manager closed, then its store."""
    await manager.close()
    await manager.store.close()


async def open_lobby(
    manager: TableManager,
    game: str,
    options: dict[str, Any],
    *,
    guild: int,
    channel: int,
    host: tuple[int, str] = (ALICE, "alice"),
    turn_seconds: int | None = 60,
    **more: Any,
) -> Table:
    """A ``game`` table's lobby in ``channel``, opened by ``host`` (a user id and name) with ``options``;
    ``more`` are the rest of ``open_table``'s keywords (``origin``, ``chosen`` …)."""
    user_id, name = host
    return await manager.open_table(
        game_name=game,
        guild_id=guild,
        channel_id=channel,
        host_id=user_id,
        host_name=name,
        options=options,
        turn_seconds=turn_seconds,
        **more,
    )


async def start_table(manager: TableManager, table: Table, *guests: tuple[int, str] | None) -> Table:
    """``table`` started by its host once each guest sat down: a user id and name joins, ``BOT`` is a bot the
    host adds."""
    for guest in guests:
        if guest is BOT:
            await manager.add_bot(table.id, table.host_id)
        else:
            await manager.join(table.id, *guest)
    return await manager.start(table.id, table.host_id)
