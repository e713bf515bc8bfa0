"""Tables read from the database: restored at start-up, taken over from another process, replayed."""

from __future__ import annotations

import logging

from pydantic import BaseModel

from bot.pauses import paused_tables
from bot.store import NotFound
from bot.tables.core import ManagerCore
from bot.tables.decisions import acted_counts, decision_continues, game_options
from bot.tables.table import PLAYING, Table, seats_from_row
from games import get_game

log = logging.getLogger(__name__)


class Loading(ManagerCore):
    """Restore, load and replay tables."""

    async def restore(self) -> list[Table]:
        """Bring back every unfinished table of the guilds this process serves after a start; re-arm deadlines
        (those that passed while no process served it fire now) and bots."""
        restored = []
        pauses = await paused_tables(self.store)
        for row in await self.store.tables.unfinished(self.shards):  # another process's shards: it restores them
            try:
                table = self._from_row(row)
            except Exception:  # a table we cannot load must not stop the others
                log.exception("could not restore table %s", row.id)
                continue
            table.paused = pauses.get(table.id)
            restored.append(await self._bring_back(table))
        return restored

    async def load(self, table_id: int) -> Table | None:
        """The table, read from the database when this process does not hold it yet: an open table of a guild it
        serves that another process opened after this one had started (as during a deploy). None if there is none."""
        if (held := self.tables.get(table_id)) is not None:
            return held
        row = await self.store.tables.get(table_id)
        if row is None or not row.is_open or not self.serves(row.guild_id):
            return None
        return await self._bring_back(self._from_row(row))

    async def _bring_back(self, table: Table) -> Table:
        """A table read from the database taken into this process: its seats' actions counted, its deadline and
        bots going again. A table another task brought back meanwhile is kept instead."""
        if table.status == PLAYING:
            log_rows = await self.store.tables.actions(table.id)
            table.acted = acted_counts(len(table.seats), log_rows)
            last = log_rows[-1] if log_rows else None
            if last and last.source == "timeout" and last.seat is not None and decision_continues(table, last.seat, []):
                table.deadline = self.clock()  # stopped halfway through a timed-out decision: finish it
        if (held := self.tables.get(table.id)) is not None:
            return held
        self.tables[table.id] = table
        if table.status == PLAYING:
            self._arm_timer(table)
            self._spawn(self._advance(table, []))
        return table

    async def replay(self, table_id: int) -> BaseModel:
        """The table's state rebuilt from its seed and action log alone (crash checks, audits)."""
        row = await self.store.tables.get(table_id)
        if row is None:
            raise NotFound(f"no table {table_id}")
        game = get_game(row.game)
        seats = seats_from_row(row.seats)
        options = game.Options(**game_options(game, row.options, len(seats)))
        state = game.new_game(options, [s.info() for s in seats], row.seed)
        for entry in await self.store.tables.actions(table_id):
            assert entry.seat is not None  # every move of the log is a seat's
            game.apply(state, entry.seat, entry.action)
        return state
