"""Interactions in the local Discord: creating one for a user's slash command, click, select,
modal or autocomplete and sending it to the bot (INTERACTION_CREATE), and the bot's answer to it —
the callback, with the 3-second deadline and one-answer rule. The webhook routes for the original
response and followups are in ``interaction_webhooks.py``.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .errors import UNKNOWN_INTERACTION, DiscordHTTPError, FormErrors, not_found
from .gateway import Gateway
from .httpio import API, add_routes, json_response, read_body
from .messaging import Messaging
from .models import FLAG_EPHEMERAL, Channel, FakeInteraction, FakeMessage, Violation, snowflake
from .validation import validate_modal
from .world import World

# Callback (interaction response) types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


@dataclass(frozen=True)
class Answer:
    """One interaction callback being handled: the interaction, the callback's type, data and files, and the parts
    of the answer (``with_response``) the handling fills in: ``resource`` and the interaction's ``info``."""

    inter: FakeInteraction
    ctype: int
    data: dict
    files: list
    resource: dict[str, Any]
    info: dict[str, Any]


class Interactions:
    def __init__(self, world: World, gateway: Gateway, messaging: Messaging) -> None:
        self.world = world
        self.gateway = gateway
        self.messaging = messaging

    def add_routes(self, r: web.UrlDispatcher) -> None:
        add_routes(r, {"/interactions/{interaction_id}/{token}/callback": {"POST": self._interaction_callback}}, API)

    def new_interaction(
        self,
        *,
        user_id: int,
        type: int,
        data: dict,
        channel: Channel,
        message: FakeMessage | None = None,
        label: str = "",
    ) -> FakeInteraction:
        inter = FakeInteraction(
            id=snowflake(),
            token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48),
            type=type,
            user_id=user_id,
            guild_id=channel.guild_id,
            channel_id=channel.id,
            data=data,
            label=label,
            message=message,
        )
        self.world.interactions[inter.id] = inter
        self.world.interactions_by_token[inter.token] = inter
        return inter

    def interaction_payload(self, inter: FakeInteraction) -> dict:
        channel = self.world.channels[inter.channel_id]
        d: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.world.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": self.world.payloads.channel(channel),
            "app_permissions": str(self.world.permissions.bot_in(channel, implicit=False)),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if inter.guild_id is not None:
            guild = self.world.guilds[inter.guild_id]
            member = self.world.payloads.member(inter.user_id, guild)
            member["permissions"] = str(self.world.permissions.member(inter.user_id, guild))
            d.update(
                {
                    "guild_id": str(guild.id),
                    "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                    "guild_locale": "en-US",
                    "member": member,
                    "authorizing_integration_owners": {"0": str(guild.id)},
                    "context": 0,
                }
            )
        else:
            d.update(
                {
                    "user": self.world.payloads.user(inter.user_id),
                    "authorizing_integration_owners": {"0": str(inter.user_id)},
                    "context": 1,
                }
            )
        if inter.message is not None:
            d["message"] = inter.message.payload()
        return d

    async def dispatch_interaction(self, inter: FakeInteraction) -> None:
        await self.gateway.wait_ready(guild_id=inter.guild_id)  # the shard that owns the guild gets it
        inter.dispatched_at = time.monotonic()
        inter.created_at = inter.dispatched_at
        inter.born = self.world.clock.now()
        inter.last_activity = inter.dispatched_at
        await self.gateway.dispatch("INTERACTION_CREATE", self.interaction_payload(inter))

    def expire_token(self, token_or_interaction: str | FakeInteraction | Any) -> None:
        """Make an interaction token invalid now (as if 15 minutes had passed)."""
        inter = self._resolve_interaction(token_or_interaction)
        inter.expired = True

    def _resolve_interaction(self, x: Any) -> FakeInteraction:
        if isinstance(x, FakeInteraction):
            return x
        if isinstance(x, str):
            return self.world.interactions_by_token[x]
        inter = getattr(x, "interaction", None)
        if isinstance(inter, FakeInteraction):
            return inter
        raise TypeError(f"not an interaction or token: {x!r}")

    async def _interaction_callback(self, request: web.Request) -> web.Response:
        inter = self._answered_interaction(request)
        body, files = await read_body(request)
        ctype = body.get("type")
        inter.touch(f"callback type {ctype}")
        self._check_acknowledgement(inter, ctype)
        data = body.get("data") or {}
        resource: dict[str, Any] = {"type": ctype}
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            await self._reply(Answer(inter, ctype, data, files, resource, info))
        elif ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            await self._update(Answer(inter, ctype, data, files, resource, info))
        elif ctype == MODAL:
            if inter.type == 5:
                raise _response_type_invalid("Cannot respond to a modal with a modal")
            errors = FormErrors()
            validate_modal(data, errors)
            errors.raise_if_any()
            inter.modal = data
        elif ctype == AUTOCOMPLETE_RESULT:
            inter.autocomplete_choices = data.get("choices") or []
        elif ctype != PONG:
            raise DiscordHTTPError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": {
                        "_errors": [
                            {"code": "BASE_TYPE_CHOICES", "message": f"Value must be one of known types, got {ctype}"}
                        ]
                    }
                },
            )
        inter.callback_type = ctype
        inter.callback_data = data
        if data:
            inter.answers.append(data)
        inter.callback_at = time.monotonic()
        inter.callback_event.set()
        return json_response({"interaction": info, "resource": resource})

    def _answered_interaction(self, request: web.Request) -> FakeInteraction:
        """The interaction a callback names, its token checked."""
        try:
            inter = self.world.interactions[int(request.match_info["interaction_id"])]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_INTERACTION) from None
        if inter.token != request.match_info["token"]:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return inter

    def _check_acknowledgement(self, inter: FakeInteraction, ctype: Any) -> None:
        """A second callback is refused; a late one is recorded, and refused when the world says so or the token
        expired."""
        if inter.acknowledged:
            self.world.violations.append(
                Violation(
                    "double_ack",
                    f"{inter.label}: second callback type {ctype} after type {inter.callback_type}",
                    inter.id,
                )
            )
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - inter.dispatched_at
        if elapsed > self.world.ack_deadline or not token_valid(self.world, inter):
            self.world.violations.append(
                Violation(
                    "late_ack",
                    f"{inter.label}: callback after {elapsed:.2f}s (limit {self.world.ack_deadline}s)",
                    inter.id,
                )
            )
            if self.world.reject_late_ack or not token_valid(self.world, inter):
                raise not_found(*UNKNOWN_INTERACTION)

    async def _reply(self, answer: Answer) -> None:
        """A message answering the interaction, or its deferred "thinking" placeholder."""
        ephemeral = bool(int(answer.data.get("flags") or 0) & FLAG_EPHEMERAL)
        channel = self.world.channels[answer.inter.channel_id]
        if answer.ctype == CHANNEL_MESSAGE:
            if answer.inter.type not in (2, 3, 5):
                raise _response_type_invalid("Interaction response type invalid")
            msg = await self.messaging.create(
                channel,
                answer.data,
                answer.files,
                ephemeral_to=answer.inter.user_id if ephemeral else None,
                interaction=answer.inter,
                validate_prefix=["data"],
            )
        else:
            msg = await self.messaging.create(
                channel,
                {"content": ""},
                [],
                interaction=answer.inter,
                loading=True,
                ephemeral_to=answer.inter.user_id if ephemeral else None,
            )
        answer.inter.original = msg
        answer.resource["message"] = msg.payload()
        answer.info.update(
            response_message_id=str(msg.id),
            response_message_loading=answer.ctype == DEFERRED_CHANNEL_MESSAGE,
            response_message_ephemeral=ephemeral,
        )

    async def _update(self, answer: Answer) -> None:
        """The clicked message edited (UPDATE_MESSAGE), or to be edited later (DEFERRED_UPDATE)."""
        if answer.inter.message is None:
            raise _response_type_invalid("Interaction response type invalid (no message to update)")
        answer.inter.original = answer.inter.message
        if answer.ctype == UPDATE_MESSAGE:
            await self.messaging.edit(answer.inter.message, answer.data, answer.files, validate_prefix=["data"])
            answer.resource["message"] = answer.inter.message.payload()
        answer.info.update(
            response_message_id=str(answer.inter.message.id),
            response_message_loading=False,
            response_message_ephemeral=answer.inter.message.ephemeral,
        )


def _response_type_invalid(message: str) -> DiscordHTTPError:
    return DiscordHTTPError(
        400,
        50035,
        "Invalid Form Body",
        {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID", "message": message}]}},
    )


def token_valid(world: World, inter: FakeInteraction) -> bool:
    """The interaction's token still works: not expired, and younger than the token's lifetime (15 minutes)."""
    return not inter.expired and world.clock.now() - inter.born <= world.token_lifetime
