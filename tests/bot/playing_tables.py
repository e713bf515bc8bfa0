"""A table (in play unless a test says otherwise) built around a game state, without a manager or a store: what the presenter's and the panels'
tests draw."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.tables import PLAYING, Seat, Table
from games.base import GameBase


def playing_table(
    game: GameBase,
    state: BaseModel,
    names: list[str],
    *,
    table_id: int = 1,
    channel: int = 1,
    first_user: int = 100,
    version: int = 1,
    status: str = PLAYING,
    options: dict[str, Any] | None = None,
    **more: Any,
) -> Table:
    """``game``'s table at ``state`` in ``channel``, its seats held by the users ``first_user``, ``first_user + 1``
    … named ``names``, the first one its host; ``more`` are the rest of ``Table``'s fields (``seed``, ``deadline`` …)."""
    seats = [Seat(user_id=first_user + i, name=name) for i, name in enumerate(names)]
    return Table(
        id=table_id,
        guild_id=1,
        channel_id=channel,
        game=game,
        options=options or {},
        host_id=first_user,
        seats=seats,
        status=status,
        version=version,
        turn_seconds=60,
        state=state,
        **more,
    )
