"""Answers first: while a click is being answered on a loop that is behind, a table's redraw and a bot's turn wait
for it, and the redraw then shows the table's latest state once; on a loop that keeps up nothing waits."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.answers_first import AnswersFirst
from bot.tables import Presenter
from tests.bot.managed_tables import ALICE, BOT, new_manager, open_lobby, start_table, stop

GUILD, CHANNEL = 10, 20


class DrawingPresenter(Presenter):
    """Records the seats every redraw of the table message shows."""

    def __init__(self) -> None:
        self.drawn: list[list[str]] = []

    def frame(self, table, *, repost=False):
        return [s.name for s in table.seats]

    async def draw(self, table, frame):
        self.drawn.append(frame)
        return None


def behind() -> AnswersFirst:
    """Answers first on a loop always behind: its clock says every pass of the loop took a second."""
    seconds = itertools.count()
    return AnswersFirst(hold=60.0, clock=lambda: float(next(seconds)))


def keeping_up() -> AnswersFirst:
    """Answers first on a loop that keeps up: no time passes on its clock."""
    return AnswersFirst(hold=60.0, clock=lambda: 0.0)


async def passes(n: int = 20) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


@pytest.fixture
async def lobby(tmp_path, request):
    manager = await new_manager(tmp_path / "parlor.sqlite3", DrawingPresenter(), answers=request.param())
    table = await open_lobby(manager, "koikoi", {}, guild=GUILD, channel=CHANNEL, turn_seconds=None)
    await manager.idle()
    yield manager, table
    await stop(manager)


@pytest.mark.parametrize("lobby", [behind], indirect=True)
async def test_a_redraw_waits_for_the_answer_in_flight_then_draws_the_latest_state_once(lobby):
    manager, table = lobby
    drawn = manager.presenter.drawn
    with manager.answers.answering():  # a click being answered
        await manager.join(table.id, 2, "bob")
        await passes()
        assert drawn == []  # the answer goes first
        await manager.join(table.id, 3, "carol")
        await passes()
        assert drawn == []
    await manager.idle()
    assert drawn == [["alice", "bob", "carol"]]  # both joins in one redraw, the latest state


@pytest.mark.parametrize("lobby", [keeping_up], indirect=True)
async def test_on_a_loop_that_keeps_up_a_redraw_does_not_wait_for_answers(lobby):
    manager, table = lobby
    with manager.answers.answering():
        await manager.join(table.id, 2, "bob")
        await passes()
        assert manager.presenter.drawn == [["alice", "bob"]]


async def test_a_held_redraw_waits_at_most_its_hold():
    seconds = itertools.count()
    answers = AnswersFirst(hold=0.05, clock=lambda: float(next(seconds)))
    with answers.answering():  # an answer that does not end
        waited = asyncio.ensure_future(answers.turn())
        await passes()
        assert not waited.done() and answers.held == 1
        await asyncio.wait_for(waited, 5)


async def test_the_held_ones_go_one_per_pass_and_an_answer_arriving_holds_the_rest():
    answers = behind()
    gone: list[int] = []

    async def waiting(n: int) -> None:
        await answers.turn()
        gone.append(n)

    with answers.answering():
        held = [asyncio.ensure_future(waiting(n)) for n in range(3)]
        await passes()
        assert gone == []
    while not gone:  # the end of the answer lets the first one go
        await asyncio.sleep(0)
    assert gone == [0]  # alone: the next goes at a later pass
    with answers.answering():  # a new click arrives: the last one is held again
        await passes()
        assert 2 not in gone
    await asyncio.wait_for(asyncio.gather(*held), 5)
    assert gone == [0, 1, 2]


@pytest.mark.parametrize("lobby", [behind], indirect=True)
async def test_a_bots_turn_waits_for_the_answer_in_flight(lobby):
    manager, table = lobby
    table = await start_table(manager, table, BOT)
    await manager.idle()  # the bot's first moves, if it deals first
    bot = next(s for s, seat in enumerate(table.seats) if seat.automated)
    with manager.answers.answering():  # alice's click being answered
        for _ in range(10):
            if bot in table.to_act():
                break
            alice = table.to_act()[0]
            await manager.act(
                table.id, ALICE, table.seat_version(alice), table.game.legal_actions(table.state, alice)[0]
            )
        assert bot in table.to_act()
        version = table.version
        await asyncio.sleep(0.5)  # ample time for a bot's move and its store write, were it not held
        assert table.version == version  # the bot waits for the answer
    await manager.idle()
    assert table.version > version and bot not in table.to_act()


async def test_those_whose_hold_is_over_go_one_per_pass_not_all_at_once():
    seconds = itertools.count()
    answers = AnswersFirst(hold=0.05, clock=lambda: float(next(seconds)))
    gone: list[int] = []

    async def waiting(n: int) -> None:
        await answers.turn()
        gone.append(n)

    with answers.answering():  # an answer that does not end
        held = [asyncio.ensure_future(waiting(n)) for n in range(4)]
        seen = [0]
        async with asyncio.timeout(5):
            while len(gone) < 4:
                await asyncio.sleep(0)
                seen.append(len(gone))
        assert max(b - a for a, b in itertools.pairwise(seen)) == 1  # one more per pass of the loop
    await asyncio.gather(*held)
