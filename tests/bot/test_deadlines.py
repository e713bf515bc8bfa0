"""Absent players: when a deadline passes, or a player resigns, in the middle of a
decision made of several steps, Parlor's bot plays the whole decision at once — every card of a Black
Christmas exchange, both hands of a Black Flower split, a Koi-Koi or Hachi-Hachi turn's capture choice
and call, a Sanma turn after a kita — says once that the time ran out, and arms one new deadline for
whoever acts next. It never plays into a new deal for the absent player. Deadlines are fired by hand
with a fixed clock: nothing sleeps."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.tables import PLAYING, TableManager, public_to_act
from games.blackflower import GAME as BLACK_FLOWER
from tests.bot.absent_positions import OPENING, count_pauses, rig_black_christmas
from tests.bot.clocked_manager import clocked_manager
from tests.bot.managed_tables import BOT, RecordingPresenter, open_lobby, start_table
from tests.games._blackflower_helpers import stacked_deck

GUILD, CHANNEL = 10, 20
USERS = {"alice": 1, "bob": 2, "carol": 3}
NOW = 1_000_000.0
TIMED_OUT = "⏰ Time ran out for {}; Parlor's bot played for them."


@pytest.fixture
async def manager(tmp_path):
    async with clocked_manager(tmp_path, NOW) as m:
        yield m


@pytest.fixture
def pauses(manager, monkeypatch):
    """The pauses the table makes between bot decisions (counted, not waited for)."""
    manager.bot_delay = 0.0125
    return count_pauses(monkeypatch, manager.bot_delay)


async def open_and_start(manager, game: str, players: int, **options):
    names = list(USERS)[:players]
    table = await open_lobby(manager, game, options, guild=GUILD, channel=CHANNEL, host=(USERS["alice"], "alice"))
    await start_table(manager, table, *[(USERS[name], name) for name in names[1:]])
    await manager.idle()
    return table


async def act(manager, table, name: str, action: str) -> None:
    await manager.act(table.id, USERS[name], None, action)
    await manager.idle()


def notes_since(manager, seen: int) -> list[str]:
    return [note for _, notes in manager.presenter.calls[seen:] for note in notes]


async def steps_since(manager, table, logged: int) -> list[tuple[int, str, str]]:
    """(seat, action verb, source) of every action stored since ``logged`` actions."""
    return [(e.seat, e.action.split(":")[0], e.source) for e in (await manager.store.tables.actions(table.id))[logged:]]


# ---------------------------------------------------------------- Black Christmas Poker

WHOLE_HIT_TURN = ["draw", "exchange"] + ["under"] * 7 + ["discard"]


async def black_christmas_on_alice(manager, monkeypatch):
    rig_black_christmas(monkeypatch)
    table = await open_and_start(manager, "bcpoker", 3, lead_rounds=1)
    for name, action in OPENING:
        await act(manager, table, name, action)
    assert (table.state.phase, table.to_act(), table.state.hit.number) == ("hit_draw", [0], 7)
    return table


async def test_one_deadline_plays_the_whole_black_christmas_turn(manager, monkeypatch):
    table = await black_christmas_on_alice(manager, monkeypatch)
    logged, seen, version = (
        len(await manager.store.tables.actions(table.id)),
        len(manager.presenter.calls),
        table.version,
    )
    assert await manager.fire_deadline(table.id, version)
    await manager.idle()
    assert await steps_since(manager, table, logged) == [(0, verb, "timeout") for verb in WHOLE_HIT_TURN]
    assert notes_since(manager, seen) == [TIMED_OUT.format("alice")]  # said once, not ten times
    # bob's turn, with its own (single) deadline; the spent one does nothing more
    assert table.to_act() == [1] and table.state.phase == "draw" and table.deadline == NOW + 60
    assert table.timer is not None and not table.timer.done()
    assert not await manager.fire_deadline(table.id, version)


async def test_resigning_during_the_black_christmas_turn_finishes_it_at_once(manager, monkeypatch, pauses):
    table = await black_christmas_on_alice(manager, monkeypatch)
    await act(manager, table, "alice", "draw")  # alice draws, then gives up
    logged, seen = len(await manager.store.tables.actions(table.id)), len(manager.presenter.calls)
    await manager.resign(table.id, USERS["alice"])
    await manager.idle()
    assert await steps_since(manager, table, logged) == [(0, verb, "bot") for verb in WHOLE_HIT_TURN[1:]]
    assert table.to_act() == [1] and table.state.phase == "draw"
    assert pauses == [manager.bot_delay]  # the table pauses once for the bot's decision, not nine times
    notes = notes_since(manager, seen)
    assert notes == ["🏳️ alice resigned; a bot plays their seat."]


# ---------------------------------------------------------------- Black Flower


async def bob_splits(manager, monkeypatch):
    """alice banks (seat 0); bob is dealt 5C1 5C2, bets and splits; the split hands get 10A and 3L."""
    deck = stacked_deck([["5C1", "5C2"]], ["1C1", "2C1"], ["10A", "3L"])
    original = BLACK_FLOWER.new_game
    monkeypatch.setattr(
        BLACK_FLOWER,
        "new_game",
        lambda options, seats, seed, **_: original(options, seats, seed, decks=[deck], first_banker=0),
    )
    table = await open_and_start(manager, "blackflower", 2, rounds=1, split_by_month=True)
    await act(manager, table, "bob", "bet:20")
    await act(manager, table, "bob", "split")
    hands = table.state.hands[1]
    assert [h.cards for h in hands] == [["5C1", "10A"], ["5C2"]] and table.to_act() == [1]
    return table


async def test_one_deadline_stands_both_hands_of_a_split(manager, monkeypatch):
    table = await bob_splits(manager, monkeypatch)
    logged, seen = len(await manager.store.tables.actions(table.id)), len(manager.presenter.calls)
    assert await manager.fire_deadline(table.id, table.version)
    await manager.idle()
    # a player who does not answer in time stands (docs/rules/blackflower.md §5): both hands, then the banker
    assert await steps_since(manager, table, logged) == [(1, "stand", "timeout")] * 2
    assert [h.status for h in table.state.hands[1]] == ["stood", "stood"] and table.state.hands[1][1].cards == [
        "5C2",
        "3L",
    ]
    assert table.to_act() == [0] and table.state.phase == "banker"
    assert notes_since(manager, seen) == [TIMED_OUT.format("bob")]


async def test_resigning_after_a_split_stands_both_hands_at_once(manager, monkeypatch, pauses):
    table = await bob_splits(manager, monkeypatch)
    await manager.resign(table.id, USERS["bob"])
    await manager.idle()
    assert [h.status for h in table.state.hands[1]] == ["stood", "stood"]
    assert table.to_act() == [0] and table.state.phase == "banker" and pauses == [manager.bot_delay]


# ---------------------------------------------------------------- every game, nobody at the table

ABSENT_TABLES = [
    ("koikoi", 2, {"months": 2}),
    ("hachihachi", 3, {"months": 6}),
    ("sanma", 3, {"east_only": True}),
    ("bcpoker", 3, {"lead_rounds": 1}),
]


@pytest.mark.parametrize(("game", "players", "options"), ABSENT_TABLES, ids=[t[0] for t in ABSENT_TABLES])
async def test_nobody_at_the_table_each_deadline_plays_one_whole_decision(manager, game, players, options):
    """Every player is away: each deadline plays the whole decision of each seat due, names each of
    them once, and stops at a new deal (a deal's first decision waits for its own deadline)."""
    steps: list[tuple[int, list]] = []
    apply = manager._apply

    async def recording(table, seat, action, **kwargs):
        events = await apply(table, seat, action, **kwargs)
        steps.append((seat, events))
        return events

    manager._apply = recording
    table = await open_and_start(manager, game, players, **options)
    several = 0
    for _ in range(250):
        if table.status != PLAYING:
            break
        due, named, seen = table.to_act(), public_to_act(table), len(manager.presenter.calls)
        steps.clear()
        assert await manager.fire_deadline(table.id, table.version)
        await manager.idle()
        assert {seat for seat, _ in steps} <= set(due)
        assert notes_since(manager, seen) == [TIMED_OUT.format(table.seats[s].name) for s in named]
        for seat in due:  # nobody who timed out is left in the middle of a decision
            assert not (seat in table.to_act() and table.game.decision_continues(table.state, seat))
        new_deal = [n for n, (_, events) in enumerate(steps) if any(e.type == "round_start" for e in events)]
        assert new_deal in ([], [len(steps) - 1]), "a new deal was played into"
        several += max(Counter(seat for seat, _ in steps).values()) > 1
    assert several, f"no {game} decision of several steps came up"


# ---------------------------------------------------------------- one deadline per shared decision


async def test_others_betting_does_not_stretch_an_absent_bettors_time(manager, monkeypatch):
    """Three bettors decide at once: bob's and carol's bets leave the decision's deadline where it was,
    so absent alice's time is not restarted by every bet (the bot bets for her when it passes)."""
    clock = [NOW]
    manager.clock = lambda: clock[0]
    original = BLACK_FLOWER.new_game
    monkeypatch.setattr(
        BLACK_FLOWER, "new_game", lambda options, seats, seed, **_: original(options, seats, seed, first_banker=3)
    )
    alice = (USERS["alice"], "alice")
    table = await open_lobby(manager, "blackflower", {"rounds": 1}, guild=GUILD, channel=CHANNEL, host=alice)
    await start_table(manager, table, (USERS["bob"], "bob"), (USERS["carol"], "carol"), BOT)
    await manager.idle()
    assert table.to_act() == [0, 1, 2] and table.deadline == NOW + 60
    for name, at in (("bob", 20), ("carol", 50)):
        clock[0] = NOW + at
        await act(manager, table, name, "bet:20")
        assert table.deadline == NOW + 60, name
    clock[0] = NOW + 60
    assert await manager.fire_deadline(table.id, table.version)
    await manager.idle()
    assert table.state.phase != "betting" and 0 in table.state.decided  # the bot bet (or sat out) for her


async def test_a_restart_halfway_through_a_timed_out_decision_finishes_it_at_once(manager, monkeypatch):
    """The process stops after the first steps of alice's timed-out Black Christmas turn were stored:
    the restored table plays the rest of her turn at once instead of waiting a whole new deadline."""
    table = await black_christmas_on_alice(manager, monkeypatch)
    logged = len(await manager.store.tables.actions(table.id))
    for action in ("draw", "exchange"):  # what the deadline's bot had stored when the process died
        await manager._apply(table, 0, action, actor_id=None, source="timeout")
    restarted = TableManager(manager.store, RecordingPresenter(), default_turn_seconds=60, clock=lambda: NOW)
    try:
        (again,) = await restarted.restore()
        assert again.deadline == NOW  # due at once
        await again.timer
        await restarted.idle()
        assert await steps_since(restarted, again, logged) == [(0, verb, "timeout") for verb in WHOLE_HIT_TURN]
        assert again.to_act() == [1] and again.state.phase == "draw" and again.deadline == NOW + 60
    finally:
        await restarted.close()
