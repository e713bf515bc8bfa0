"""What the table manager asks of whoever shows its tables (``bot.presenter.DiscordPresenter`` on Discord)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Any

from bot.tables.table import Table
from games.base import Event

Origin = Any
"""Whoever asked for a change (a Discord interaction for the Discord presenter), handed to the presenter
untouched so that it answers them; None when nobody did (bots, deadlines, a restart). Opaque here."""


class Presenter:
    """What the manager shows after each transition, and the answer to whoever asked for it. Methods
    that may post the table message anew return that message's id (the manager records it). This base
    shows nothing (tests, tools); ``bot.presenter.DiscordPresenter`` shows Discord."""

    async def table_opened(self, table: Table, origin: Origin) -> int | None:
        return None

    async def table_changed(self, table: Table, events: list[Event], notes: list[str]) -> int | None:
        """Called under the table lock after a change: note what happened (narration, summaries to post);
        drawing it comes later, outside the lock (``frame`` then ``draw``)."""
        return None

    def frame(self, table: Table, *, repost: bool = False) -> Any:
        """Everything the next redraw shows, built at once under the table lock (nothing sent): the lobby, the
        game or the closed table; ``repost``: the table message posted anew (``/table``) rather than edited."""
        return None

    async def draw(self, table: Table, frame: Any) -> int | None:
        """Show ``frame`` (outside the lock); the id of the message showing the table, if it changed."""
        return None

    def turn(self, table: Table) -> contextlib.AbstractAsyncContextManager[None]:
        """The table message's turn to be sent (Discord's global limit), waited for before it is framed, so that
        what it sends is the table's latest state; held while it is framed and drawn."""
        return contextlib.nullcontext()

    def panel_frame(self, table: Table) -> Any:
        """The players' open hand panels as the table is now (under the lock, nothing sent)."""
        return None

    async def draw_panels(self, table: Table, panels: Any) -> None:
        """Show ``panels`` (outside the lock)."""
        return None

    async def receive(self, origin: Origin, *, private: bool = False) -> None:
        """Acknowledge ``origin`` before waiting for a busy table lock (a deferral, ``private`` for a new
        private answer), so that a busy table never makes an answer late; the answer follows."""
        return None

    async def pace(self, table: Table) -> None:
        """Wait, if need be, before the table is framed for its next redraw (changes made meanwhile drawn at once)."""
        return None

    def redraw_wanted(self, table: Table) -> bool:
        """Whether the last redraw did not all land (Discord failed for a while): the table is drawn again later."""
        return False

    def panels_wanted(self, table: Table) -> bool:
        """Whether the last panels drawn did not all land (Discord failed for a while): drawn again later."""
        return False

    def closed(self, table: Table) -> None:
        """A closed table is drawn, its panels too: what was kept to draw it is let go."""
        return None

    async def remind(self, table: Table, decisions: dict[int, int]) -> None:
        """Half the decision's time has gone: ping the seats still deciding (seat → its decision's version)."""
        return None

    async def acknowledge(self, origin: Origin, answer: str | None = None) -> None:
        """Answer who asked (a command with ``answer``, a click silently) when the table itself shows the rest."""
        return None

    def answers_in_place(self, origin: Origin) -> bool:
        """Whether a hand panel answering ``origin`` may take the place of the message it came from: only the
        clicker's own private panel may be replaced; any other answer is a new private message."""
        return origin is not None

    def panel_reply(
        self, table: Table, user_id: int, origin: Origin, *, replace: bool, note: str | None = None
    ) -> Awaitable[None]:
        """The user's private hand panel, as a new message or (``replace``) in place of the clicked one:
        built now (under the lock), sent when the returned awaitable is awaited (after it)."""
        return asyncio.sleep(0)
