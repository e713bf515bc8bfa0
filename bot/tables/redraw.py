"""Redrawing a table outside its lock, in two parts that never wait for each other: the players' hand panels, edited
as soon as a change is made (interaction webhooks, which Discord's global limit does not count), and the table
message, which waits for its turn at the global pacer and for its channel's edit limit, then sends the table as it
is by then (changes made while it waited are drawn at once: the latest state wins)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.tables.core import ManagerCore
from bot.tables.table import Drawer, Table

log = logging.getLogger(__name__)

REDRAW_RETRIES = 4  # a redraw Discord failed (5xx, 429 after retries) is tried again after 2, 4, 8, 16 s

Draw = Callable[[Table], Awaitable[bool]]  # draws a part once; whether Discord failed it for a while


class Redraws(ManagerCore):
    """The table's message and its hand panels drawn again after changes."""

    def redraw(self, table: Table) -> None:
        """Draw the table again, though it did not change (what it could not show before may be shown now)."""
        self._redraw_soon(table)

    def _redraw_soon(self, table: Table) -> None:
        """Draw the table's latest state outside the lock: its panels at once, its message at its turn."""
        self._keep_drawn(table, table.panel_drawer, self._draw_panels)
        self._keep_drawn(table, table.drawer, self._draw_message)

    def _keep_drawn(self, table: Table, drawer: Drawer, draw: Draw) -> None:
        """One task per part of a table: a change made while it draws is drawn next, all changes made meanwhile at
        once (a newer change supersedes)."""
        drawer.dirty = True
        if drawer.idle():
            drawer.task = self._spawn(self._drawing(table, drawer, draw))

    async def _drawing(self, table: Table, drawer: Drawer, draw: Draw) -> None:
        while drawer.dirty and not self._closing:
            try:
                behind = await draw(table)
            except Exception:  # a frame that could not be built or drawn: said in the log, the next change redraws
                log.exception("table %s: redrawing failed", table.id)
                continue
            if not behind:
                drawer.failures = 0
            elif drawer.failures < REDRAW_RETRIES:  # Discord failed for a while: try again a little later
                drawer.failures += 1
                self._spawn(self._draw_later(table, drawer, draw, 2.0**drawer.failures))
        parts = (table.drawer, table.panel_drawer)
        if not table.is_open and not self._closing and all(p is drawer or (p.idle() and not p.dirty) for p in parts):
            self.presenter.closed(table)  # its last state drawn everywhere

    async def _draw_message(self, table: Table) -> bool:
        """The table message (with the summaries and pings due), framed once its turn has come."""
        await self.presenter.pace(table)
        await self.answers.turn()
        async with self.presenter.turn(table):
            table.drawer.dirty = False
            async with table.lock:
                repost, table.repost = table.repost, False
                frame = self.presenter.frame(table, repost=repost)
            shown = await self.presenter.draw(table, frame)
        if shown is not None:
            async with table.lock:
                await self._shown(table, shown)
        return self.presenter.redraw_wanted(table)

    async def _draw_panels(self, table: Table) -> bool:
        await self.answers.turn()
        table.panel_drawer.dirty = False
        async with table.lock:
            panels = self.presenter.panel_frame(table)
        await self.presenter.draw_panels(table, panels)
        return self.presenter.panels_wanted(table)

    async def _draw_later(self, table: Table, drawer: Drawer, draw: Draw, delay: float) -> None:
        await asyncio.sleep(delay)
        self._keep_drawn(table, drawer, draw)
