"""A Sanma call window that nobody answers: after ``call_seconds`` the table manager's deadline
passes the call for the silent seat, play goes on, and no public note names the seat that could
call (sanma on Discord: "a call window lasts a few seconds and then passes")."""

from __future__ import annotations

import pytest

from bot.tables import PLAYING
from games.sanma import deal
from games.sanma.state import code
from games.shuffle import sha256_hex
from tests.bot.clocked_manager import clocked_manager
from tests.bot.managed_tables import open_lobby, start_table
from tests.games.sanma_walls import make_wall

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL = 1, 2, 3
SEED = f"{0:032x}"  # the manager's first seed below
NOW = 1_000_000.0

# E1, dealer alice (seat 0). Bob (seat 1) holds three 中 and waits on 1s-4s (中 is his yaku);
# carol (seat 2) holds nothing that can call. Alice draws the fourth 中 first, then (next go-around) 4s.
WALL = make_wall(
    [
        "1m9m2p8p3s7s2z3z5z6z3p6s9s",  # alice
        "234p567p23s7z7z7z55p",  # bob
        "1m9m2p8p3s7s2z3z5z6z4p7s1s",
    ],  # carol
    {39: "7z", 40: "9p", 41: "9m", 42: "4s", 94: "1m"},
)


@pytest.fixture
async def manager(tmp_path, monkeypatch):
    original = deal.hand_wall
    first_hand = sha256_hex(f"{SEED}:1")
    monkeypatch.setattr(deal, "hand_wall", lambda seed: list(WALL) if seed == first_hand else original(seed))
    async with clocked_manager(tmp_path, NOW) as m:
        yield m


async def start(manager):
    table = await open_lobby(manager, "sanma", {"east_only": True, "call_seconds": 5}, guild=GUILD, channel=CHANNEL)
    await start_table(manager, table, (BOB, "bob"), (CAROL, "carol"))
    await manager.idle()
    assert table.seed == SEED and [s.name for s in table.seats] == ["alice", "bob", "carol"]
    return table


def notes_after(manager, n):
    return [note for _, notes in manager.presenter.calls[n:] for note in notes]


async def time_out_the_window(manager, table):
    """The call window is open for bob only; let its deadline pass. Returns the notes shown since."""
    assert table.to_act() == [1] and table.state.phase == "respond"
    assert table.game.public_to_act(table.state) == []  # nobody is named as the one to act
    assert table.deadline == NOW + 5  # call_seconds, not the 60 s turn time
    seen = len(manager.presenter.calls)
    assert await manager.fire_deadline(table.id, table.version)
    await manager.idle()
    log = await manager.store.tables.actions(table.id)
    assert (log[-1].seat, log[-1].action, log[-1].source) == (1, "pass", "timeout")
    return notes_after(manager, seen)


async def test_a_timed_out_pon_window_passes(manager):
    table = await start(manager)
    await manager.act(table.id, ALICE, table.seat_version(0), "d:7z")
    await manager.idle()
    assert "pon" in table.game.legal_actions(table.state, 1)  # a yakuhai pon the bot policy would take
    notes = await time_out_the_window(manager, table)
    # the call passed: no pon, and play goes on with bob's ordinary draw
    assert table.state.melds[1] == [] and table.status == PLAYING
    assert table.state.phase == "turn" and table.to_act() == [1] and table.state.draw_kind == "normal"
    assert table.deadline == NOW + 60
    assert not any("bob" in note for note in notes)


async def test_a_timed_out_ron_window_passes(manager):
    table = await start(manager)
    await manager.act(table.id, ALICE, table.seat_version(0), "d:7z")
    await manager.idle()
    await time_out_the_window(manager, table)  # the pon of 中 passes
    for user, seat in ((BOB, 1), (CAROL, 2)):  # bob and carol let their draws go
        drawn = code(table.state, table.state.drawn)
        await manager.act(table.id, user, table.seat_version(seat), "d:" + drawn)
        await manager.idle()
    assert table.to_act() == [0] and code(table.state, table.state.drawn) == "4s"
    await manager.act(table.id, ALICE, table.seat_version(0), "d:4s")
    await manager.idle()
    assert table.game.legal_actions(table.state, 1) == ["ron", "pass"]
    notes = await time_out_the_window(manager, table)
    # nobody won: the hand goes on, bob is in temporary furiten and draws next
    assert table.state.hands_log == [] and table.state.temp_furiten[1]
    assert table.to_act() == [1] and table.state.phase == "turn"
    assert not any("bob" in note for note in notes)
