"""The table manager presents every transition, lobby included, and records which message shows a
table; the presenter only presents (issue 11 item 4). No Discord here: a presenter that records."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables import LEFT, RESIGNED, SHOWN_AGAIN, Presenter, TableManager

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

    async def lobby_changed(self, table, origin, answer=None):
        self.shown.append(("lobby", [s.name for s in table.seats], origin, answer))
        return self.post() if origin is None else None  # nobody to answer in place: posted anew

    async def table_closed(self, table, text, origin, answer=None):
        self.shown.append(("closed", text, origin, answer))

    async def show_table(self, table, *, repost=False):
        self.shown.append(("table", repost))
        return self.post() if repost else table.message_id

    async def acknowledge(self, origin, answer=None):
        self.shown.append(("answer", origin, answer))

    async def table_changed(self, table, events, notes):
        self.shown.append(("changed", list(notes)))
        return None


@pytest.fixture
async def manager(tmp_path):
    store = await Store.open(tmp_path / "parlor.sqlite3")
    seeds = (f"{n:032x}" for n in range(1000))
    m = TableManager(store, RecordingPresenter(), default_turn_seconds=60, new_seed=lambda: next(seeds))
    yield m
    await m.close()
    await store.close()


async def stored_message(manager, table) -> int | None:
    return (await manager.store.get_table(table.id)).message_id


async def open_koikoi(manager, origin="/play"):
    return await manager.open_table(game_name="koikoi", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE,
                                    host_name="alice", options={}, turn_seconds=None, origin=origin)


async def test_the_manager_records_the_message_each_presentation_shows(manager):
    table = await open_koikoi(manager)
    assert manager.presenter.shown == [("opened", "/play")]
    assert table.message_id == await stored_message(manager, table) == 1001
    await manager.join(table.id, BOB, "bob", "join click")  # answered in place: the same message
    assert await stored_message(manager, table) == 1001
    await manager.add_bot(table.id, BOB)  # nobody asked (no origin): the presenter posted anew
    assert table.message_id == await stored_message(manager, table) == 1002
    await manager.show_again(CHANNEL, "/table")
    assert manager.presenter.shown[-2:] == [("answer", "/table", SHOWN_AGAIN), ("table", True)]
    assert table.message_id == await stored_message(manager, table) == 1003


async def test_every_lobby_transition_is_presented_by_the_manager_with_its_answer(manager):
    table = await open_koikoi(manager)
    await manager.join(table.id, BOB, "bob", "join click")
    await manager.leave(table.id, BOB, "/leave")
    await manager.join(table.id, BOB, "bob", "join click")
    await manager.cancel(table.id, ALICE, origin="cancel click")
    assert manager.presenter.shown[1:] == [
        ("lobby", ["alice", "bob"], "join click", None),
        ("lobby", ["alice"], "/leave", LEFT),
        ("lobby", ["alice", "bob"], "join click", None),
        ("closed", "Cancelled by alice.", "cancel click", None),
    ]
    table = await open_koikoi(manager)
    await manager.leave(table.id, ALICE, "/leave")
    assert manager.presenter.shown[-1] == ("closed", "Everyone left; the table is closed.", "/leave", LEFT)


async def test_start_and_resign_answer_who_asked(manager):
    table = await open_koikoi(manager)
    await manager.join(table.id, BOB, "bob")
    await manager.start(table.id, ALICE, "start click")
    assert ("answer", "start click", None) in manager.presenter.shown
    await manager.resign(table.id, BOB, "/resign")
    assert manager.presenter.shown[-1] == ("answer", "/resign", RESIGNED)
    await manager.idle()
    assert ("changed", ["🏳️ bob resigned; a bot plays their seat."]) in manager.presenter.shown
