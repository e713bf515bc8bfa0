"""A player's move, from the click to the stored state: checked, applied, saved; the hand panel and resigning."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot import text as user_text
from bot.store import ActionSource, PlayedMove
from bot.tables.core import ManagerCore
from bot.tables.decisions import busy, decision_seconds, public_to_act
from bot.tables.presenter import Origin
from bot.tables.refusals import Refusal, StaleClick, saving
from bot.tables.table import FINISHED, LOBBY, PLAYING, Seat, Table
from games.base import Event

log = logging.getLogger(__name__)

RESIGNED = "You resigned. A bot plays your seat; the result still counts for you."
SHOWN_AGAIN = "Here is the table again ⬇️"


class PlayerActions(ManagerCore):
    """What a seated player does during a game, and how one move is applied and saved."""

    def check_turn(self, table: Table, user_id: int, version: int | None) -> int:
        """The seat of ``user_id`` if they may act now, else a Refusal saying why."""
        return self._turn_of(table, user_id, version)[0]

    def _turn_of(self, table: Table, user_id: int, version: int | None) -> tuple[int, list[str]]:
        """The seat of ``user_id`` if they may act now, with what it may do (worked out once), else a Refusal."""
        if table.status != PLAYING:
            raise Refusal("This game is over." if table.status == FINISHED else "This game has not started yet.")
        if table.paused is not None:
            raise Refusal(table.paused.refusal())
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not seated at this table, so you can only watch.")
        choices = table.choices(seat)
        if version is not None and version != table.seat_version(seat, choices):
            raise StaleClick(table.id)
        if seat not in table.to_act():
            waiting = (
                ", ".join(user_text.name(table.seats[s].name) for s in public_to_act(table)) or "the other players"
            )
            raise Refusal(f"It is not your turn; waiting for {waiting}.")
        return seat, choices

    async def show_hand(
        self, table_id: int, user_id: int, origin: Origin = None, *, replace: bool = False, note: str | None = None
    ) -> None:
        """A seated player's private hand panel, as a new message or (``replace``) in place of the clicked one."""
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        if table.status == LOBBY:
            raise Refusal("The game has not started yet; your hand appears once the host presses Start.")
        if table.status != PLAYING:
            raise Refusal("This game is over.")
        if table.seat_of(user_id) is None:
            raise Refusal("You are not seated at this table, so there is no hand to show. Enjoy watching!")
        replace = replace and self.presenter.answers_in_place(origin)
        async with self._holding(table, origin, private=not replace):
            reply = self.presenter.panel_reply(table, user_id, origin, replace=replace, note=note)
        await reply

    async def show_again(self, channel_id: int | None, origin: Origin = None) -> Table:
        """The channel's table posted anew (the old message scrolled away), by the redraw outside the lock."""
        table = self.table_here(channel_id)
        await self.presenter.acknowledge(origin, SHOWN_AGAIN)
        table.repost = True
        self._redraw_soon(table)
        return table

    @saving
    async def act(
        self, table_id: int, user_id: int, version: int | None, action: str, origin: Origin = None
    ) -> tuple[Table, list[Event]]:
        """A player's action: checked, applied, persisted; bots and the presenter follow.

        The player's own answer (their panel, in place of the one clicked when that was their panel) goes out under the table
        lock right after the action is stored, before any later change of the table.
        """
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        replace = self.presenter.answers_in_place(origin)
        try:
            seat = self._check_action(table, user_id, version, action)  # refused at once, before any deferral
        except Refusal:  # unless another process moved the table meanwhile: then judged against its move
            if not await self._catch_up(table, origin, private=not replace):
                raise
            seat = self._check_action(table, user_id, version, action)
        waits = busy(table.lock)  # a free lock is taken at once: nothing can move the table before it is held
        async with self._holding(table, origin, private=not replace):
            if waits:
                seat = self._check_action(table, user_id, version, action)  # the table may have moved meanwhile
            events = await self._apply(table, seat, action, actor_id=user_id, source="player")
            reply = self.presenter.panel_reply(table, user_id, origin, replace=replace) if origin is not None else None
        self._spawn(self._advance(table, events))
        if reply is not None:
            try:
                await reply
            except Exception:  # the action stands; the next redraw brings the panel
                log.exception("table %s: answering the player failed", table.id)
        return table, events

    def _check_action(self, table: Table, user_id: int, version: int | None, action: str) -> int:
        """The seat of ``user_id`` if it may play ``action`` now, else a Refusal saying why."""
        seat, choices = self._turn_of(table, user_id, version)
        if table.seats[seat].resigned:
            raise Refusal("You resigned from this game; a bot plays your seat.")
        if action not in choices:
            raise Refusal(
                table.game.illegal_reason(table.state, seat, action)
                or "That move is not allowed right now. Use the buttons of your hand panel."
            )
        return seat

    @saving
    async def resign(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status != PLAYING:
            raise Refusal("There is no game in play here to resign from.")
        async with self._holding(table, origin, private=True):
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not seated at this table.")
            if table.seats[seat].resigned:
                raise Refusal("You have already resigned; a bot plays your seat.")
            seats = [Seat(**{**s.__dict__}) for s in table.seats]
            seats[seat].resigned = True
            row = await self.store.tables.update_seats(table.id, [s.as_dict() for s in seats], table.version)
            table.seats, table.version = seats, row.version
        who = user_text.name(table.seats[seat].name)
        self._spawn(self._advance(table, [], notes=[f"🏳️ {who} resigned; a bot plays their seat."]))
        await self.presenter.acknowledge(origin, RESIGNED)
        return table

    async def _apply(
        self, table: Table, seat: int, action: str, *, actor_id: int | None, source: ActionSource
    ) -> list[Event]:
        """Apply one action and persist it; on any failure the table is left as it was."""
        assert table.state is not None  # a table in play has its game's state
        game, before = table.game, table.state.model_dump_json()
        waiting = {s: table.seat_version(s) for s in table.to_act() if s != seat}
        move = PlayedMove(seat, action, actor_id, source)
        try:
            events = game.apply(table.state, seat, action)
            if game.is_over(table.state):
                await self._finish(table, move)
                table.acted[seat] += 1
                return events
            deadline = self._deadline_after(table, waiting)
            snapshot = table.state.model_dump_json()
            version = await self.store.tables.record_action(
                table.id, move, snapshot=snapshot, deadline=deadline, expected_version=table.version
            )
        except BaseException:
            table.state = game.load(before)
            raise
        table.acted[seat] += 1
        table.version, table.deadline = version, deadline
        self._arm_timer(table)
        return events

    def _deadline_after(self, table: Table, waiting: dict[int, int]) -> float:
        """The deadline once an action is applied. While every seat left to act was already deciding and
        still faces the same choices (the other bettors, a pass in a shared call window), the decision
        is the same one and so is its deadline: others acting never stretches an absent player's time.
        Otherwise a new decision starts with its full time."""
        left = table.to_act()
        if (
            table.deadline is not None
            and left
            and all(s in waiting and waiting[s] == table.seat_version(s) for s in left)
        ):
            return table.deadline
        return self.clock() + decision_seconds(table)

    async def _finish(self, table: Table, move: PlayedMove | None) -> None:
        """Store the last move (None: the game ended without one), the final snapshot and the ledger entries in one
        transaction."""
        state = table.state
        assert state is not None  # a table in play has its game's state
        results = self._ledger_results(table)
        row = await self.store.tables.finish(
            table.id, move=move, snapshot=state.model_dump_json(), expected_version=table.version, results=results
        )
        table.status, table.deadline, table.version = FINISHED, None, row.version
        if table.timer and table.timer is not asyncio.current_task():
            table.timer.cancel()

    def _ledger_results(self, table: Table) -> list[dict[str, Any]]:
        """The ledger lines of a finished game (the game's own, by default one per seat), with who sat where."""
        entries = []
        assert table.game.ledger_entries is not None  # GameBase fills in its default
        for line in table.game.ledger_entries(table.state):
            seat_no = line["seat"]
            seat = table.seats[seat_no]
            human = not seat.bot
            entries.append(
                {
                    **line,
                    "participant": f"user:{seat.user_id}" if human else f"bot:{table.id}:{seat_no}",
                    "user_id": seat.user_id if human else None,
                    "name": seat.name,
                }
            )
        return entries
