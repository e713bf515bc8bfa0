"""The players of ``bench_shards``: how each table's two people play, in one of two ways.

- **In place** (the default, as people play): each player keeps the hand panel they have. Parlor edits it in place
  as the game goes on, so a player whose panel offers a move thinks, then clicks its first move; ``/hand`` is used
  only by a player with no live panel (at the start, or after Parlor deleted it). A move is then one click and
  whatever it makes Parlor do: the click's answer (the mover's panel updated in place), the table's redraw, the
  other player's panel edited to offer their move. How long after a move's answer the next move is offered on a
  panel (looked at every ``LOOK_EVERY``) is kept too: what a player waits for before it is their turn.
- **A /hand each turn** (``--hands-each-turn``, the driver of earlier figures): each turn both players open
  ``/hand`` (a new panel, replacing the old one, which Parlor deletes) and the one to move clicks. A move is then
  three interactions, two deletes and the redraws.

Every answer's latency (from dispatching the interaction to the bot's answer) is kept in :class:`Answers`, with the
driver's own moments of each interaction (:class:`Sent`), which ``bench_shards`` sets beside the bot's.
"""

from __future__ import annotations

import asyncio
import random
import time
import weakref
from dataclasses import dataclass, field

from localdiscord import FakeInteraction, FakeMessage, FakeUser, wait_for_answer
from tests.e2e.conftest import action_buttons
from tests.e2e.shard_cluster import Table

LOOK_EVERY = 0.05  # how often a waiting player looks at their panel again (seconds)
ANSWER_WAIT = 60.0  # seconds an answer is waited for: slow answers are measured, not failed
GAME_QUIET = 30.0  # no panel offering a move for this long: the game is over (or stuck), the table stops


@dataclass(frozen=True)
class Sent:
    """The driver's moments of one interaction (``time.monotonic()``): the local Discord began to dispatch it, its
    gateway frame was written to the bot's websocket, and the local Discord had handled the bot's answer."""

    id: int
    dispatched: float
    written: float
    answered: float


@dataclass
class Answers:
    """Every interaction's seconds to its answer, the moves' clicks apart, and when the last answer came."""

    latencies: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)  # time.monotonic() each interaction was dispatched (same order)
    clicks: list[float] = field(default_factory=list)
    offered: list[float] = field(default_factory=list)  # seconds from a move's answer to the next move offered
    moments: list[Sent] = field(default_factory=list)  # the driver's moments of each interaction (same order)
    hands: int = 0  # /hand opened
    last: float = 0.0  # time.monotonic() of the last answer

    async def answer(self, user: FakeUser, inter: FakeInteraction) -> FakeInteraction:
        """Dispatch ``inter`` and wait for its answer only (not for the fake to fall quiet, which it never does
        with 200 tables playing): slow answers are measured, not failed."""
        sent = time.monotonic()
        await user.fake.dispatch_interaction(inter)
        written = time.monotonic()
        # One waiter woken by the answer (the harness's wait looks again every 50 ms, a task each time: with a hundred
        # answers in flight that was a tenth of a core of the driver's), then a deferred answer's content
        async with asyncio.timeout(ANSWER_WAIT):  # no task of its own, as wait_for makes one
            await inter.callback_event.wait()
        await wait_for_answer(user.fake, inter, timeout=ANSWER_WAIT, quiet=0.0, settle_max=0.0)
        self.latencies.append(inter.latency or 0.0)
        self.sent.append(sent)
        self.moments.append(Sent(inter.id, inter.dispatched_at, written, inter.callback_at or written))
        self.last = max(self.last, time.monotonic())
        return inter

    async def open_hand(self, user: FakeUser, table: Table) -> FakeMessage | None:
        self.hands += 1
        return (await self.answer(user, user.prepare_slash("hand", _channel=table.channel))).original

    async def click_first_move(self, user: FakeUser, panel: FakeMessage) -> None:
        _, custom_id, _ = moves_on(panel)[0]
        clicked = await self.answer(user, user.prepare_click(panel, custom_id))
        self.clicks.append(clicked.latency or 0.0)

    def timeline(self, started: float, every: float = 5.0) -> str:
        """The p99 answer latency of each ``every`` seconds of play (by when the interaction was sent), in ms."""
        windows: dict[int, list[float]] = {}
        for sent, latency in zip(self.sent, self.latencies, strict=True):
            windows.setdefault(int((sent - started) // every), []).append(latency)
        return ", ".join(
            f"{n * every:.0f}s {sorted(w)[min(len(w) - 1, int(len(w) * 0.99))] * 1000:.0f}"
            for n, w in sorted(windows.items())
        )


def thinking(table: Table) -> random.Random:
    """Each table's own seeded pace (0.5–1.5× the think time), the same from run to run."""
    return random.Random(table.channel.id)


async def play_in_place(table: Table, moves: int, answers: Answers, think: float = 0.0) -> int:
    """``moves`` moves played on the panels the players hold (see the module's docstring); the moves played."""
    pace = thinking(table)
    panels: dict[int, FakeMessage | None] = {}
    played, waited_since, moved = 0, time.monotonic(), None
    while played < moves:
        for user in table.players:
            if not _live(panels.get(user.id), user):
                await asyncio.sleep(think * (0.5 + pace.random()))
                panels[user.id] = await answers.open_hand(user, table)
        if (turn := _mover(table, panels)) is None:
            if time.monotonic() - waited_since > GAME_QUIET:
                return played
            await asyncio.sleep(LOOK_EVERY)
            continue
        if moved is not None:
            answers.offered.append(time.monotonic() - moved)
        await asyncio.sleep(think * (0.5 + pace.random()))
        mover, panel = turn
        if _offers_move(panel, mover):  # still so after thinking (Parlor may have edited it meanwhile)
            await answers.click_first_move(mover, panel)
            played, waited_since = played + 1, time.monotonic()
            moved = waited_since
    return played


async def play_hands_each_turn(table: Table, turns: int, answers: Answers, think: float = 0.0) -> int:
    """Each turn both players open their hand, the one to move plays their first move; the moves played."""
    pace = thinking(table)
    played = 0
    for _ in range(turns):
        panels: dict[int, FakeMessage | None] = {}
        for user in table.players:
            await asyncio.sleep(think * (0.5 + pace.random()))
            panels[user.id] = await answers.open_hand(user, table)
        if (turn := _mover(table, panels)) is None:
            continue
        await asyncio.sleep(think * (0.5 + pace.random()))
        await answers.click_first_move(*turn)
        played += 1
    return played


def _mover(table: Table, panels: dict[int, FakeMessage | None]) -> tuple[FakeUser, FakeMessage] | None:
    """The player whose panel offers a move, with that panel."""
    for user in table.players:
        panel = panels.get(user.id)
        if panel is not None and _offers_move(panel, user):
            return user, panel
    return None


def _live(panel: FakeMessage | None, user: FakeUser) -> bool:
    """Whether ``user`` still sees ``panel`` (not deleted or dismissed)."""
    return panel is not None and panel.visible_to(user.id)


def _offers_move(panel: FakeMessage, user: FakeUser) -> bool:
    return _live(panel, user) and bool(moves_on(panel))


# a panel -> its components when last read, and their moves (gone with the run's local Discord)
_MOVES: weakref.WeakKeyDictionary[FakeMessage, tuple[list[dict], list[tuple[str, str, bool]]]] = (
    weakref.WeakKeyDictionary()
)


def moves_on(panel: FakeMessage) -> list[tuple[str, str, bool]]:
    """The move buttons ``panel`` offers (``tests/e2e/conftest.py``'s ``action_buttons``), read again only when its
    components changed: an edit replaces them (``localdiscord/models.py``), so the same list shows the same moves. A
    waiting player looks at their panel often; this keeps the players' share of the driver's CPU small."""
    kept = _MOVES.get(panel)
    if kept is None or kept[0] is not panel.components:
        kept = _MOVES[panel] = (panel.components, action_buttons(panel))
    return kept[1]
