"""Paused tables: a league officer stopped the clock of a table in play.

While a table is paused nobody moves, no bot plays and no deadline runs; the seconds its decision had
left are kept (``table_pauses``, migration 0011) and the deadline restarts with them when it resumes.
A row stays while the table is paused, so a paused table is still paused after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import text as user_text


@dataclass(frozen=True)
class Pause:
    officer_id: int
    officer_name: str
    remaining: float | None  # seconds the decision had left (None: no deadline was running)
    at: float

    def line(self) -> str:
        """What the table says while paused (the officer's name escaped)."""
        return f"⏸️ Paused by {user_text.name(self.officer_name)}; moves wait until an officer resumes the table."

    def refusal(self) -> str:
        return (
            f"This table is paused by {user_text.name(self.officer_name)}: nobody can move until an officer "
            "resumes it (your time is kept)."
        )


async def paused_tables(store: Any) -> dict[int, Pause]:
    """Every paused table's pause, by table id (read when tables are restored)."""
    async with (
        store.read() as db,
        db.execute("SELECT table_id, officer_id, officer_name, remaining, at FROM table_pauses") as cur,
    ):
        rows = await cur.fetchall()
    return {int(r[0]): Pause(int(r[1]), r[2], None if r[3] is None else float(r[3]), float(r[4])) for r in rows}


async def save_pause(db: Any, table_id: int, guild_id: int, pause: Pause) -> None:
    await db.execute(
        "INSERT INTO table_pauses (table_id, guild_id, officer_id, officer_name, remaining, at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (table_id, guild_id, pause.officer_id, user_text.plain_name(pause.officer_name), pause.remaining, pause.at),
    )


async def end_pause(db: Any, table_id: int, deadline: float | None) -> None:
    """The table resumes: its pause goes and its deadline is the one that restarted."""
    await db.execute("DELETE FROM table_pauses WHERE table_id = ?", (table_id,))
    await db.execute("UPDATE tables SET deadline = ? WHERE id = ?", (deadline, table_id))
