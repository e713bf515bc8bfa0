"""Players' private hand panels: each player's one open panel per table, answered as the panel of their interaction
(a new message, or in place of the panel clicked), edited through its interaction token while the token lives,
and deleted when a newer panel replaces it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.message_edits import AnswerHook, Sent, answer_in_place, delete_original, edit_original
from bot.payload import PANEL_PICTURE, Held, PanelToken, Shown, message_args, payload_signature, resolved
from bot.tables import Table
from bot.ui import fill

PanelEdit = tuple[PanelToken, dict[str, Any], tuple[int, int]]
"""An open panel to edit: its token, what it is to show, and whose it is (table, user)."""


class HandPanels:
    """The open panels, by (table, user): the token of the interaction each was last answered through."""

    def __init__(self, shown: Shown, clock: Callable[[], float]) -> None:
        self.shown = shown
        self.clock = clock
        self.tokens: dict[tuple[int, int], PanelToken] = {}
        self.behind: set[int] = set()  # tables a panel of which Discord failed to edit for a while: drawn again

    async def edit_all(self, table_id: int, edits: list[PanelEdit]) -> None:
        """Every panel of ``edits`` edited at once (those showing their payload already are left as they are)."""
        self.behind.discard(table_id)
        await asyncio.gather(*(self.edit(key, token, payload) for token, payload, key in edits))

    def open(self, key: tuple[int, int], now: float) -> PanelToken | None:
        """The player's open panel whose token still lives (one that expired is let go)."""
        token = self.tokens.get(key)
        if token is not None and not token.fresh(now):
            self._let_go(key, token)
            return None
        return token

    def host_panel(self, table: Table) -> PanelToken | None:
        """The host's open panel, while its token lives."""
        token = self.tokens.get((table.id, table.host_id))
        return token if token is not None and token.fresh(self.clock()) else None

    def forget(self, table: Table) -> None:
        """A closed table's panels let go."""
        self.behind.discard(table.id)
        for key in [k for k in self.tokens if k[0] == table.id]:
            self._let_go(key, self.tokens[key])

    def _let_go(self, key: tuple[int, int], token: PanelToken) -> None:
        """A panel no longer edited (its table closed, its token expired, its message gone, its answer failed) let
        go, with what was remembered of what it shows."""
        if self.tokens.get(key) is token:
            self.tokens.pop(key)
        self.shown.drawn.pop(token.hook.token, None)
        if token.message_id is not None:
            self.shown.pictured.pop(token.message_id, None)

    def send(
        self, table_id: int, user_id: int, origin: discord.Interaction | None, payload: dict[str, Any], replace: bool
    ) -> Awaitable[None]:
        """The panel as the answer to ``origin``: recorded now as the user's panel showing ``payload`` (under the
        table lock, so a redraw framed meanwhile neither edits the replaced panel nor sends this one again), sent
        when awaited. A player's previous panel of the table, when this one is a new message, is deleted while
        its token lives (one panel per player)."""
        if origin is None:
            return asyncio.sleep(0)
        key = (table_id, user_id)
        if (replaced := self.tokens.get(key)) is not None:
            self.shown.drawn.pop(replaced.hook.token, None)  # one remembered payload per open panel
        token = self.tokens[key] = PanelToken(AnswerHook.of(origin), self.clock())
        self.shown.drawn[token.hook.token] = payload_signature(payload)
        return self._answer(key, origin, token, payload, replace, replaced)

    async def _answer(
        self,
        key: tuple[int, int],
        origin: discord.Interaction,
        token: PanelToken,
        payload: dict[str, Any],
        replace: bool,
        replaced: PanelToken | None,
    ) -> None:
        payload = await resolved(payload, urgent=True)
        # the panel answered in place: the one clicked, or the one whose "Other amount…" prompt was submitted
        clicked = (
            origin.message.id
            if origin.message
            and origin.type in (discord.InteractionType.component, discord.InteractionType.modal_submit)
            else None
        )
        shown: discord.Message | Sent | None
        try:
            if origin.response.is_done():  # deferred on arrival: the deferred answer becomes the panel
                in_place = origin.response.type is discord.InteractionResponseType.deferred_message_update
                held = self.shown.held(clicked) if in_place else None  # else a new message: it holds nothing
                shown = await fill(origin, **self._args(payload, held, edit=True))
            elif replace:
                shown = await answer_in_place(origin, **self._args(payload, self.shown.held(clicked), edit=True))
                token.message_id = clicked
            else:
                sent = await origin.response.send_message(ephemeral=True, **self._args(payload, None, edit=False))
                shown = sent.resource if isinstance(sent.resource, discord.Message) else None
            token.message_id = self.shown.holds(shown, payload, PANEL_PICTURE) or token.message_id
        except BaseException:
            self._let_go(key, token)
            raise
        finally:
            token.answered.set()
        if (
            replaced is not None
            and None not in (replaced.message_id, token.message_id)
            and replaced.message_id != token.message_id
            and replaced.fresh(self.clock())
        ):
            await self._delete(replaced)

    def _args(self, payload: dict[str, Any], held: Held | None, *, edit: bool) -> dict[str, Any]:
        return message_args(payload, held, edit=edit, name=PANEL_PICTURE)

    async def _delete(self, token: PanelToken) -> None:
        if token.message_id is not None:
            self.shown.pictured.pop(token.message_id, None)
        try:
            await delete_original(token.hook)
        except discord.HTTPException:
            pass  # already gone (dismissed by the player, or its token expired)

    async def edit(self, key: tuple[int, int], token: PanelToken, payload: dict[str, Any]) -> None:
        signature = payload_signature(payload)
        if self.shown.drawn.get(token.hook.token) == signature:
            return  # it shows this already (the player's own answer, or nothing changed for them)
        payload = await resolved(payload)
        await token.until_answered()  # a panel is edited only once its answer is there
        if self.tokens.get(key) is not token:
            return  # a newer panel replaced it meanwhile (My hand again), which deletes this one: not edited
        try:
            shown = await edit_original(token.hook, **self._args(payload, self.shown.held(token.message_id), edit=True))
            self.shown.drawn[token.hook.token] = signature
            self.shown.holds(shown, payload, PANEL_PICTURE)
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == 429:  # Discord's trouble: the panel stays, drawn again soon
                self.behind.add(key[0])
            else:
                self._let_go(key, token)  # expired or deleted: "My hand" brings it back
