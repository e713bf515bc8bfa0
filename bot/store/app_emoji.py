"""The application emoji Parlor uploaded (the faces of cards and tiles) and the pictures they show."""

from __future__ import annotations

from bot.store.connection import Connection


class AppEmojiRepository:
    """``store.emoji``: which picture each of an application's emoji shows."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def uploaded(self, application_id: int) -> dict[str, tuple[str, int]]:
        """The faces this application has uploaded: emoji name → (SHA-256 of the picture, emoji id)."""
        async with self._conn.read() as db:
            rows = await self._conn.fetchall(
                db, "SELECT name, sha256, emoji_id FROM app_emoji WHERE application_id = ?", (application_id,)
            )
        return {r["name"]: (r["sha256"], int(r["emoji_id"])) for r in rows}

    async def record(self, application_id: int, name: str, sha256: str | None, emoji_id: int = 0) -> None:
        """Record the emoji ``name`` as showing the picture ``sha256``; ``sha256=None``: it no longer exists."""
        async with self._conn.transaction() as db:
            await db.execute("DELETE FROM app_emoji WHERE application_id = ? AND name = ?", (application_id, name))
            if sha256 is not None:
                await db.execute(
                    "INSERT INTO app_emoji (application_id, name, sha256, emoji_id, uploaded_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (application_id, name, sha256, emoji_id, self._conn.now()),
                )
