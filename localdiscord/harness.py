"""Test-side API of the local fake Discord: users who type slash commands, click
buttons, pick from selects and submit modals, and the results of those interactions.
``clients.py`` runs a discord.py client against the fake.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any, Generic, TypeVar, Union, cast, overload

from .component_input import ModalFilling, find_button, find_select, select_values
from .errors import HarnessError
from .models import BUTTON, STRING_SELECT, Channel, FakeInteraction, FakeMessage, Member
from .server import DiscordServer
from .slash import SUBCOMMANDS, Sender

DEFAULT_TIMEOUT = 5.0
DEFAULT_QUIET = 0.1


class InteractionTimeout(TimeoutError):
    """The bot did not answer an interaction in time."""


MessageLike = Union[FakeMessage, "InteractionResult"]


def _as_message(m: MessageLike) -> FakeMessage:
    if isinstance(m, InteractionResult):
        if m.message is None:
            raise HarnessError(
                f"interaction {m.interaction.label!r} produced no message (callback type {m.response_type})"
            )
        return m.message
    if isinstance(m, FakeMessage):
        return m
    raise TypeError(f"expected a FakeMessage or InteractionResult, got {m!r}")


T = TypeVar("T")


class _Read(Generic[T]):
    """A read-only attribute of an :class:`InteractionResult`: the same attribute of its interaction, or of the
    message it reads (``of_message``)."""

    def __init__(self, attribute: str, *, of_message: bool = False) -> None:
        self.attribute = attribute
        self.of_message = of_message

    @overload
    def __get__(self, result: None, owner: type) -> _Read[T]: ...
    @overload
    def __get__(self, result: InteractionResult, owner: type) -> T: ...
    def __get__(self, result: InteractionResult | None, owner: type) -> _Read[T] | T:
        if result is None:
            return self
        source = result._msg() if self.of_message else result.interaction
        return cast(T, getattr(source, self.attribute))


class InteractionResult:
    """What the bot answered to one interaction. Message-like: ``.content``, ``.embeds``,
    ``.components``, ``.buttons()``, ``.text()``, ``.id``, ``.ephemeral_to`` read the
    response message (for a click answered with UPDATE_MESSAGE / DEFERRED_UPDATE: the
    clicked message, current state)."""

    def __init__(self, fake: DiscordServer, interaction: FakeInteraction, user: FakeUser) -> None:
        self.fake = fake
        self.interaction = interaction
        self.user = user

    # --- what happened ---
    # callback type: 4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal
    response_type = _Read[int | None]("callback_type")
    message = _Read[FakeMessage | None]("original")

    @property
    def followups(self) -> list[FakeMessage]:
        return list(self.interaction.followups)

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message (if any) followed by the followups."""
        return ([self.message] if self.message is not None else []) + self.followups

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    modal = _Read[dict | None]("modal")
    latency = _Read[float | None]("latency")  # seconds from dispatching INTERACTION_CREATE to receiving the callback
    token = _Read[str]("token")

    # --- message-like ---
    def _msg(self) -> FakeMessage:
        return _as_message(self)

    id = _Read[int]("id", of_message=True)
    content = _Read[str]("content", of_message=True)
    embeds = _Read[list[dict]]("embeds", of_message=True)
    embed = _Read[dict | None]("embed", of_message=True)
    components = _Read[list[dict]]("components", of_message=True)
    ephemeral_to = _Read[int | None]("ephemeral_to", of_message=True)

    def buttons(self) -> list[tuple[str | None, str | None, bool]]:
        return self._msg().buttons()

    def text(self) -> str:
        """Text of the response message and all followups."""
        return "\n".join(m.text() for m in self.messages)

    async def submit_modal(self, values: dict[str, Any] | None = None, **kw: Any) -> InteractionResult:
        return await self.user.submit_modal(self, values, **kw)

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.interaction.label!r} type={self.response_type} "
            f"ephemeral={self.ephemeral} message={self.message!r} followups={len(self.followups)}>"
        )


class FakeUser(Member):
    """A guild member who can use the bot. Create with ``fake.add_user(name)``."""

    def __init__(
        self, fake: DiscordServer, id: int, name: str, *, manage_guild: bool = False, guild_id: int | None = None
    ) -> None:
        super().__init__(id=id, name=name, manage_guild=manage_guild, guild_id=guild_id)
        self.fake = fake
        self.interactions: list[FakeInteraction] = []

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"

    # ------------------------------------------------------------------
    # reading
    # ------------------------------------------------------------------
    def visible_messages(self, channel: None | int | str | Channel = None) -> list[FakeMessage]:
        """Public messages plus this user's own ephemerals (current state, oldest first)."""
        return self.fake.visible_messages(self.id, channel)

    def dm_messages(self) -> list[FakeMessage]:
        """Messages the bot sent to this user in direct messages."""
        return [
            m
            for c in self.fake.channels.values()
            if c.type == 1 and c.recipient_id == self.id
            for m in c.messages
            if not m.deleted
        ]

    def ephemeral_messages(self, channel: None | int | str | Channel = None) -> list[FakeMessage]:
        return [m for m in self.visible_messages(channel) if m.ephemeral_to == self.id]

    def last_message(self, channel: None | int | str | Channel = None) -> FakeMessage:
        msgs = self.visible_messages(channel)
        if not msgs:
            raise HarnessError(f"{self.name} sees no messages")
        return msgs[-1]

    # ------------------------------------------------------------------
    # acting
    # ------------------------------------------------------------------
    async def slash(
        self,
        name: str,
        *path: str,
        _channel: None | int | str | Channel = None,
        _timeout: float = DEFAULT_TIMEOUT,
        _quiet: float = DEFAULT_QUIET,
        **options: Any,
    ) -> InteractionResult:
        """Use a slash command: ``await alice.slash("play", "koikoi", players=3)``.
        ``name`` may also hold the whole path ("play koikoi"). Options are matched against
        the registered command (types, choices, required). ``_channel``/``_timeout``/``_quiet``
        control the harness."""
        return await self._run(self.prepare_slash(name, *path, _channel=_channel, **options), _timeout, _quiet)

    def prepare_slash(
        self, name: str, *path: str, _channel: None | int | str | Channel = None, **options: Any
    ) -> FakeInteraction:
        """The interaction :meth:`slash` would send, checked but not dispatched (the playground
        dispatches it itself). Raises :class:`HarnessError` for what Discord's client would refuse."""
        channel = self.fake.get_channel(_channel)
        typed = self.sender().command(name, path, options, channel)
        return self.fake.new_interaction(user_id=self.id, type=2, data=typed.data, channel=channel, label=typed.label)

    async def autocomplete(
        self,
        name: str,
        *path: str,
        _focused: str,
        _channel: None | int | str | Channel = None,
        _timeout: float = DEFAULT_TIMEOUT,
        **options: Any,
    ) -> list[dict]:
        """Type into an autocomplete option: ``await u.autocomplete("play", _focused="game", game="ko")``.
        Returns the choices the bot offered (``[{"name":..., "value":...}]``)."""
        channel = self.fake.get_channel(_channel)
        text = options.pop(_focused, "")
        typed = self.sender().command(name, path, options, channel, focused=_focused)
        container = typed.data["options"]
        while container and container[0].get("type") in SUBCOMMANDS:
            container = container[0]["options"]
        container.append({"name": _focused, "type": typed.focused_type, "value": str(text), "focused": True})
        inter = self.fake.new_interaction(
            user_id=self.id,
            type=4,
            data=typed.data,
            channel=channel,
            label=f"autocomplete {typed.label} {_focused}={text!r}",
        )
        self.interactions.append(inter)
        await self.fake.dispatch_interaction(inter)
        await wait_for_answer(self.fake, inter, timeout=_timeout, quiet=0.0, settle_max=0.0)
        return list(inter.autocomplete_choices or [])

    def sender(self) -> Sender:
        """This user as the one typing a command or choosing in a menu."""
        return Sender(self.fake, self.id, self.guild_id)

    async def click(
        self, message: MessageLike, button: str, *, _timeout: float = DEFAULT_TIMEOUT, _quiet: float = DEFAULT_QUIET
    ) -> InteractionResult:
        """Click a button on ``message`` by exact custom_id, else by exact label."""
        return await self._run(self.prepare_click(message, button), _timeout, _quiet)

    def prepare_click(self, message: MessageLike, button: str, *, shown_before: bool = False) -> FakeInteraction:
        """The interaction :meth:`click` would send, checked but not dispatched. ``shown_before``: the
        clicker's client may still show an earlier version of the message (it was just edited and the
        client has not drawn the edit yet), so a button ``custom_id`` of any earlier version is
        clicked too, as Discord's client sends it. (Discord's docs do not say that Discord checks a
        click against the message's current components; the fake takes the stricter reading that a
        click must name a button the message did show.)"""
        msg = self._check_visible(_as_message(message))
        comp = find_button(msg, button, shown_before=shown_before)
        data = {"custom_id": comp["custom_id"], "component_type": BUTTON}
        label = f"click {comp.get('label') or comp['custom_id']!r}"
        return self._on_component(msg, data, label)

    async def forge_click(
        self,
        message: MessageLike,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        _timeout: float = DEFAULT_TIMEOUT,
        _quiet: float = DEFAULT_QUIET,
    ) -> InteractionResult:
        """A click as a modified client could send it: any ``custom_id`` (a button's, or a string select's
        when ``values`` are given) on ``message``, whatever its components. Discord's own client only sends
        the components a message has."""
        msg = self._check_visible(_as_message(message))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": BUTTON if values is None else STRING_SELECT}
        if values is not None:
            data["values"] = [str(v) for v in values]
        inter = self._on_component(msg, data, f"forged click {custom_id!r}")
        return await self.send(inter, _timeout=_timeout, _quiet=_quiet)

    async def send(
        self, inter: FakeInteraction, *, _timeout: float = DEFAULT_TIMEOUT, _quiet: float = DEFAULT_QUIET
    ) -> InteractionResult:
        """Dispatch an interaction made by one of the ``prepare_*`` methods, perhaps altered first
        (a forged payload: e.g. an option value Discord's client would have refused)."""
        return await self._run(inter, _timeout, _quiet)

    async def select(
        self,
        message: MessageLike,
        custom_id: str,
        values: str | Sequence[Any],
        *,
        _timeout: float = DEFAULT_TIMEOUT,
        _quiet: float = DEFAULT_QUIET,
    ) -> InteractionResult:
        """Choose ``values`` in the select menu ``custom_id`` (string select: option values or labels;
        user select: FakeUsers or ids; channel select: channels, ids or names)."""
        return await self._run(self.prepare_select(message, custom_id, values), _timeout, _quiet)

    def prepare_select(
        self, message: MessageLike, custom_id: str, values: str | Sequence[Any], *, shown_before: bool = False
    ) -> FakeInteraction:
        """The interaction :meth:`select` would send, checked but not dispatched (``shown_before``: as
        for :meth:`prepare_click`, a select of an earlier version of the message, by its custom_id)."""
        msg = self._check_visible(_as_message(message))
        comp = find_select(msg, custom_id, shown_before=shown_before)
        vals = [values] if isinstance(values, (str, int, FakeUser, Channel)) else list(values)
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        data["values"], resolved = select_values(self.sender(), comp, vals)
        if resolved:
            data["resolved"] = resolved
        return self._on_component(msg, data, f"select {comp['custom_id']!r} {data['values']}")

    def _on_component(self, msg: FakeMessage, data: dict[str, Any], label: str) -> FakeInteraction:
        """This user's interaction with a component of ``msg`` (type 3, MESSAGE_COMPONENT), not yet dispatched."""
        return self.fake.new_interaction(
            user_id=self.id, type=3, data=data, channel=self.fake.channels[msg.channel_id], message=msg, label=label
        )

    async def submit_modal(
        self,
        result: InteractionResult,
        values: dict[str, Any] | None = None,
        *,
        _timeout: float = DEFAULT_TIMEOUT,
        _quiet: float = DEFAULT_QUIET,
        **kw_values: Any,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot answered ``result`` with:
        ``values`` maps input custom_ids (or labels) to text (or a list, for selects)."""
        return await self._run(self.prepare_modal(result, values, **kw_values), _timeout, _quiet)

    def prepare_modal(
        self, result: InteractionResult | FakeInteraction, values: dict[str, Any] | None = None, **kw_values: Any
    ) -> FakeInteraction:
        """The modal submission :meth:`submit_modal` would send, checked but not dispatched.
        ``result`` may also be the :class:`FakeInteraction` the bot answered with the modal."""
        src = result.interaction if isinstance(result, InteractionResult) else result
        modal = src.modal
        if modal is None:
            raise HarnessError(f"{src.label!r} was not answered with a modal")
        components = ModalFilling(self.sender(), modal, dict(values or {}, **kw_values)).components()
        data = {"custom_id": modal["custom_id"], "components": components}
        channel = self.fake.channels[src.channel_id]
        return self.fake.new_interaction(
            user_id=self.id,
            type=5,
            data=data,
            channel=channel,
            message=src.message if src.type == 3 else None,
            label=f"submit modal {modal.get('title')!r}",
        )

    async def say(self, content: str, *, channel: None | int | str | Channel = None) -> FakeMessage:
        """Post a plain message (MESSAGE_CREATE reaches the bot if it has the intent)."""
        ch = self.fake.get_channel(channel)
        return await self.fake.create_message(ch, {"content": content}, [], author=self.fake.payloads.user(self.id))

    def dismiss(self, message: MessageLike) -> None:
        """Click "Dismiss message" under one of this user's ephemeral messages: it is gone for good
        (the bot's later edits of it get 404 Unknown Message, as on Discord)."""
        msg = self._check_visible(_as_message(message))
        if msg.ephemeral_to != self.id:
            raise HarnessError(f"only ephemeral messages can be dismissed (message {msg.id} is public)")
        msg.dismissed = True
        self.fake.changed()

    # ------------------------------------------------------------------
    def _check_visible(self, msg: FakeMessage) -> FakeMessage:
        if msg.deleted:
            raise HarnessError(f"message {msg.id} was deleted")
        if not msg.visible_to(self.id):
            raise HarnessError(f"{self.name} cannot see message {msg.id} (ephemeral to {msg.ephemeral_to})")
        return msg

    async def _run(self, inter: FakeInteraction, timeout: float, quiet: float) -> InteractionResult:
        self.interactions.append(inter)
        await self.fake.dispatch_interaction(inter)
        await wait_for_answer(self.fake, inter, timeout=timeout, quiet=quiet)
        return InteractionResult(self.fake, inter, self)


async def wait_for_answer(
    fake: DiscordServer,
    inter: FakeInteraction,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    quiet: float = DEFAULT_QUIET,
    settle_max: float = 2.0,
) -> None:
    """Wait for the callback of ``inter``, then (deferred message) for its content, then until
    the interaction has been quiet for ``quiet`` seconds and no REST call is in flight
    (giving up the quiet wait after ``settle_max`` seconds)."""
    deadline = time.monotonic() + timeout
    while not inter.acknowledged:
        fake.raise_if_client_crashed()
        late = [str(v) for v in fake.violations if v.interaction_id == inter.id]
        if late and fake.reject_late_ack and any(v.startswith("late_ack") for v in late):
            raise InteractionTimeout(f"the bot answered {inter.label!r} too late, Discord refused it: {late}")
        if time.monotonic() > deadline:
            raise InteractionTimeout(
                f"the bot did not answer {inter.label!r} within {timeout}s "
                f"(REST calls for it: {inter.rest_log or 'none'}; violations: {late or 'none'}; "
                f"bot connected: {fake.connected})"
            )
        try:
            await asyncio.wait_for(asyncio.shield(inter.callback_event.wait()), 0.05)
        except TimeoutError:
            pass
    if inter.callback_type == 5:
        while inter.original is not None and inter.original.loading and not inter.followups:
            fake.raise_if_client_crashed()
            if time.monotonic() > deadline:
                raise InteractionTimeout(f"the bot deferred {inter.label!r} but sent nothing within {timeout}s")
            await asyncio.sleep(0.01)
    settle_deadline = time.monotonic() + settle_max
    while time.monotonic() < settle_deadline:
        fake.raise_if_client_crashed()
        now = time.monotonic()
        if fake.inflight == 0 and now - inter.last_activity >= quiet and now - fake.last_activity >= min(quiet, 0.05):
            return
        await asyncio.sleep(0.01)
