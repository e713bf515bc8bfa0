"""A finished game's record, to take away: the **Record** button of ``/history`` and
``python -m bot export --table N``.

A game that declares ``record_log`` gets its own format (Sanma: a Tenhou JSON log, which log viewers
and review tools read, ``games/sanma/tenhou_json.py``); every other game's record is its action log
with the seed it was dealt from and each round's revealed seed and hash, so anyone can deal it again
(``python -m games verify``) and play it through the engine. Both are made by playing the stored
action log again from the seed: a record is a pure function of the stored game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from bot.store import ActionRow, Store, TableRow
from bot.tables import Seat, game_options
from games import get_game
from games.base import Event, GameBase, SeatInfo

FINISHED = "finished"


@dataclass(frozen=True)
class RecordFile:
    filename: str
    data: bytes
    what: str  # a few words for the message that carries the file


def round_seeds(events: list[Any]) -> list[dict[str, Any]]:
    """Each round's seed hash as shown when it started and the seed revealed when it ended, in order."""
    rounds: list[dict[str, Any]] = []
    for event in events:
        seed, digest = getattr(event, "seed", None), getattr(event, "hash", None)
        if digest and not seed:
            rounds.append({"hash": digest})
        elif seed:
            if rounds and "seed" not in rounds[-1] and rounds[-1]["hash"] in (digest, None):
                rounds[-1]["seed"] = seed
            else:
                rounds.append({"hash": digest or hashlib.sha256(seed.encode()).hexdigest(), "seed": seed})
    return rounds


def finished_events(
    game: GameBase, options: dict[str, Any], seats: list[SeatInfo], seed: str, moves: list[tuple[int, str]]
) -> list[Event]:
    """Every event of a finished game from its records: its action log replayed and, where the log stops short of
    the game's end, the end a league officer called early (``GameBase.end_early``), as the table was settled; the
    deal in play then was abandoned, so its events are left out (a record's deals each have a result)."""
    state = game.new_game(game.Options(**options), seats, seed)
    events = list(game.opening_events(state))
    for seat, action in moves:
        events += game.apply(state, seat, action)
    if not game.is_over(state) and game.end_early is not None:  # the deal in play was abandoned: it has no result
        begun = [i for i, event in enumerate(events) if event.type == "round_start" and event.seat is None]
        events = events[: begun[-1] if begun else len(events)] + game.end_early(state)
    return events


def record_file(table: TableRow, actions: list[ActionRow]) -> RecordFile:
    """The record of a finished table (replays its action log: run it in a worker thread)."""
    game = get_game(table.game)
    players = [Seat.from_dict(s) for s in table.seats]
    options = game_options(game, table.options, len(players))
    moves = [(a.seat, a.action) for a in actions if a.seat is not None]  # every move is a seat's
    events = finished_events(game, options, [p.info() for p in players], table.seed or "", moves)
    names = [p.name for p in players]
    if game.record_log is not None:
        log = game.record_log(events, names, game.Options(**options))
        log["title"] = [f"Parlor · {game.title} · table {table.id}", log.get("title", ["", ""])[1]]
        return RecordFile(
            f"parlor-{table.id}-{table.game}.json",
            json.dumps(log, ensure_ascii=False, separators=(",", ":")).encode(),
            f"{game.title} table {table.id} as a Tenhou log (tenhou.net/6 JSON)",
        )
    record = {
        "format": "parlor game log 1",
        "game": table.game,
        "title": game.title,
        "table": table.id,
        "finished_at": table.finished_at,
        "options": options,
        "seats": [{"name": p.name, "bot": p.bot} for p in players],
        "seed": table.seed,
        "seed_sha256": hashlib.sha256((table.seed or "").encode()).hexdigest(),
        "rounds": round_seeds(events),
        "actions": [[seat, action] for seat, action in moves],
    }
    return RecordFile(
        f"parlor-{table.id}-{table.game}.json",
        json.dumps(record, ensure_ascii=False, indent=1).encode(),
        f"{game.title} table {table.id}: its action log and seeds (JSON)",
    )


async def finished_table(
    store: Store, table_id: int, guild_id: int | None = None
) -> tuple[TableRow, list[ActionRow]] | None:
    """A finished table and its actions; None when there is none (or it belongs to another server)."""
    table = await store.tables.get(table_id)
    if table is None or table.status != FINISHED or (guild_id is not None and table.guild_id != guild_id):
        return None
    return table, await store.tables.actions(table_id)
