"""The UI kit: buttons that survive restarts, and the views built from them.

Every button's ``custom_id`` is ``parlor:t:<table>:<version>:<verb>`` (DESIGN §3). It only
*names* a table and a wish; the handler checks the seat, the version and the legality.
Version ``0`` means "any version" (lobby buttons and "My hand").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Awaitable, Callable

import discord

TEMPLATE = r"parlor:t:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<verb>[!-~]{1,60})"
MAX_BUTTONS = 25

Handler = Callable[[discord.Interaction, int, int, str], Awaitable[None]]
_handler: Handler | None = None


def set_handler(handler: Handler) -> None:
    """The coroutine every table button lands in (set by the play cog)."""
    global _handler
    _handler = handler


def custom_id(table_id: int, version: int, verb: str) -> str:
    return f"parlor:t:{table_id}:{version}:{verb}"


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, table_id: int, version: int, verb: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, emoji=emoji, disabled=disabled, row=row,
            custom_id=custom_id(table_id, version, verb),
        ))
        self.table_id, self.version, self.verb = table_id, version, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if _handler is None:
            await interaction.response.send_message("Parlor is starting up; try again in a moment.", ephemeral=True)
            return
        await _handler(interaction, self.table_id, self.version, self.verb)


@dataclass(frozen=True)
class ButtonSpec:
    verb: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    versioned: bool = True  # False: the button works whatever the table's version
    row: int | None = None


def build_view(table_id: int, version: int, buttons: list[ButtonSpec]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for spec in buttons[:MAX_BUTTONS]:
        view.add_item(TableButton(
            table_id, version if spec.versioned else 0, spec.verb,
            label=spec.label, style=spec.style, emoji=spec.emoji, disabled=spec.disabled, row=spec.row,
        ))
    return view


def lobby_buttons(full: bool) -> list[ButtonSpec]:
    return [
        ButtonSpec("join", "Join", discord.ButtonStyle.success, disabled=full, versioned=False),
        ButtonSpec("leave", "Leave", versioned=False),
        ButtonSpec("addbot", "Add bot", emoji="🤖", disabled=full, versioned=False),
        ButtonSpec("start", "Start", discord.ButtonStyle.primary, versioned=False),
        ButtonSpec("cancel", "Cancel", discord.ButtonStyle.danger, versioned=False),
    ]


def hand_button() -> ButtonSpec:
    return ButtonSpec("hand", "My hand", discord.ButtonStyle.primary, emoji="🎴", versioned=False)


def relative_time(timestamp: float) -> str:
    return f"<t:{int(timestamp)}:R>"
