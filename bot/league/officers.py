"""League officers: who may run the league's officer commands, and every officer action on the record.

A server names a league-officer role (``league_settings.officer_role``); members with it, and members
with **Manage Server**, are officers. Every officer action is one row of ``officer_actions`` (who, when,
what, on what, why), written in the same transaction as the change it made, so the record and the change
land together or not at all; rows are never changed or deleted (the database refuses).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot import text as user_text

REFUSAL = "Sorry, only league officers{role} or members with the **Manage Server** permission can do that."
REASON_MAX = 300  # characters of a reason kept (a reason is shown in /league log)
ACTION_MAX = 40


@dataclass(frozen=True)
class OfficerAction:
    id: int
    guild_id: int
    officer_id: int
    officer_name: str
    action: str
    target: str
    details: dict[str, Any]
    reason: str
    at: float


async def officer_role(store: Any, guild_id: int) -> int | None:
    """The server's league-officer role, if it named one."""
    async with (
        store.read() as db,
        db.execute("SELECT officer_role FROM league_settings WHERE guild_id = ?", (guild_id,)) as cur,
    ):
        row = await cur.fetchone()
    return None if row is None or row[0] is None else int(row[0])


async def set_officer_role(store: Any, guild_id: int, role_id: int | None, db: Any = None) -> None:
    """Name the server's league-officer role (None: no role; Manage Server still counts)."""
    async with store.transaction() as conn:
        conn = db or conn
        await conn.execute(
            "INSERT INTO league_settings (guild_id, min_games, officer_role, updated_at) VALUES (?, 0, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET officer_role = excluded.officer_role,"
            " updated_at = excluded.updated_at",
            (guild_id, role_id, store.now()),
        )


def is_officer(member: discord.abc.User, permissions: discord.Permissions, role_id: int | None) -> bool:
    """Manage Server, or the officer role (a member's roles; a user outside a server has none)."""
    if permissions.manage_guild:
        return True
    roles = getattr(member, "roles", None) or []
    return role_id is not None and any(role.id == role_id for role in roles)


async def check_officer(interaction: discord.Interaction, store: Any) -> str | None:
    """None when the user may act as an officer here, else the one polite line to answer with."""
    if interaction.guild_id is None:
        return "League commands work in a server's channels, not in direct messages."
    role_id = await officer_role(store, interaction.guild_id)
    if is_officer(interaction.user, interaction.permissions, role_id):
        return None
    return REFUSAL.format(role=f" (<@&{role_id}>)" if role_id is not None else "")


async def record(
    db: Any,
    store: Any,
    guild_id: int,
    officer: discord.abc.User | tuple[int, str],
    action: str,
    reason: str = "",
    target: str = "",
    details: Mapping[str, Any] | None = None,
) -> None:
    """Put an officer action on the record, on ``db`` (a connection of ``store.transaction()``, so the
    record and the change it describes are written together)."""
    officer_id, name = (officer.id, officer.display_name) if isinstance(officer, discord.abc.User) else officer
    if not action or len(action) > ACTION_MAX:
        raise ValueError("an officer action needs a short name")
    await db.execute(
        "INSERT INTO officer_actions (guild_id, officer_id, officer_name, action, target, details, reason, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            officer_id,
            user_text.plain_name(name),
            action,
            target,
            json.dumps(dict(details or {}), sort_keys=True, separators=(",", ":")),
            reason.strip()[:REASON_MAX],
            store.now(),
        ),
    )


async def actions(store: Any, guild_id: int, before: int | None = None, limit: int = 10) -> list[OfficerAction]:
    """The server's officer actions, newest first: ``limit`` of them older than id ``before`` (paging)."""
    sql = (
        "SELECT id, guild_id, officer_id, officer_name, action, target, details, reason, at FROM officer_actions"
        " WHERE guild_id = ?" + (" AND id < ?" if before is not None else "") + " ORDER BY id DESC LIMIT ?"
    )
    params: tuple[Any, ...] = (guild_id, before, limit) if before is not None else (guild_id, limit)
    async with store.read() as db, db.execute(sql, params) as cur:
        rows = await cur.fetchall()
    return [
        OfficerAction(int(r[0]), int(r[1]), int(r[2]), r[3], r[4], r[5], json.loads(r[6]), r[7], float(r[8]))
        for r in rows
    ]
