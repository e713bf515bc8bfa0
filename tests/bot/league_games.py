"""Seeded games stored as the table manager stores them: the table, its seed, every action in the log, and
at the end the game's ledger lines. The seats are played by the game's bot policy; the events each action
gave are returned as plain dicts, for tests that count on their own what the statistics should say."""

from __future__ import annotations

from typing import Any

from bot.store import PlayedMove, Store
from games import get_game
from games.base import SeatInfo

START = 3000  # a money game's seats start with these season chips


async def store_game(
    store: Store,
    guild_id: int,
    channel_id: int,
    game: str,
    players: list[tuple[int | None, str]],
    seed: str,
    options: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Play one game to its end and store it; ``players``: (user id, or None for a bot; name) per seat."""
    declared = get_game(game)
    options = dict(options or {})
    if "players" in declared.Options.model_fields:
        options["players"] = len(players)
    balance = START if declared.uses_balances else None
    seats = [
        {"user_id": uid, "name": name, "bot": uid is None, "resigned": False, "balance": balance}
        for uid, name in players
    ]
    host = next(uid for uid, _ in players if uid is not None)
    table = await store.tables.create(guild_id, channel_id, game, options, host, seats, 90)
    season = await store.seasons.ensure(guild_id)
    state = declared.new_game(
        declared.Options(**options), [SeatInfo(name=n, bot=u is None, balance=balance) for u, n in players], seed
    )
    events = [e.model_dump() for e in declared.opening_events(state)]
    table = await store.tables.start(
        table.id, seats, seed, state.model_dump_json(), None, season.id, expected_version=table.version
    )
    version, moves = table.version, 0
    while True:
        seat = declared.to_act(state)[0]
        legal = declared.legal_actions(state, seat)
        action = declared.bot_choose(declared.view(state, seat), legal, moves)
        if action in ("stop",) and "koikoi" in legal and moves % 2:  # now and then a seat goes on
            action = "koikoi"
        events += [e.model_dump() for e in declared.apply(state, seat, action)]
        moves += 1
        actor = players[seat][0]
        if declared.is_over(state):
            lines = [
                {
                    **line,
                    "participant": f"user:{players[line['seat']][0]}"
                    if players[line["seat"]][0]
                    else f"bot:{table.id}:{line['seat']}",
                    "user_id": players[line["seat"]][0],
                    "name": players[line["seat"]][1],
                }
                for line in declared.ledger_entries(state)
            ]
            await store.tables.finish(
                table.id,
                move=PlayedMove(seat, action, actor),
                snapshot=state.model_dump_json(),
                expected_version=version,
                results=lines,
            )
            return events
        version = await store.tables.record_action(
            table.id, PlayedMove(seat, action, actor), snapshot="{}", deadline=None, expected_version=version
        )
