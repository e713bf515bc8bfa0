"""The table manager presents every transition, lobby included, and records which message shows a
table; the presenter only presents. Lobby changes, closings and ``/table`` are drawn by
the redraw outside the table lock, like the game. No Discord here: a presenter that records."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import LEFT, RESIGNED, SHOWN_AGAIN, Presenter
from tests.bot.managed_tables import new_manager, open_lobby, stop

GUILD, CHANNEL = 10, 20
ALICE, BOB = 1, 2


class RecordingPresenter(Presenter):
    """Records what it is asked to show; every table message it "posts" gets a new id."""

    def __init__(self) -> None:
        self.shown: list[tuple] = []
        self.next_message = 1000

    def post(self) -> int:
        self.next_message += 1
        return self.next_message

    async def table_opened(self, table, origin):
        self.shown.append(("opened", origin))
        return self.post()

    def frame(self, table, *, repost=False):
        shows = table.closing if table.status == "cancelled" else [s.name for s in table.seats]
        return table.status, shows, repost

    async def draw(self, table, frame):
        self.shown.append(("drawn", *frame))
        return self.post() if frame[2] else None  # a repost is a new message; else edited in place

    async def acknowledge(self, origin, answer=None):
        self.shown.append(("answer", origin, answer))

    async def table_changed(self, table, events, notes):
        self.shown.append(("changed", list(notes)))
        return None


@pytest.fixture
async def manager(tmp_path):
    m = await new_manager(tmp_path / "parlor.sqlite3", RecordingPresenter())
    yield m
    await stop(m)


async def stored_message(manager, table) -> int | None:
    return (await manager.store.tables.get(table.id)).message_id


async def open_koikoi(manager, origin="/play"):
    return await open_lobby(manager, "koikoi", {}, guild=GUILD, channel=CHANNEL, turn_seconds=None, origin=origin)


async def test_the_manager_records_the_message_each_presentation_shows(manager):
    table = await open_koikoi(manager)
    assert manager.presenter.shown == [("opened", "/play")]
    assert table.message_id == await stored_message(manager, table) == 1001
    await manager.join(table.id, BOB, "bob", "join click")  # drawn in place: the same message
    await manager.idle()
    assert await stored_message(manager, table) == 1001
    await manager.show_again(CHANNEL, "/table")
    await manager.idle()
    assert manager.presenter.shown[-2:] == [
        ("answer", "/table", SHOWN_AGAIN),
        ("drawn", "lobby", ["alice", "bob"], True),
    ]
    assert table.message_id == await stored_message(manager, table) == 1002


async def test_every_lobby_transition_is_presented_by_the_manager_with_its_answer(manager):
    table = await open_koikoi(manager)
    for change in (
        manager.join(table.id, BOB, "bob", "join click"),
        manager.leave(table.id, BOB, "/leave"),
        manager.join(table.id, BOB, "bob", "join click"),
        manager.cancel(table.id, ALICE, origin="cancel click"),
    ):
        await change
        await manager.idle()
    assert manager.presenter.shown[1:] == [
        ("answer", "join click", None),
        ("drawn", "lobby", ["alice", "bob"], False),
        ("answer", "/leave", LEFT),
        ("drawn", "lobby", ["alice"], False),
        ("answer", "join click", None),
        ("drawn", "lobby", ["alice", "bob"], False),
        ("answer", "cancel click", None),
        ("drawn", "cancelled", "Cancelled by alice.", False),
    ]
    table = await open_koikoi(manager)
    await manager.leave(table.id, ALICE, "/leave")
    await manager.idle()
    assert manager.presenter.shown[-2:] == [
        ("answer", "/leave", LEFT),
        ("drawn", "cancelled", "Everyone left; the table is closed.", False),
    ]


async def test_lobby_changes_made_together_are_drawn_together_after_the_lock(manager):
    """Three joins at once: each stored under the lock, the lobby drawn outside it, the last draw showing all."""
    table = await open_koikoi(manager)
    await asyncio.gather(*(manager.join(table.id, user, f"p{user}", f"join {user}") for user in (BOB, 3, 4)))
    await manager.idle()
    drawn = [entry for entry in manager.presenter.shown if entry[0] == "drawn"]
    assert 1 <= len(drawn) <= 3 and drawn[-1] == ("drawn", "lobby", ["alice", "p2", "p3", "p4"], False)


async def test_start_and_resign_answer_who_asked(manager):
    table = await open_koikoi(manager)
    await manager.join(table.id, BOB, "bob")
    await manager.start(table.id, ALICE, "start click")
    assert ("answer", "start click", None) in manager.presenter.shown
    await manager.resign(table.id, BOB, "/resign")
    assert manager.presenter.shown[-1] == ("answer", "/resign", RESIGNED)
    await manager.idle()
    assert ("changed", ["🏳️ bob resigned; a bot plays their seat."]) in manager.presenter.shown
