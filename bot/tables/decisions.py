"""What a table's game says about the decision now due: its time, who may be named, what a timeout plays."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.tables.table import PLAYING, Table
from games.base import Event, GameBase


def busy(lock: asyncio.Lock) -> bool:
    """Whether taking ``lock`` now would wait: it is held, or others queue for it (asyncio's lock lets a
    newcomer pass only when nobody waits)."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


def acted_counts(seats: int, log_rows: list[Any]) -> list[int]:
    """How many actions each seat has taken, from the table's action log."""
    acted = [0] * seats
    for entry in log_rows:
        if entry.seat is not None:
            acted[entry.seat] += 1
    return acted


def decision_seconds(table: Table) -> int:
    """Seconds for the decision now due: a game may shorten some (``decision_seconds(state, default)``)."""
    if table.state is None:
        return table.turn_seconds
    return table.game.decision_seconds(table.state, table.turn_seconds)


def timeout_action(table: Table, seat: int) -> str | None:
    """What a seat whose time ran out plays, if the game says (``timeout_action(state, seat)``, e.g. a
    call window passes); otherwise None and the bot policy plays for the seat."""
    action = table.game.timeout_action(table.state, seat) if table.state is not None else None
    return action if action is not None and action in table.game.legal_actions(table.state, seat) else None


def decision_continues(table: Table, seat: int, step: list[Event]) -> bool:
    """Whether ``seat``, which has just taken the step whose events are ``step``, is still in the middle
    of the same decision and acts again to finish it. The game says so (``decision_continues(state,
    seat)``: e.g. the rest of a turn, the cards of an exchange chosen one at a time); by default one
    action is one decision. A decision never runs into a new deal."""
    if seat not in table.to_act():  # to_act is empty once the game is over
        return False
    return not any(e.type == "round_start" and e.seat is None for e in step) and table.game.decision_continues(
        table.state, seat
    )


def public_to_act(table: Table) -> list[int]:
    """Seats whose turn may be announced in public; a game may hide who can call (``public_to_act(state)``)."""
    if table.state is None or table.status != PLAYING:
        return table.to_act()
    assert table.game.public_to_act is not None  # GameBase fills in its default
    return table.game.public_to_act(table.state)


def game_options(game: GameBase, options: dict[str, Any], seated: int) -> dict[str, Any]:
    """The options a game starts with: the table's, with ``players`` set to the seats taken."""
    options = dict(options)
    if "players" in game.Options.model_fields:
        options["players"] = seated
    return options
