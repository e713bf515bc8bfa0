"""A stored table's moves and its end, written through the store as the table manager writes them: a player's
click unless a test says otherwise, against the table's own version unless a test names a stale one."""

from __future__ import annotations

from typing import Any

from bot.store import ActionSource, PlayedMove, Store, TableRow


async def record_move(
    store: Store,
    table: TableRow,
    action: str,
    snapshot: Any,
    *,
    seat: int = 0,
    actor: int | None = 1,
    source: ActionSource = "player",
    deadline: float | None = None,
    version: int | None = None,
) -> TableRow:
    """``action`` by ``seat`` recorded at ``table``, the table's snapshot after it ``snapshot``; ``table`` at the new
    version it returns (its other columns as they were: read the table again to see what was stored)."""
    expected = table.version if version is None else version
    move = PlayedMove(seat, action, actor, source)
    moved = await store.tables.record_action(
        table.id, move, snapshot=snapshot, deadline=deadline, expected_version=expected
    )
    return table.model_copy(update={"version": moved})


async def finish_with_move(
    store: Store,
    table: TableRow,
    results: list[dict[str, Any]],
    snapshot: Any = '{"over": true}',
    *,
    seat: int = 0,
    action: str = "stop",
    actor: int | None = 1,
) -> TableRow:
    """``table`` finished by a player's last move (``action`` by ``seat``), its ``results`` booked."""
    move = PlayedMove(seat, action, actor)
    return await store.tables.finish(
        table.id, move=move, snapshot=snapshot, expected_version=table.version, results=results
    )


def user_results(users: list[int], amounts: list[int], placings: list[int], **more: Any) -> list[dict[str, Any]]:
    """The result lines of a table whose seats are all ``users`` (named ``user<id>``), in seat order; ``more`` are
    fields every line carries (``kind`` …)."""
    return [
        {"participant": f"user:{u}", "user_id": u, "name": f"user{u}", "seat": s, "amount": a, "placing": p, **more}
        for s, (u, a, p) in enumerate(zip(users, amounts, placings, strict=True))
    ]
