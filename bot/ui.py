"""The UI kit: buttons that survive restarts, the views built from them, and where every click lands.

Every component's ``custom_id`` names a table, a version and a wish (DESIGN §3), and nothing else about it
is kept in memory:

- ``parlor:t:<table>:<version>:<verb>`` a button; version ``0`` means "any version" (lobby, "My hand");
- ``parlor:s:<table>:<version>:<verb>`` a menu: the chosen values complete the action (see :func:`_join`);
- ``parlor:m:<table>:<version>:<verb>|<min>|<max>`` an "Other amount…" button, and the number prompt it
  opens (which carries the same id, so its submission can be read after a restart).

:func:`answer_click` is the one place clicks are routed: it reads every click and every prompt submission
from that id alone and answers each exactly once. A wish goes to the table manager, reached through the
typed ``interaction.client.tables`` (which checks table, seat, version and legality and has the presenter
answer); an id that is not Parlor's, or is damaged, gets a short private answer instead of "interaction
failed". The components are :class:`discord.ui.DynamicItem`, so discord.py keeps no state per message and
calls their callbacks; the clicks it does not hand to them (an id no message carries, a damaged one) and
prompt submissions come through :func:`on_interaction`. :func:`answer_refusal` is the one place a
:class:`~bot.tables.Refusal` becomes a private answer, for clicks here and for commands (the command tree).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.client import ParlorClient
from bot.store import SaveFailed
from bot.tables import Refusal, StaleClick

log = logging.getLogger(__name__)

_PARTS = r":(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<verb>[!-~]{1,60})"
TEMPLATE, SELECT_TEMPLATE, AMOUNT_TEMPLATE = "parlor:t" + _PARTS, "parlor:s" + _PARTS, "parlor:m" + _PARTS
ANY_TEMPLATE = "parlor:(?P<kind>[tsm])" + _PARTS
MAX_BUTTONS = 25

NOT_WORKING = "That button no longer works. Use /table to see the table with its current buttons."
NOTHING_CHOSEN = "Nothing was chosen; try again."
SOMETHING_WENT_WRONG = "Something went wrong on Parlor's side; please try again."

LOBBY_VERBS = {"join", "leave", "addbot", "start", "cancel"}


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral answer for the one user, whether or not we answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def custom_id(table_id: int, version: int, verb: str) -> str:
    return f"parlor:t:{table_id}:{version}:{verb}"


async def answer_refusal(interaction: discord.Interaction[ParlorClient], error: BaseException) -> bool:
    """A refusal (or a write the database refused) answered privately to the one user; False for other errors."""
    if not isinstance(error, (Refusal, SaveFailed)):
        return False
    if isinstance(error, StaleClick):  # the answer is the seat's fresh panel, in place of the old one
        try:
            await interaction.client.tables.show_hand(error.table_id, interaction.user.id, interaction,
                                                      replace=True, note=f"⌛ {error}")
            return True
        except Refusal as refusal:  # the game ended meanwhile
            error = refusal
    if isinstance(error, SaveFailed):
        log.warning("could not save (%s)", error.reason)
    await tell(interaction, str(error))
    return True


async def _rebuild(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
    """discord.py's way back from a custom_id to a component (the click itself is :func:`answer_click`'s)."""
    return cls(int(match["table"]), int(match["version"]), match["verb"])


async def _clicked(self: discord.ui.DynamicItem, interaction: discord.Interaction[ParlorClient]) -> None:
    await answer_click(interaction)


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, table_id: int, version: int, verb: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, emoji=emoji, disabled=disabled, row=row,
            custom_id=custom_id(table_id, version, verb),
        ))

    from_custom_id = classmethod(_rebuild)
    callback = _clicked


def _join(verb: str, values: list[str]) -> str:
    """A select's action: its verb, then the chosen values joined by ``+`` (``"ex:1L+3C1"``).

    A select whose verb is empty is a plain menu of actions: the chosen value *is* the action.
    """
    return f"{verb}:{'+'.join(values)}" if verb else values[0]


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, table_id: int, version: int, verb: str, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"parlor:s:{table_id}:{version}:{verb or '-'}"))

    from_custom_id = classmethod(_rebuild)
    callback = _clicked


class AmountButton(discord.ui.DynamicItem[discord.ui.Button], template=AMOUNT_TEMPLATE):
    """A button that opens a number prompt; its custom_id carries verb and bounds as ``verb|min|max``."""

    def __init__(self, table_id: int, version: int, verb: str, *, label: str = "Other amount…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, row=row,
                                           custom_id=f"parlor:m:{table_id}:{version}:{verb}"))

    from_custom_id = classmethod(_rebuild)
    callback = _clicked


def _amount_verb(verb: str) -> tuple[str, int, int] | None:
    """``"bet:{}|10|200"`` → ``("bet:{}", 10, 200)``; None when the bounds are missing or do not parse."""
    parts = verb.rsplit("|", 2)
    if len(parts) != 3 or not all(re.fullmatch(r"-?[0-9]{1,12}", bound) for bound in parts[1:]):
        return None
    low, high = int(parts[1]), int(parts[2])
    return (parts[0], low, high) if low <= high else None


def amount_prompt(prompt_id: str, low: int, high: int) -> discord.ui.Modal:
    """The "Other amount…" prompt. It is stopped before it is sent, so discord.py keeps nothing of it:
    its submission is read by :func:`route` from its custom_id and text, before or after a restart."""
    modal = discord.ui.Modal(title="Enter an amount", custom_id=prompt_id, timeout=None)
    modal.add_item(discord.ui.TextInput(label=f"Amount ({low}–{high})", placeholder=f"{low}–{high}", max_length=12))
    modal.stop()
    return modal


def _submitted_text(data: dict[str, Any]) -> str:
    """The text typed into a prompt's one text input (action-row or Label layout)."""
    for row in data.get("components") or []:
        for item in row.get("components") or [row.get("component") or {}]:
            if item.get("type") == discord.ComponentType.text_input.value:
                return str(item.get("value") or "")
    return ""


def _whole_number(text: str, low: int, high: int) -> int | None:
    raw = text.strip().replace(",", "").replace("_", "")
    if not re.fullmatch(r"-?[0-9]{1,12}", raw) or not low <= int(raw) <= high:
        return None
    return int(raw)


def _reaches_dynamic_item(interaction: discord.Interaction) -> bool:
    """Whether discord.py hands this click to one of the DynamicItems above: it does when the custom_id fits
    their templates and the clicked message carries that component (any other click it drops silently)."""
    data = interaction.data or {}
    wanted = data.get("custom_id")
    if interaction.message is None or not re.fullmatch(ANY_TEMPLATE, str(wanted)):
        return False
    view = discord.ui.View.from_message(interaction.message, timeout=None)
    return any(item.type.value == data.get("component_type") and getattr(item, "custom_id", None) == wanted
               for item in view.walk_children())


async def on_interaction(interaction: discord.Interaction[ParlorClient]) -> None:
    """The clicks no DynamicItem callback receives, and prompt submissions (commands are the tree's)."""
    if interaction.type is discord.InteractionType.modal_submit or (
            interaction.type is discord.InteractionType.component and not _reaches_dynamic_item(interaction)):
        await answer_click(interaction)


async def answer_click(interaction: discord.Interaction[ParlorClient]) -> None:
    """Answer one click or prompt submission, exactly once."""
    try:
        await _route(interaction)
    except Exception as error:
        if await answer_refusal(interaction, error):
            return
        log.exception("answering a click failed")  # not its custom_id: it may name a card in a hand
        if not interaction.response.is_done():
            await interaction.response.send_message(SOMETHING_WENT_WRONG, ephemeral=True)


async def _route(interaction: discord.Interaction[ParlorClient]) -> None:
    data: dict[str, Any] = dict(interaction.data or {})
    wanted = str(data.get("custom_id", ""))
    submitted = interaction.type is discord.InteractionType.modal_submit
    match = re.fullmatch(ANY_TEMPLATE, wanted)
    if match is None or (submitted and match["kind"] != "m"):
        raise Refusal(NOT_WORKING)
    table_id, version, verb = int(match["table"]), int(match["version"]), match["verb"]
    if match["kind"] == "t":
        await _wish(interaction, table_id, version, verb)
    elif match["kind"] == "s":
        values = [str(v) for v in data.get("values") or []]
        if not values:
            raise Refusal(NOTHING_CHOSEN)
        await _wish(interaction, table_id, version, "a:" + _join("" if verb == "-" else verb, values))
    elif (amount := _amount_verb(verb)) is None:
        raise Refusal(NOT_WORKING)
    elif not submitted:
        await interaction.response.send_modal(amount_prompt(wanted, amount[1], amount[2]))
    elif (number := _whole_number(_submitted_text(data), amount[1], amount[2])) is None:
        raise Refusal(f"Please enter a whole number from {amount[1]} to {amount[2]}.")
    else:
        await _wish(interaction, table_id, version, "a:" + amount[0].replace("{}", str(number)))


async def _wish(interaction: discord.Interaction[ParlorClient], table_id: int, version: int, verb: str) -> None:
    """A table button, menu or prompt, handed to the table manager. It acts only on the table of the channel
    it was clicked in (so permissions such as Manage Server are those of that table's server)."""
    tables, user = interaction.client.tables, interaction.user
    table = tables.get(table_id)
    if table is not None and (table.guild_id, table.channel_id) != (interaction.guild_id, interaction.channel_id):
        raise Refusal("That button belongs to a table in another channel; it does nothing here.")
    if table is None or (not table.is_open and verb in LOBBY_VERBS):
        raise Refusal("This table is closed. Open a new one with /play.")
    if verb == "join":
        await tables.join(table_id, user.id, user.display_name, interaction)
    elif verb == "leave":
        await tables.leave(table_id, user.id, interaction)
    elif verb == "addbot":
        await tables.add_bot(table_id, user.id, interaction)
    elif verb == "start":
        await tables.start(table_id, user.id, interaction)
    elif verb == "cancel":
        admin = bool(interaction.permissions and interaction.permissions.manage_guild)
        await tables.cancel(table_id, user.id, name=user.display_name, is_admin=admin, origin=interaction)
    elif verb == "hand":
        await tables.show_hand(table_id, user.id, interaction)
    elif verb.startswith("a:"):
        await tables.act(table_id, user.id, version, verb[2:], interaction)
    else:
        raise Refusal("That button is not one of Parlor's.")


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
