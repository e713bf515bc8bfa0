"""The webhook routes of an interaction's token: the followups (``POST /webhooks/{app_id}/{token}``) and
the original response and followups read, edited and deleted (``/messages/{message_id}``), each refused
once the token is past its 15-minute lifetime. ``interactions.py`` creates interactions and takes their
callbacks.
"""

from __future__ import annotations

from aiohttp import web

from .errors import UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, DiscordHTTPError, not_found
from .httpio import API, add_routes, json_response, no_content, read_body
from .interactions import DEFERRED_CHANNEL_MESSAGE, token_valid
from .messaging import Messaging
from .models import FLAG_EPHEMERAL, FakeInteraction, FakeMessage, Violation
from .world import World


class InteractionWebhooks:
    def __init__(self, world: World, messaging: Messaging) -> None:
        self.world = world
        self.messaging = messaging

    def add_routes(self, r: web.UrlDispatcher) -> None:
        add_routes(
            r,
            {
                "/webhooks/{app_id}/{token}": {"POST": self._webhook_execute},
                "/webhooks/{app_id}/{token}/messages/{message_id}": {
                    "GET": self._webhook_get_message,
                    "PATCH": self._webhook_edit_message,
                    "DELETE": self._webhook_delete_message,
                },
            },
            API,
        )

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        try:
            app_id = int(request.match_info["app_id"])
        except ValueError:
            raise not_found(*UNKNOWN_WEBHOOK) from None
        inter = self.world.interactions_by_token.get(request.match_info["token"])
        if app_id != self.world.application_id or inter is None:
            raise not_found(*UNKNOWN_WEBHOOK)
        if not token_valid(self.world, inter):
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return inter

    def _interaction_message(self, inter: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if inter.original is None or inter.original.deleted or inter.original.dismissed:
                raise not_found(*UNKNOWN_MESSAGE)
            return inter.original
        try:
            msg = self.world.messages[int(message_id)]
        except (KeyError, ValueError):
            raise not_found(*UNKNOWN_MESSAGE) from None
        own = msg is inter.original or msg is inter.message or msg in inter.followups
        if msg.deleted or msg.dismissed or (msg.ephemeral and not own) or (not own and msg.webhook_id is None):
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    async def _webhook_execute(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        body, files = await read_body(request)
        inter.touch("followup")
        if not inter.acknowledged:
            raise not_found(*UNKNOWN_WEBHOOK)
        inter.answers.append(body)
        flags = int(body.get("flags") or 0)
        if (
            inter.callback_type == DEFERRED_CHANNEL_MESSAGE
            and inter.original is not None
            and inter.original.loading
            and not inter.followups
        ):
            # Discord: the first followup after a deferred "thinking" response edits the loading message, its
            # ephemeral flag ignored; receiving-and-responding marks this deprecated (PATCH @original instead),
            # so it is done and noted as a violation.
            self.world.violations.append(
                Violation(
                    "deprecated_followup",
                    f"{inter.label}: a followup filled the deferred loading message; "
                    "edit the original response instead",
                    inter.id,
                )
            )
            msg = await self.messaging.edit(inter.original, body, files, validate_prefix=[])
        else:
            channel = self.world.channels[inter.channel_id]
            msg = await self.messaging.create(
                channel,
                body,
                files,
                interaction=inter,
                validate_prefix=[],
                ephemeral_to=inter.user_id if flags & FLAG_EPHEMERAL else None,
            )
            inter.followups.append(msg)
        wait = request.query.get("wait", "false").lower() in ("1", "true")
        return json_response(msg.payload()) if wait else no_content()

    async def _webhook_get_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        inter.touch("get message")
        return json_response(self._interaction_message(inter, request.match_info["message_id"]).payload())

    async def _webhook_edit_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        msg = self._interaction_message(inter, request.match_info["message_id"])
        body, files = await read_body(request)
        inter.touch(f"edit {request.match_info['message_id']}")
        await self.messaging.edit(msg, body, files, validate_prefix=[])
        inter.answers.append(body)
        return json_response(msg.payload())

    async def _webhook_delete_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        msg = self._interaction_message(inter, request.match_info["message_id"])
        inter.touch(f"delete {request.match_info['message_id']}")
        await self.messaging.delete(msg)
        return no_content()
