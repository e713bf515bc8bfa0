"""The table manager's core: the tables this process holds, their locks, reading them again, and its tasks.

The concerns of a table (``bot/tables/lobby.py``, ``starting.py``, ``play.py``, ``bots.py``, ``deadlines.py``,
``redraw.py``, ``loading.py``) build on it; the methods one concern needs of another are declared here."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from bot.answers_first import AnswersFirst, answers_first
from bot.retry import Backoff
from bot.shards import Shards
from bot.store import ActionSource, PlayedMove, SaveFailed, StaleVersion, Store
from bot.tables.decisions import acted_counts, busy
from bot.tables.presenter import Origin, Presenter
from bot.tables.refusals import Refusal, StaleClick
from bot.tables.table import PLAYING, Table, seats_from_row
from games import get_game
from games.base import Event

log = logging.getLogger(__name__)

SAVE_RETRY = Backoff()  # the pauses before a bot's or a deadline's refused move is tried again
CHANGED_ELSEWHERE = "The table changed in the meantime; please look at it again and retry."


class ManagerCore(ABC):
    """What every concern of the table manager shares. One ``asyncio.Lock`` per table orders everything."""

    def __init__(
        self,
        store: Store,
        presenter: Presenter,
        *,
        default_turn_seconds: int,
        bot_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
        shards: Shards | None = None,
        save_retry: Backoff = SAVE_RETRY,
        answers: AnswersFirst | None = None,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.default_turn_seconds = default_turn_seconds
        self.bot_delay = bot_delay
        self.clock = clock
        self.new_seed = new_seed  # tests inject fixed seeds; real tables draw from `secrets`
        self.shards = shards  # the shards whose guilds' tables this process keeps (None: every guild's)
        self.save_retry = save_retry  # the pauses before a bot's or a deadline's refused move is tried again
        self.answers = answers or answers_first()  # the clicks being answered, before which drawing and bots wait
        self.tables: dict[int, Table] = {}
        self._tasks: set[asyncio.Task] = set()
        self._closing = False
        self.changing = 0  # changes users asked for still under way
        self.deadlines_fired = 0  # decisions whose time ran out (bot/metrics.py)
        # What runs under a table's lock before its bots play, ``(manager, table, events, notes)``: the layers above
        # add theirs (the league seats a late player when a new deal begins: bot/league/late_seats.py).
        self.before_bots: list[Callable[[Any, Table, list[Event], list[str]], Awaitable[None]]] = []

    def _from_row(self, row: Any) -> Table:
        game = get_game(row.game)
        table = Table(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=game,
            options=dict(row.options or {}),
            host_id=row.host_id,
            seats=seats_from_row(row.seats),
            status=row.status,
            version=row.version,
            turn_seconds=row.turn_seconds or self.default_turn_seconds,
            seed=row.seed,
            deadline=row.deadline,
            message_id=row.message_id,
            season_id=row.season_id,
        )
        if row.snapshot:
            table.state = game.load(row.snapshot)
        return table

    def serves(self, guild_id: int) -> bool:
        """Whether this process keeps ``guild_id``'s tables (its shards' guilds; every guild unsharded)."""
        return self.shards is None or self.shards.owns(guild_id)

    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int | None) -> Table | None:
        for table in self.tables.values():
            if table.channel_id == channel_id and table.is_open:
                return table
        return None

    def table_here(self, channel_id: int | None) -> Table:
        """The open table of a channel, or a Refusal saying there is none."""
        table = self.in_channel(channel_id) if channel_id is not None else None
        if table is None:
            raise Refusal("There is no table in this channel. Open one with /play.")
        return table

    @contextlib.asynccontextmanager
    async def _holding(self, table: Table, origin: Origin, *, private: bool = False) -> AsyncIterator[None]:
        """The table's lock, for a change ``origin`` asked for. When the lock is free it is taken at once and
        ``origin`` is answered directly after (one call: the answer itself); when it is busy, ``origin`` is
        acknowledged first (``presenter.receive``), so that waiting for a busy table never makes an answer late."""
        if busy(table.lock):
            await self.presenter.receive(origin, private=private)
        async with table.lock:  # nothing was awaited since the check: a free lock is taken without waiting
            try:
                yield
            except StaleVersion:  # another process changed the table: the click was made on an older table
                await self._reload(table)
                raise StaleClick(table.id) if table.status == PLAYING else Refusal(CHANGED_ELSEWHERE) from None

    async def _reload(self, table: Table) -> None:
        """The table as the database has it, in place of what this process held (under the table lock): another
        process changed it, as when two processes briefly serve one shard during a deploy (that process draws
        its own changes). Its deadline is armed anew."""
        stored = self._from_row(await self.store.tables.get(table.id))
        if stored.status == PLAYING:
            stored.acted = acted_counts(len(stored.seats), await self.store.tables.actions(table.id))
        log.warning(
            "table %s: changed by another process (version %s, this one held %s); read again",
            table.id,
            stored.version,
            table.version,
        )
        table.take(stored)
        self._arm_timer(table)

    async def _catch_up(self, table: Table, origin: Origin, *, private: bool) -> bool:
        """Whether the database holds a newer version of the table than this process (another process moved
        it); if so, it is read again. For a click refused against what this process holds."""
        async with self._holding(table, origin, private=private):
            row = await self.store.tables.get(table.id)
            if row is None or row.version == table.version:
                return False
            await self._reload(table)
            return True

    async def _shown(self, table: Table, message_id: int | None) -> None:
        """Record that ``message_id`` now shows the table (None: the message showing it did not change)."""
        if message_id is not None and message_id != table.message_id:
            table.message_id = message_id
            await self.store.tables.set_message(table.id, message_id)

    async def close(self) -> None:
        self._closing = True
        for table in self.tables.values():
            if table.timer:
                table.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no background work (bots, timers that fired) is running. For tests."""
        while True:
            busy = [t for t in self._tasks if not t.done()]
            if not busy and not self.changing:
                return
            await asyncio.gather(*busy, asyncio.sleep(0.01), return_exceptions=True)

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _wait_to_save_again(self, table: Table, failed: SaveFailed, failures: int) -> None:
        """A bot's or a deadline's move the database refused: said once in the log, tried again after a pause."""
        if failures == 1:
            log.warning(
                "table %s: the database refused a move (%s); trying again until it lands", table.id, failed.reason
            )
        await asyncio.sleep(self.save_retry.delay(failures))

    @staticmethod
    def _saved_again(table: Table, failures: int) -> int:
        if failures:
            log.warning("table %s: the move was saved after %d refused attempt(s)", table.id, failures)
        return 0

    # ------------------------------------------------------------ provided by the concerns

    @abstractmethod
    async def load(self, table_id: int) -> Table | None: ...

    @abstractmethod
    async def _apply(
        self, table: Table, seat: int, action: str, *, actor_id: int | None, source: ActionSource
    ) -> list[Event]: ...

    @abstractmethod
    async def _finish(self, table: Table, move: PlayedMove | None) -> None: ...

    @abstractmethod
    async def _advance(self, table: Table, events: list[Event], notes: list[str] | None = None) -> None: ...

    @abstractmethod
    async def _play_decision(self, table: Table, seat: int, *, source: ActionSource, events: list[Event]) -> None: ...

    @abstractmethod
    def _redraw_soon(self, table: Table) -> None: ...

    @abstractmethod
    def _arm_timer(self, table: Table) -> None: ...
