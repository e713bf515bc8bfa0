"""Edits of Parlor's own messages through discord.py's HTTP layer, reading only what Parlor uses of Discord's answer.

``PartialMessage.edit``, ``Interaction.edit_original_response`` and ``InteractionResponse.edit_message`` build a whole
:class:`discord.Message` from each answer (its embeds, every component, the author, the attachments), which nobody
reads: a redraw needs only the message's id and the attachment that holds its picture (``bot/payload.py``'s
``Held``). These make the same requests — discord.py's encoding of the fields (``handle_message_parameters`` and
``interaction_message_response_params``, with the client's allowed mentions), its rate-limit handling and retries —
and keep only that. A call uploading a file sends its multipart body built once as bytes (``bot/multipart_body.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route, handle_message_parameters
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.multipart_body import BodyGiven, ready_body


@dataclass(frozen=True)
class KeptAttachment:
    """An attachment of a message as Discord described it: listed as it is in an edit's ``attachments``, it stays."""

    data: dict[str, Any]

    @property
    def filename(self) -> str:
        return str(self.data.get("filename", ""))

    def to_dict(self) -> dict[str, Any]:
        """What discord.py sends for an attachment an edit keeps (as ``discord.Attachment.to_dict``)."""
        return self.data


@dataclass(frozen=True)
class Sent:
    """What Parlor reads of a message Discord answered with: its id and its attachments."""

    id: int
    attachments: list[KeptAttachment]

    @classmethod
    def of(cls, data: Any) -> Sent:
        return cls(int(data["id"]), [KeptAttachment(a) for a in data.get("attachments") or []])


async def edit_message(client: discord.Client, channel_id: int, message_id: int, **fields: Any) -> Sent:
    """Message ``message_id`` of channel ``channel_id`` edited to show ``fields`` (``PartialMessage.edit``'s
    keywords). Raises as that does (``discord.NotFound`` when the message is gone)."""
    with handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **fields) as params:
        body = ready_body(params)
        if body is None:
            return Sent.of(await client.http.edit_message(channel_id, message_id, params=params))
        route = Route(
            "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel_id, message_id=message_id
        )
        return Sent.of(await client.http.request(route, data=body))  # as HTTPClient.edit_message, its body ready


@dataclass(frozen=True, slots=True)
class AnswerHook:
    """What editing, deleting or following up an interaction's answer reads of the interaction, and only that: the
    application's id, the interaction's token, its webhook (the client's session and proxy, as discord.py's own
    calls use them) and the client (its allowed mentions). An open hand panel keeps this rather than the
    interaction, whose clicked message, components and members would otherwise stay alive as long as the panel."""

    application_id: int
    token: str = field(repr=False)  # a credential for 15 minutes: never in a log line
    webhook: discord.Webhook = field(repr=False)
    client: discord.Client = field(repr=False)

    @classmethod
    def of(cls, interaction: discord.Interaction) -> AnswerHook:
        return cls(interaction.application_id, interaction.token, interaction.followup, interaction.client)


async def edit_original(answer: discord.Interaction | AnswerHook, **fields: Any) -> Sent:
    """The interaction's answer edited to show ``fields`` (``edit_original_response``'s keywords), through its
    token (an interaction webhook: not counted by Discord's global rate limit)."""
    hook = answer if isinstance(answer, AnswerHook) else AnswerHook.of(answer)
    session = hook.webhook.session
    with handle_message_parameters(previous_allowed_mentions=hook.client.allowed_mentions, **fields) as params:
        body = ready_body(params)
        data = await async_context.get().edit_original_interaction_response(
            hook.application_id,
            hook.token,
            session=session if body is None else BodyGiven(session, body).given(),
            proxy=hook.webhook.proxy,
            proxy_auth=hook.webhook.proxy_auth,
            payload=params.payload if body is None else None,
            multipart=params.multipart if body is None else None,
            files=params.files if body is None else None,
        )
    return Sent.of(data)


async def delete_original(hook: AnswerHook) -> None:
    """The interaction's answer deleted through its token (as ``Interaction.delete_original_response``). Raises as
    that does (``discord.NotFound`` when the message is gone or the token expired)."""
    await async_context.get().delete_original_interaction_response(
        hook.application_id,
        hook.token,
        session=hook.webhook.session,
        proxy=hook.webhook.proxy,
        proxy_auth=hook.webhook.proxy_auth,
    )


async def answer_in_place(interaction: discord.Interaction, **fields: Any) -> Sent | None:
    """A click (or a submitted prompt) answered by editing the message it was made on to show ``fields``
    (``InteractionResponse.edit_message``'s keywords): one UPDATE_MESSAGE callback. Discord's answer (asked for with
    ``with_response``, as discord.py asks) holds the message edited, of which only its id and attachments are read;
    None when it holds none, or when the interaction was made on no message (a slash command: nothing is sent, as
    with ``edit_message``). Raises ``discord.InteractionResponded`` when the interaction was answered already."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
        return None
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=interaction.client.allowed_mentions,
        **fields,
    )
    http, session = interaction.client.http, interaction.followup.session
    body = ready_body(params)
    data = await async_context.get().create_interaction_response(
        interaction.id,
        interaction.token,
        session=session if body is None else BodyGiven(session, body).given(),
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        params=params if body is None else params._replace(payload=None, multipart=None, files=None),
    )
    # answered: discord.py's own record of it, as edit_message sets it (is_done() and the followups read it). The
    # views Parlor sends are stopped before they are sent (bot/ui.py), so discord.py keeps none to update here.
    response._response_type = discord.InteractionResponseType.message_update
    resource: dict[str, Any] = dict(data.get("resource") or {})
    message = resource.get("message")
    return Sent.of(message) if message else None
