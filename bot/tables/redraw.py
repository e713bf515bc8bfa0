"""Redrawing a table outside its lock: one redraw task per table, changes made meanwhile drawn at once."""

from __future__ import annotations

import asyncio
import logging

from bot.tables.core import ManagerCore
from bot.tables.table import Table

log = logging.getLogger(__name__)

REDRAW_RETRIES = 4  # a redraw Discord failed (5xx, 429 after retries) is tried again after 2, 4, 8, 16 s


class Redraws(ManagerCore):
    """The table's message drawn again after changes."""

    def redraw(self, table: Table) -> None:
        """Draw the table again, though it did not change (what it could not show before may be shown now)."""
        self._redraw_soon(table)

    def _redraw_soon(self, table: Table) -> None:
        """Draw the table's latest state outside the lock: one redraw task per table; a change made while
        one is drawing is drawn next, all changes made meanwhile at once (a newer change supersedes)."""
        table.dirty = True
        if table.drawer is None or table.drawer.done():
            table.drawer = self._spawn(self._redraw(table))

    async def _redraw(self, table: Table) -> None:
        while table.dirty and not self._closing:
            try:
                await self.presenter.pace(table)
                table.dirty = False
                async with table.lock:
                    repost, table.repost = table.repost, False
                    frame = self.presenter.frame(table, repost=repost)
                shown = await self.presenter.draw(table, frame)
            except Exception:  # a frame that could not be built or drawn: said in the log, the next change redraws
                log.exception("table %s: redrawing failed", table.id)
                continue
            if shown is not None:
                async with table.lock:
                    await self._shown(table, shown)
            if not self.presenter.redraw_wanted(table):
                table.redraw_failures = 0
            elif table.redraw_failures < REDRAW_RETRIES:  # Discord failed for a while: try again a little later
                table.redraw_failures += 1
                self._spawn(self._redraw_later(table, 2.0**table.redraw_failures))

    async def _redraw_later(self, table: Table, delay: float) -> None:
        await asyncio.sleep(delay)
        self._redraw_soon(table)
