"""The UI kit: buttons that survive restarts, the views built from them, and where every click lands.

Every component's ``custom_id`` names a table, a version and a wish (docs/design.md §3), and nothing else about it
is kept in memory:

- ``parlor:t:<table>:<version>:<verb>`` a button; version ``0`` means "any version" (lobby, "My hand");
- ``parlor:s:<table>:<version>:<verb>`` a menu: the chosen values complete the action (see :func:`_join`);
- ``parlor:m:<table>:<version>:<verb>|<min>|<max>[|<step>]`` an "Other amount…" button;
- ``parlor:n:<sign-up>:<join|leave>`` a league night's sign-up button (``bot/league/signup_ui.py``), answered by
  its own callback;
- ``parlor:record:<table>`` a finished game's Record button of ``/history`` (``cogs/league.py``), answered by its
  own callback;
- ``parlor:p:<user>:<opening>:<table>:<version>:<verb>|<min>|<max>[|<step>]`` the number prompt it opens, its id
  unique per user and per opening (Discord and discord.py tell open prompts apart by id alone), and complete,
  so its submission can be read after a restart; it is checked against the table's state when submitted.

:func:`answer_click` is the one place clicks are routed: it reads every click and every prompt submission
from that id alone and answers each exactly once. A wish goes to the table manager, reached through the
typed ``interaction.client.tables`` (which checks table, seat, version and legality and has the presenter
answer); an id that is not Parlor's, or is damaged, gets a short private answer instead of "interaction
failed". The table's components are plain buttons and menus in finished views, so discord.py keeps no state per
message; every click on them and every prompt submission comes through :func:`on_interaction`, read from the
interaction's data alone. (A :class:`discord.ui.DynamicItem` would make discord.py rebuild a view of every
component of the clicked message, and the item, on each click: a cog's own rarely clicked buttons, the sign-up's
and /history's Record, are such items, registered with :func:`add_dynamic_items`.) :func:`answer_refusal` is the
one place a :class:`~bot.tables.Refusal` becomes a private answer, for clicks here and for commands (the command
tree).
"""

from __future__ import annotations

import logging
import math
import re
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard, cast

import discord

from bot import text as user_text
from bot.client import ParlorClient
from bot.components import MENU_WIDTH, Components, Rows, button_json
from bot.message_edits import Sent, edit_original
from bot.store import SaveFailed
from bot.tables import Refusal, StaleClick

log = logging.getLogger(__name__)

_PARTS = r":(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<verb>[!-~]{1,60})"
TEMPLATE, SELECT_TEMPLATE, AMOUNT_TEMPLATE = "parlor:t" + _PARTS, "parlor:s" + _PARTS, "parlor:m" + _PARTS
ANY_TEMPLATE = "parlor:(?P<kind>[tsm])" + _PARTS
SIGNUP_TEMPLATE = (
    r"parlor:n:(?P<signup>[0-9]{1,18}):(?P<verb>join|leave)"  # a league night's sign-up (bot/league/signup_ui.py)
)
PROMPT_TEMPLATE = "parlor:p:(?P<user>[0-9]{1,20}):(?P<opening>[0-9a-f]{1,8})" + _PARTS
_ANY, _PROMPT = re.compile(ANY_TEMPLATE), re.compile(PROMPT_TEMPLATE)  # read on every click
MAX_BUTTONS = 25
MAX_ROWS, MAX_OPTIONS = 5, 25  # Discord: five action rows a message, 25 options a menu

NOT_WORKING = "That button no longer works. Use /table to see the table with its current buttons."
NOTHING_CHOSEN = "Nothing was chosen; try again."
SOMETHING_WENT_WRONG = "Something went wrong on Parlor's side; please try again."

LOBBY_VERBS = {"join", "leave", "addbot", "start", "cancel"}


FILLED = "parlor:filled"  # an interaction's ``extras`` key: its deferred "thinking" message shows an answer now


def loading(interaction: discord.Interaction) -> bool:
    """Whether the interaction was answered with a "thinking" deferral that nothing has filled yet."""
    return (
        interaction.response.type is discord.InteractionResponseType.deferred_channel_message
        and not interaction.extras.get(FILLED)
    )


async def fill(interaction: discord.Interaction, **fields: Any) -> Sent:
    """The interaction's original response edited to show ``fields`` (discord.py's keywords): how a deferred
    "thinking" message is filled (a followup doing it is deprecated by Discord)."""
    message = await edit_original(interaction, **fields)
    interaction.extras[FILLED] = True
    return message


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral answer for the one user, whether or not we answered already: the answer itself, the
    deferred "thinking" message filled with it, or a new private message after an answer already given."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
    elif loading(interaction):
        await fill(interaction, content=text)
    else:
        await interaction.followup.send(text, ephemeral=True)


def panel_in_place(interaction: discord.Interaction) -> bool:
    """Whether a hand panel answering ``interaction`` may take the place of the message it came from: only a
    click (or a prompt submitted) on a private message, which only the clicker sees, so their own panel. A
    click on a public message (a move forged onto the table, whose buttons are never moves) is answered with
    a new private message, and the table stays the table."""
    message = interaction.message
    return (
        interaction.type in (discord.InteractionType.component, discord.InteractionType.modal_submit)
        and message is not None
        and message.flags.ephemeral
    )


def custom_id(table_id: int, version: int, verb: str) -> str:
    return f"parlor:t:{table_id}:{version}:{verb}"


async def answer_refusal(interaction: discord.Interaction[ParlorClient], error: BaseException) -> bool:
    """A refusal (or a write the database refused) answered privately to the one user; False for other errors."""
    if not isinstance(error, (Refusal, SaveFailed)):
        return False
    if isinstance(error, StaleClick):  # the answer is the seat's fresh panel, in place of the old one (if it was one)
        try:
            await interaction.client.tables.show_hand(
                error.table_id, interaction.user.id, interaction, replace=True, note=f"⌛ {error}"
            )
            return True
        except Refusal as refusal:  # the game ended meanwhile
            error = refusal
    if isinstance(error, SaveFailed):
        log.warning("could not save (%s)", error.reason)
    await tell(interaction, str(error))
    return True


def _join(verb: str, values: list[str]) -> str:
    """A select's action: its verb, then the chosen values joined by ``+`` (``"ex:1L+3C1"``).

    A select whose verb is empty is a plain menu of actions: the chosen value *is* the action (its id's verb
    is ``-``, or ``-2``, ``-3``… for the further menus of one message).
    """
    return f"{verb}:{'+'.join(values)}" if verb else values[0]


@dataclass(frozen=True)
class Amount:
    """What an "Other amount…" id asks for: ``verb`` with ``{}`` where the number goes, its bounds and step."""

    verb: str
    low: int
    high: int
    step: int = 1

    def fits(self, number: int) -> bool:
        return self.low <= number <= self.high and (number - self.low) % self.step == 0

    def bounds_text(self) -> str:
        steps = f" in steps of {self.step}" if self.step > 1 else ""
        return f"a whole number from {self.low} to {self.high}{steps}"


def _amount_verb(verb: str) -> Amount | None:
    """``"bet:{}|10|200"`` → ``Amount("bet:{}", 10, 200)`` (``"repay:{}|0|960|60"`` has a step of 60);
    None when the bounds are missing or do not parse."""
    parts = verb.split("|")
    if len(parts) not in (3, 4) or not all(re.fullmatch(r"-?[0-9]{1,12}", bound) for bound in parts[1:]):
        return None
    amount = Amount(parts[0], *map(int, parts[1:]))
    return amount if amount.low <= amount.high and amount.step >= 1 else None


def prompt_id(button_id: str, user_id: int) -> str:
    """The id of the prompt one "Other amount…" click opens: the button's, with the user and this opening."""
    table_version_verb = button_id.removeprefix("parlor:m:")
    return f"parlor:p:{user_id}:{secrets.token_hex(3)}:{table_version_verb}"


def amount_prompt(prompt_custom_id: str, amount: Amount) -> discord.ui.Modal:
    """The "Other amount…" prompt. It is stopped before it is sent, so discord.py keeps nothing of it:
    its submission is read by :func:`_route` (then :func:`_submit_prompt`) from its custom_id and text,
    before or after a restart."""
    modal = discord.ui.Modal(title="Enter an amount", custom_id=prompt_custom_id, timeout=None)
    span = f"{amount.low}–{amount.high}"
    modal.add_item(
        discord.ui.TextInput(
            label=f"Amount ({span})",
            max_length=12,
            placeholder=span + (f", steps of {amount.step}" if amount.step > 1 else ""),
        )
    )
    modal.stop()
    return modal


def _submitted_text(data: Mapping[str, Any]) -> str:
    """The text typed into a prompt's one text input (action-row or Label layout)."""
    for row in data.get("components") or []:
        for item in row.get("components") or [row.get("component") or {}]:
            if item.get("type") == discord.ComponentType.text_input.value:
                return str(item.get("value") or "")
    return ""


def _whole_number(text: str, amount: Amount) -> int | None:
    raw = text.strip().replace(",", "").replace("_", "")
    if not re.fullmatch(r"-?[0-9]{1,12}", raw) or not amount.fits(int(raw)):
        return None
    return int(raw)


_TEMPLATES: list[re.Pattern[str]] = []  # the ids of the registered DynamicItems: their clicks are theirs


def add_dynamic_items(client: discord.Client, *items: type[discord.ui.DynamicItem[Any]]) -> None:
    """Register components that route themselves (a :class:`discord.ui.DynamicItem`: a cog's own, such as a
    sign-up's buttons or /history's Record) with discord.py and with :func:`on_interaction`, which then leaves
    their clicks to them."""
    client.add_dynamic_items(*items)
    for item in items:
        if item.__discord_ui_compiled_template__ not in _TEMPLATES:
            _TEMPLATES.append(item.__discord_ui_compiled_template__)


def _data(interaction: discord.Interaction) -> Mapping[str, Any]:
    """The interaction's data as Discord sent it (read, not copied)."""
    return cast(Mapping[str, Any], interaction.data or {})


def _reaches_dynamic_item(interaction: discord.Interaction) -> bool:
    """Whether discord.py hands this click to one of the DynamicItems: it does when the custom_id fits their
    templates and the clicked message carries that component (any other click it drops silently)."""
    data = _data(interaction)
    wanted = str(data.get("custom_id"))
    if interaction.message is None or not any(template.fullmatch(wanted) for template in _TEMPLATES):
        return False
    return any(
        component.type.value == data.get("component_type") and getattr(component, "custom_id", None) == wanted
        for component in _walk(interaction.message.components)
    )


def _walk(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a message, those inside rows (and containers, sections) included: read as Discord sent
    them, without building a view of them (which costs a button object per button, on every click)."""
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", ()))
        if (accessory := getattr(component, "accessory", None)) is not None:
            yield accessory


async def on_interaction(interaction: discord.Interaction[ParlorClient]) -> None:
    """The clicks no DynamicItem callback receives, and prompt submissions (commands are the tree's)."""
    if interaction.type is discord.InteractionType.modal_submit or (
        interaction.type is discord.InteractionType.component and not _reaches_dynamic_item(interaction)
    ):
        await answer_click(interaction)


async def answer_click(interaction: discord.Interaction[ParlorClient]) -> None:
    """Answer one click or prompt submission, exactly once; redraws and bots' turns wait for it under load
    (bot/answers_first.py)."""
    with interaction.client.tables.answers.answering():
        await _answer_click(interaction)


async def _answer_click(interaction: discord.Interaction[ParlorClient]) -> None:
    try:
        await _route(interaction)
    except Exception as error:
        if await answer_refusal(interaction, error):
            return
        log.exception("answering a click failed")  # not its custom_id: it may name a card in a hand
        if not interaction.response.is_done():
            await interaction.response.send_message(SOMETHING_WENT_WRONG, ephemeral=True)


async def _route(interaction: discord.Interaction[ParlorClient]) -> None:
    data = _data(interaction)
    wanted = str(data.get("custom_id", ""))
    if interaction.type is discord.InteractionType.modal_submit:
        return await _submit_prompt(interaction, wanted, data)
    match = _ANY.fullmatch(wanted)
    if match is None:
        raise Refusal(NOT_WORKING)
    table_id, version, verb = int(match["table"]), int(match["version"]), match["verb"]
    if match["kind"] == "t":
        await _wish(interaction, table_id, version, verb)
    elif match["kind"] == "s":
        values = [str(v) for v in data.get("values") or []]
        if not values:
            raise Refusal(NOTHING_CHOSEN)
        await _wish(interaction, table_id, version, "a:" + _join("" if verb.startswith("-") else verb, values))
    elif (amount := _amount_verb(verb)) is None:
        raise Refusal(NOT_WORKING)
    else:
        await interaction.response.send_modal(amount_prompt(prompt_id(wanted, interaction.user.id), amount))


async def _submit_prompt(interaction: discord.Interaction[ParlorClient], wanted: str, data: Mapping[str, Any]) -> None:
    """A submitted number prompt: the user's own, its number within bounds, then a wish at the prompt's
    version (the table manager answers a prompt the game has moved past as it answers a stale button)."""
    match = _PROMPT.fullmatch(wanted)
    amount = _amount_verb(match["verb"]) if match else None
    if match is None or amount is None or int(match["user"]) != interaction.user.id:
        raise Refusal(NOT_WORKING)
    if (number := _whole_number(_submitted_text(data), amount)) is None:
        raise Refusal(f"Please enter {amount.bounds_text()}.")
    await _wish(interaction, int(match["table"]), int(match["version"]), "a:" + amount.verb.replace("{}", str(number)))


async def _wish(interaction: discord.Interaction[ParlorClient], table_id: int, version: int, verb: str) -> None:
    """A table button, menu or prompt, handed to the table manager. It acts only on the table of the channel
    it was clicked in (so permissions such as Manage Server are those of that table's server)."""
    tables, user = interaction.client.tables, interaction.user
    table = tables.get(table_id) or await tables.load(table_id)  # another process may have opened it
    if table is not None and (table.guild_id, table.channel_id) != (interaction.guild_id, interaction.channel_id):
        raise Refusal("That button belongs to a table in another channel; it does nothing here.")
    if table is None or (not table.is_open and verb in LOBBY_VERBS):
        raise Refusal("This table is closed. Open a new one with /play.")
    if verb == "join":
        await tables.join(table_id, user.id, user_text.plain_name(user.display_name), interaction)
    elif verb == "leave":
        await tables.leave(table_id, user.id, interaction)
    elif verb == "addbot":
        await tables.add_bot(table_id, user.id, interaction)
    elif verb == "start":
        await tables.start(table_id, user.id, interaction)
    elif verb == "cancel":
        admin = bool(interaction.permissions and interaction.permissions.manage_guild)
        await tables.cancel(
            table_id, user.id, name=user_text.plain_name(user.display_name), is_admin=admin, origin=interaction
        )
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
    emojis: Mapping[str, str] = field(default_factory=dict)  # value → its option's emoji (a card's face)


@dataclass(frozen=True)
class AmountSpec:
    """A button opening a number prompt; ``verb`` contains ``{}`` where the amount goes (``"bet:{}"``)."""

    verb: str
    minimum: int
    maximum: int
    label: str = "Other amount…"
    row: int | None = None
    step: int = 1

    def id_verb(self) -> str:
        return f"{self.verb}|{self.minimum}|{self.maximum}" + (f"|{self.step}" if self.step > 1 else "")


@dataclass(frozen=True)
class ButtonSpec:
    verb: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    versioned: bool = True  # False: the button works whatever the table's version
    row: int | None = None


Item = ButtonSpec | SelectSpec | AmountSpec


def build_view(table_id: int, version: int, items: Sequence[Item]) -> Components:
    """Components for a message, always within Discord's limits: when the items do not fit in five rows of
    five buttons (or a menu), every action goes into menus of 25; when even those do not fit, each family of
    numbered actions (``repay:60``, ``repay:120``…) becomes an "Other amount…" prompt. No action is left out."""
    items = list(items)
    for arrange in (list, _as_menus, _as_prompts):
        try:
            return _view(table_id, version, arrange(items))
        except ValueError:  # no room left in a row or in the message
            continue
    raise ValueError(f"{len(items)} components do not fit in one message")


def _view(table_id: int, version: int, items: list[Item]) -> Components:
    """The items' components, as discord.py would write a view of them (bot/components.py). Its clicks are routed
    by their custom_id (on_interaction), so discord.py keeps nothing of the view."""
    rows = Rows()
    menus = 0
    for spec in items:
        if isinstance(spec, ButtonSpec):
            verb_id = custom_id(table_id, version if spec.versioned else 0, spec.verb)
            rows.add(button_json(verb_id, spec.label[:80], spec.style, spec.emoji, spec.disabled), spec.row)
        elif isinstance(spec, SelectSpec):
            if len(spec.options) > MAX_OPTIONS:
                raise ValueError("a menu holds 25 options")
            menus += not spec.verb
            verb = spec.verb or ("-" if menus == 1 else f"-{menus}")  # plain menus: "-", "-2", "-3"… (unique ids)
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=f"parlor:s:{table_id}:{version}:{verb}",
                placeholder=spec.placeholder[:150],
                min_values=spec.min_values,
                max_values=min(spec.max_values, len(spec.options)),
                options=[
                    discord.SelectOption(label=label[:100], value=value, emoji=spec.emojis.get(value))
                    for value, label in spec.options
                ],
            )
            rows.add(dict(select.to_component_dict()), spec.row, MENU_WIDTH)
        else:
            asks = f"parlor:m:{table_id}:{version}:{spec.id_verb()}"
            rows.add(button_json(asks, spec.label[:80], discord.ButtonStyle.secondary), spec.row)
    return Components(rows.json())


def _is_action(item: Item) -> TypeGuard[ButtonSpec | SelectSpec]:
    return (isinstance(item, ButtonSpec) and item.verb.startswith("a:") and not item.disabled) or (
        isinstance(item, SelectSpec) and not item.verb
    )


def _options(item: ButtonSpec | SelectSpec) -> list[tuple[str, str]]:
    return item.options if isinstance(item, SelectSpec) else [(item.verb[2:], item.label)]


def _emojis(item: ButtonSpec | SelectSpec) -> Mapping[str, str]:
    if isinstance(item, SelectSpec):
        return item.emojis
    return {item.verb[2:]: item.emoji} if item.emoji else {}


def _as_menus(items: list[Item]) -> list[Item]:
    """Every action (plain action buttons and plain menus) in menus of 25, each keeping its emoji; the other
    items after them."""
    options = [option for item in items if _is_action(item) for option in _options(item)]
    emojis = {value: emoji for item in items if _is_action(item) for value, emoji in _emojis(item).items()}
    menus: list[Item] = [
        SelectSpec(
            options[start : start + MAX_OPTIONS],
            placeholder=f"Your move ({start + 1}–{min(start + MAX_OPTIONS, len(options))})…",
            emojis={v: emojis[v] for v, _ in options[start : start + MAX_OPTIONS] if v in emojis},
        )
        for start in range(0, len(options), MAX_OPTIONS)
    ]
    return menus + [replace(item, row=None) for item in items if not _is_action(item)]


def _numbered(action: str) -> tuple[str, int] | None:
    """``"repay:120"`` → ``("repay:{}", 120)``: an action that is a family's verb with a number."""
    match = re.fullmatch(r"(.*:)(-?[0-9]{1,12})", action)
    return (match[1] + "{}", int(match[2])) if match else None


def _as_prompts(items: list[Item]) -> list[Item]:
    """Each family of more than 5 numbered actions becomes one "Other amount…" prompt between its least and
    greatest number (the step is what they have in common); the rest goes into menus."""
    families: dict[str, list[int]] = {}
    for item in items:
        if _is_action(item):
            for value, _ in _options(item):
                if (numbered := _numbered(value)) is not None:
                    families.setdefault(numbered[0], []).append(numbered[1])
    prompted = {verb: sorted(numbers) for verb, numbers in families.items() if len(numbers) > 5}
    prompts: list[Item] = [
        AmountSpec(
            verb,
            numbers[0],
            numbers[-1],
            label=f"{verb.split(':')[0].capitalize()}…",
            step=math.gcd(*(n - numbers[0] for n in numbers)) or 1,
        )
        for verb, numbers in prompted.items()
    ]
    kept: list[Item] = []
    for item in items:
        if _is_action(item):
            options = [(v, label) for v, label in _options(item) if (_numbered(v) or ("", 0))[0] not in prompted]
            if options:
                kept.append(
                    SelectSpec(options, placeholder=item.placeholder, emojis=item.emojis)
                    if isinstance(item, SelectSpec)
                    else item
                )
        else:
            kept.append(item)
    return _as_menus(kept) + prompts


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
