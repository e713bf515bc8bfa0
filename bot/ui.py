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
SELECT_TEMPLATE = r"parlor:s:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<verb>[!-~]{1,60})"
AMOUNT_TEMPLATE = r"parlor:m:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<verb>[!-~]{1,60})"
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


def _join(verb: str, values: list[str]) -> str:
    """A select's action: its verb, then the chosen values joined by ``+`` (``"ex:1L+3C1"``).

    A select whose verb is empty is a plain menu of actions: the chosen value *is* the action.
    """
    return f"{verb}:{'+'.join(values)}" if verb else values[0]


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, table_id: int, version: int, verb: str, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"parlor:s:{table_id}:{version}:{verb or '-'}"))
        self.table_id, self.version, self.verb = table_id, version, "" if verb == "-" else verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]
        if _handler is None or not values:
            await interaction.response.send_message("Nothing was chosen; try again.", ephemeral=True)
            return
        await _handler(interaction, self.table_id, self.version, "a:" + _join(self.verb, values))


class AmountModal(discord.ui.Modal):
    """Asks for a whole number; the action sent is the verb with ``{}`` replaced by it."""

    def __init__(self, table_id: int, version: int, verb: str, *, title: str, label: str,
                 minimum: int, maximum: int) -> None:
        super().__init__(title=title[:45], custom_id=f"parlor:m:{table_id}:{version}:{verb}"[:100], timeout=None)
        self.table_id, self.version, self.verb = table_id, version, verb
        self.minimum, self.maximum = minimum, maximum
        self.amount = discord.ui.TextInput(label=label[:45], placeholder=f"{minimum}–{maximum}", max_length=12)
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        raw = self.amount.value.strip().replace(",", "").replace("_", "")
        if not raw.lstrip("-").isdigit() or not self.minimum <= int(raw) <= self.maximum:
            await interaction.response.send_message(
                f"Please enter a whole number from {self.minimum} to {self.maximum}.", ephemeral=True)
            return
        if _handler is not None:
            await _handler(interaction, self.table_id, self.version, "a:" + self.verb.replace("{}", str(int(raw))))


class AmountButton(discord.ui.DynamicItem[discord.ui.Button], template=AMOUNT_TEMPLATE):
    """A button that opens :class:`AmountModal`; its custom_id carries verb and bounds as ``verb|min|max``."""

    def __init__(self, table_id: int, version: int, verb: str, *, label: str = "Other amount…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, row=row,
                                           custom_id=f"parlor:m:{table_id}:{version}:{verb}"))
        self.table_id, self.version, self.verb = table_id, version, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        verb, low, high = self.verb.rsplit("|", 2)
        await interaction.response.send_modal(AmountModal(
            self.table_id, self.version, verb, title="Enter an amount", label=f"Amount ({low}–{high})",
            minimum=int(low), maximum=int(high)))


@dataclass(frozen=True)
class SelectSpec:
    """A menu. ``verb=""``: each option value is an action. Otherwise the action is
    ``verb:<v1>+<v2>…`` for the chosen values (``min_values``..``max_values`` of them)."""

    options: list[tuple[str, str]]  # (value, label)
    placeholder: str = "Choose…"
    verb: str = ""
    min_values: int = 1
    max_values: int = 1
    row: int | None = None


@dataclass(frozen=True)
class AmountSpec:
    """A button opening a number prompt; ``verb`` contains ``{}`` where the amount goes (``"bet:{}"``)."""

    verb: str
    minimum: int
    maximum: int
    label: str = "Other amount…"
    row: int | None = None


@dataclass(frozen=True)
class ButtonSpec:
    verb: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    versioned: bool = True  # False: the button works whatever the table's version
    row: int | None = None


def build_view(table_id: int, version: int, items: list[ButtonSpec | SelectSpec | AmountSpec]) -> discord.ui.View:
    """Components for a message. More than 25 plain buttons become a menu of actions."""
    buttons = [i for i in items if isinstance(i, ButtonSpec)]
    if len(buttons) > MAX_BUTTONS:
        items = [i for i in items if not isinstance(i, ButtonSpec)]
        for start in range(0, len(buttons), 25):
            chunk = buttons[start:start + 25]
            items.append(SelectSpec([(b.verb[2:] if b.verb.startswith("a:") else b.verb, b.label) for b in chunk],
                                    placeholder=f"Your move ({start + 1}–{start + len(chunk)})…"))
    view = discord.ui.View(timeout=None)
    for spec in items:
        if isinstance(spec, ButtonSpec):
            view.add_item(TableButton(
                table_id, version if spec.versioned else 0, spec.verb,
                label=spec.label, style=spec.style, emoji=spec.emoji, disabled=spec.disabled, row=spec.row,
            ))
        elif isinstance(spec, SelectSpec):
            select = discord.ui.Select(
                custom_id=f"parlor:s:{table_id}:{version}:{spec.verb or '-'}", placeholder=spec.placeholder[:150],
                min_values=spec.min_values, max_values=min(spec.max_values, len(spec.options)), row=spec.row,
                options=[discord.SelectOption(label=label[:100], value=value) for value, label in spec.options[:25]],
            )
            view.add_item(TableSelect(table_id, version, spec.verb or "-", select))
        else:
            view.add_item(AmountButton(table_id, version, f"{spec.verb}|{spec.minimum}|{spec.maximum}",
                                       label=spec.label, row=spec.row))
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
