"""Turn deadlines: armed after each change, a reminder halfway, and the bot plays when time runs out."""

from __future__ import annotations

import asyncio
import logging

from bot import text as user_text
from bot.store import SaveFailed, StaleVersion
from bot.tables.core import ManagerCore
from bot.tables.decisions import decision_seconds, public_to_act
from bot.tables.table import PLAYING, Table
from games.base import Event

log = logging.getLogger(__name__)


def _halfway(table: Table, deadline: float) -> float:
    """When the decision due at ``deadline`` is half over: its players who have not decided are reminded."""
    return deadline - decision_seconds(table) / 2


class Deadlines(ManagerCore):
    """Each decision's deadline."""

    def _arm_timer(self, table: Table) -> None:
        """Keep a timer on the table's decision. A move leaves a running timer alone when it wakes no later than the
        new decision's halfway: it reads the table again then and sleeps on to the new times, so the moves of a busy
        table start no task and cancel none."""
        timer, current = table.timer, asyncio.current_task()
        running = timer is not None and not timer.done() and not timer.cancelling() and timer is not current
        if table.status != PLAYING or table.deadline is None or table.paused is not None or self._closing:
            if running and timer is not None:
                timer.cancel()
            return
        if running and table.timer_wakes is not None and table.timer_wakes <= _halfway(table, table.deadline):
            return
        if running and timer is not None:
            timer.cancel()
        table.timer_wakes = None
        table.timer = asyncio.get_running_loop().create_task(self._expire(table))

    async def _expire(self, table: Table) -> None:
        """The reminder at the decision's halfway, then its deadline; a decision that changed while the timer slept
        (a move) is read again and slept on to."""
        reminded: int | None = None  # the version whose reminder went out
        while table.status == PLAYING and table.deadline is not None and table.paused is None:
            version, deadline = table.version, table.deadline
            wakes = _halfway(table, deadline) if reminded != version else deadline
            table.timer_wakes = wakes
            await asyncio.sleep(max(0.0, wakes - self.clock()))
            if (table.version, table.deadline) != (version, deadline):
                continue  # the table moved meanwhile: its new decision's times
            if reminded != version:
                await self._remind(table, version)
                reminded = version
                continue
            table.timer_wakes = None
            await self.fire_deadline(table.id, version)
            return

    async def _remind(self, table: Table, version: int) -> None:
        """Half the decision's time has gone: the humans still deciding are pinged (the presenter pings
        each once per decision, panel open or not: a private panel may have been dismissed)."""
        async with table.lock:
            if version != table.version or table.status != PLAYING or table.paused is not None:
                return
            deciding = {
                s: table.seat_version(s)
                for s in public_to_act(table)
                if not table.seats[s].automated and table.seats[s].user_id is not None
            }
        if deciding:
            try:
                await self.presenter.remind(table, deciding)
            except Exception:
                log.exception("table %s: reminding failed", table.id)

    async def fire_deadline(self, table_id: int, version: int | None = None) -> bool:
        """The decision's time is up: the bot plays the whole decision of every seat still to act (all
        the steps of a multi-step one, then whoever acts next gets one new deadline). A step the database
        refuses is tried again after a pause until it lands (the steps that landed stay played)."""
        table = self.tables.get(table_id)
        if table is None or table.status != PLAYING:
            return False
        events: list[Event] = []
        notes: list[str] = []
        due: list[int] | None = None  # the seats whose time ran out, played in turn
        named: set[int] = set()
        failures = 0
        while not self._closing:
            try:
                async with table.lock:
                    if (
                        table.status != PLAYING
                        or (version is not None and version != table.version)
                        or table.paused is not None
                    ):
                        if due is None:
                            return False
                        break  # a player's move or another change landed while this one waited: it re-armed the time
                    if due is None:
                        self.deadlines_fired += 1
                        due, named = (
                            list(table.to_act()),
                            set(public_to_act(table)),
                        )  # a secret window's seats are not named
                    try:
                        while due:
                            seat = due[0]
                            if seat in table.to_act():  # else an earlier seat's decision closed this one's (a window)
                                await self._play_decision(table, seat, source="timeout", events=events)
                                if seat in named:
                                    who = user_text.name(table.seats[seat].name)
                                    notes.append(f"⏰ Time ran out for {who}; Parlor's bot played for them.")
                            due.pop(0)
                    except StaleVersion:  # another process moved the table: its deadline is the one that counts
                        await self._reload(table)
                    break
            except SaveFailed as failed:
                failures += 1
                version = table.version  # what landed before the refusal stays: the rest is played on the next try
                await self._wait_to_save_again(table, failed, failures)
        self._saved_again(table, failures)
        if due is None:
            return False
        task = self._spawn(self._advance(table, events, notes))
        await asyncio.shield(task)
        return True
