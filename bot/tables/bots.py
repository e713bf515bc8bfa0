"""Automated seats (bots, resigned players, timed-out decisions) play until a human must decide."""

from __future__ import annotations

import asyncio
import logging
import zlib

from bot.store import ActionSource, SaveFailed, StaleVersion
from bot.tables.core import ManagerCore
from bot.tables.decisions import decision_continues, timeout_action
from bot.tables.table import Table
from games.base import Event

log = logging.getLogger(__name__)


class Autoplay(ManagerCore):
    """Bots' decisions: automated seats play until a human must decide."""

    async def _advance(self, table: Table, events: list[Event], notes: list[str] | None = None) -> None:
        """Let automated seats play until a human must decide, then tell the presenter. The pause
        between bots comes once per decision (an exchange of 7 cards is one decision, not 7). A move the
        database refuses is tried again after a pause (``save_retry``) until it lands, the lock released
        meanwhile: nobody else would play it before the deadline."""
        notes = list(notes or [])
        failures = 0
        try:
            while not self._closing:
                await self.answers.turn()  # a bot's decision waits for the clicks being answered
                try:
                    async with table.lock:
                        for before in self.before_bots:  # e.g. a late player's seat at a new deal (the league's)
                            await before(self, table, events, notes)
                        auto = [s for s in table.to_act() if table.seats[s].automated] if table.paused is None else []
                        if not auto:
                            break
                        try:
                            await self._play_decision(table, auto[0], source="bot", events=events)
                        except StaleVersion:  # another process moved the table: go on from where it is
                            await self._reload(table)
                except SaveFailed as failed:
                    failures += 1
                    await self._wait_to_save_again(table, failed, failures)
                    continue
                failures = self._saved_again(table, failures)
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
            async with table.lock:
                await self._shown(table, await self.presenter.table_changed(table, events, notes))
            self._redraw_soon(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: advancing failed", table.id)

    async def _play_decision(self, table: Table, seat: int, *, source: ActionSource, events: list[Event]) -> None:
        """The bot plays ``seat``'s whole decision, every step of it, under the table lock (its time ran
        out, or the seat is a bot or a resigned player): it is never left half done to wait for another
        deadline. A timed-out step plays what the game says (``timeout_action``), else the bot policy.
        Each step's events go to ``events`` as it lands (a later step the database refuses keeps them)."""
        while True:
            action = (source == "timeout" and timeout_action(table, seat)) or self._bot_action(table, seat)
            step = await self._apply(table, seat, action, actor_id=None, source=source)
            events += step
            if not decision_continues(table, seat, step):
                return

    def _bot_action(self, table: Table, seat: int) -> str:
        legal = table.game.legal_actions(table.state, seat)
        view = table.game.view(table.state, seat)
        rng = zlib.crc32(f"{table.seed}:{table.version}:{seat}".encode())
        action = table.game.bot_choose(view, legal, rng)
        return action if action in legal else legal[0]
