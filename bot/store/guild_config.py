"""A guild's configuration (``/config``): its turn time, allowed channels and starting balance."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite
from pydantic import Field

from bot.store.connection import Connection, json_text
from bot.store.rows import Row

CONFIG_KEYS = ("turn_seconds", "allowed_channels", "starting_balance")


class GuildConfig(Row):
    guild_id: int
    turn_seconds: int | None = None  # None: use the process default
    allowed_channels: list[int] = Field(default_factory=list)  # empty: any channel
    starting_balance: int | None = None
    updated_at: float | None = None  # None: never configured

    def channel_allowed(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels

    def effective_turn_seconds(self, default: int) -> int:
        return self.turn_seconds if self.turn_seconds is not None else default


class GuildConfigRepository:
    """``store.config``: read and change a guild's configuration."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def get(self, guild_id: int) -> GuildConfig:
        async with self._conn.use() as db:
            return await self._config(db, guild_id)

    async def set(self, guild_id: int, **changes: Any) -> GuildConfig:
        """Change some of ``turn_seconds``, ``allowed_channels``, ``starting_balance``
        (``None`` resets a value to its default)."""
        unknown = set(changes) - set(CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown config keys: {', '.join(sorted(unknown))}")
        if "allowed_channels" in changes and changes["allowed_channels"] is None:
            changes["allowed_channels"] = []
        async with self._conn.transaction() as db:
            current = await self._config(db, guild_id)
            merged = current.model_copy(update=changes)
            merged = GuildConfig.model_validate(merged.model_dump())  # re-validate the changes
            channels = sorted(dict.fromkeys(int(c) for c in merged.allowed_channels or []))
            await db.execute(
                "INSERT INTO guild_config (guild_id, turn_seconds, allowed_channels, starting_balance, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " turn_seconds = excluded.turn_seconds, allowed_channels = excluded.allowed_channels,"
                " starting_balance = excluded.starting_balance, updated_at = excluded.updated_at",
                (guild_id, merged.turn_seconds, json_text(channels), merged.starting_balance, self._conn.now()),
            )
            return await self._config(db, guild_id)

    async def _config(self, db: aiosqlite.Connection, guild_id: int) -> GuildConfig:
        row = await self._conn.fetchone(db, "SELECT * FROM guild_config WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildConfig(guild_id=guild_id)
        data = dict(row)
        data["allowed_channels"] = json.loads(data["allowed_channels"]) if data["allowed_channels"] else []
        return GuildConfig(**data)
