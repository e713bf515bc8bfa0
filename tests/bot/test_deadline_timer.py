"""A table's timer across moves: one timer task per table, which a move leaves running (it reads the table again when
it wakes), the reminder and the deadline still coming at the times of the decision the move started."""

from __future__ import annotations

import asyncio
import time

from bot.tables import Presenter, Table
from tests.bot import managed_tables
from tests.bot.managed_tables import open_lobby, start_table, stop

BOB = 2


class Reminding(Presenter):
    """Records when each reminder went out, and for which version of the table."""

    def __init__(self) -> None:
        self.reminders: list[tuple[float, int]] = []

    async def remind(self, table: Table, decisions: dict[int, int]) -> None:
        self.reminders.append((time.time(), table.version))


async def test_a_move_keeps_the_running_timer_and_its_times_follow_the_move(tmp_path, monkeypatch):
    presenter = Reminding()
    manager = await managed_tables.new_manager(tmp_path / "parlor.sqlite3", presenter)
    fired: list[tuple[float, int | None]] = []
    fire = manager.fire_deadline

    async def firing(table_id: int, version: int | None = None) -> bool:
        fired.append((time.time(), version))
        return await fire(table_id, version)

    monkeypatch.setattr(manager, "fire_deadline", firing)
    try:
        lobby = await open_lobby(manager, "koikoi", {"months": 1}, guild=10, channel=20)
        lobby.turn_seconds = 1  # a decision of one second: its halfway and deadline come within the test
        table = await start_table(manager, lobby, (BOB, "bob"))
        timer = table.timer
        assert timer is not None and not timer.done()
        await asyncio.sleep(0.2)  # the move comes late enough that the start's times would be early for it
        (seat,) = table.to_act()
        await manager.act(table.id, table.seats[seat].user_id, table.seat_version(seat), table.choices(seat)[0])
        assert table.timer is timer, "the move started no timer and cancelled none"
        version, deadline = table.version, table.deadline
        assert deadline is not None
        for _ in range(300):
            if fired:
                break
            await asyncio.sleep(0.01)
        assert [v for _, v in fired] == [version], "the deadline fires once, for the decision the move started"
        assert fired[0][0] >= deadline
        assert [v for _, v in presenter.reminders] == [version]
        assert presenter.reminders[0][0] >= deadline - 0.5, "reminded at the halfway of the move's decision"
        await manager.idle()
        log = await manager.store.tables.actions(table.id)
        assert log[-1].source == "timeout"
    finally:
        await stop(manager)
