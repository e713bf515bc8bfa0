"""Calls to a table's channel, made only where Discord would take them (``bot/access.py``): a call a missing
permission would have refused is not made, a refusal is reported once per table (in the channel, else to the
host), and what a redraw missed is remembered so that the table is drawn again once it may be."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

import discord

from bot.access import ChannelAccess
from bot.payload import PanelToken
from bot.permissions import needed_in
from bot.tables import Table

log = logging.getLogger(__name__)

MISSING_PERMISSION = (
    "⚠️ Parlor cannot post or edit its messages in <#{channel}>: a permission is missing. "
    "The game goes on (use **My hand**); a server admin can give Parlor "
    + ", ".join(name for _, name in needed_in(in_thread=False))
    + " in that channel (and Send Messages in Threads for a thread)."
)
T = TypeVar("T")


class ChannelCalls:
    """The calls to tables' channels, and what each table's calls met: ``reported`` (a missing permission was
    reported, and a call was missed since), and in the redraw under way ``missed`` (a call refused or not made),
    ``reached`` (a call taken) and ``behind`` (a call Discord failed for a while: drawn again)."""

    def __init__(self, client: discord.Client | None, host_panel: Callable[[Table], PanelToken | None]) -> None:
        self.client = client
        self.host_panel = host_panel  # the host's open hand panel, while its token lives (None: none)
        self.access = ChannelAccess(client)  # which calls to a channel Discord would refuse
        self.reported: set[int] = set()
        self.missed: set[int] = set()
        self.reached: set[int] = set()
        self.behind: set[int] = set()

    def channel(self, table: Table) -> discord.PartialMessageable:
        assert self.client is not None, "a presenter without a client shows nothing"
        return self.client.get_partial_messageable(table.channel_id)

    def redraw_begins(self, table: Table) -> None:
        self.behind.discard(table.id)
        self.missed.discard(table.id)
        self.reached.discard(table.id)

    def redraw_ended(self, table: Table) -> None:
        if table.id in self.reached and table.id not in self.missed:
            self.reported.discard(table.id)  # its channel takes every call again (a probe went through, say)

    def forget(self, table: Table) -> None:
        self.reported.discard(table.id)
        self.missed.discard(table.id)
        self.reached.discard(table.id)

    async def call(
        self,
        table: Table,
        what: str,
        call: Callable[[], Awaitable[T]],
        *,
        post: bool = False,
        embed: bool = False,
        files: bool = False,
        quiet: bool = False,
        lost: type[Exception] | tuple[type[Exception], ...] = (),
    ) -> T | None:
        """A call to the table's channel that posts (``post``), shows an embed (``embed``) or uploads a file
        (``files``); None when it is not made because Discord would refuse it (``access``), or when Discord refuses
        it (HTTPException, retries spent): the game goes on, a missing permission reported once, the rest logged.
        ``lost``: errors raised to the caller (a message gone)."""
        if not self.access.permits(table.guild_id, table.channel_id, post=post, embed=embed, files=files):
            self.missed.add(table.id)
            if not quiet:
                await self.held_back(
                    table,
                    what,
                    self.access.lacking(table.guild_id, table.channel_id, post=post, embed=embed, files=files),
                )
            return None
        try:
            result = await call()
        except lost:
            raise
        except discord.HTTPException as error:
            if isinstance(error, discord.Forbidden):
                self.access.refused(table.channel_id)
                self.missed.add(table.id)
            if not quiet:
                await self.failed(table, what, error)
            return None
        self.access.taken(table.channel_id)
        self.reached.add(table.id)
        return result

    async def held_back(self, table: Table, what: str, lacking: list[str]) -> None:
        """A call not made, Discord would refuse it: reported once (and the table drawn again once it may be)."""
        log.info("table %s: %s not tried (%s)", table.id, what, ", ".join(lacking) or "refused there lately")
        if table.id not in self.reported:
            self.reported.add(table.id)
            await self.report_missing_permission(table)

    async def failed(self, table: Table, what: str, error: discord.HTTPException) -> None:
        log.warning("table %s: %s failed (%s, code %s)", table.id, what, error.status, error.code)
        if not isinstance(error, discord.Forbidden):  # not for good: the table is drawn again a little later
            self.behind.add(table.id)
        if isinstance(error, discord.Forbidden) and table.id not in self.reported:
            self.reported.add(table.id)
            await self.report_missing_permission(table)

    async def report_missing_permission(self, table: Table) -> None:
        """Told once per table: in the channel if Parlor can still post there, else to the host, privately."""
        text = MISSING_PERMISSION.format(channel=table.channel_id)
        if self.access.permits(table.guild_id, table.channel_id, post=True):
            try:
                await self.channel(table).send(text)
                return
            except discord.Forbidden:
                self.access.refused(table.channel_id)
            except discord.HTTPException:
                pass
        token = self.host_panel(table)
        try:
            if token is not None:
                await token.until_answered()  # after the panel's own answer: the notice is a message of its own
                await token.hook.webhook.send(text, ephemeral=True)  # a followup, as ui.tell's after an answer
            else:
                assert self.client is not None
                await (await self.client.create_dm(discord.Object(table.host_id))).send(text)  # no user fetched
        except discord.HTTPException as error:
            log.warning("table %s: could not tell the host of a missing permission (%s)", table.id, error.status)

    def reopened(self, tables: Iterable[Table], guild_id: int, channel_id: int | None) -> list[Table]:
        """The gateway says Parlor's permissions changed in a channel (None: in every channel of the server): what
        they say now decides the calls made there. The tables there that missed a call and may now make every one
        are returned, to be drawn again."""
        again = []
        for table in tables:
            if table.guild_id != guild_id or channel_id not in (None, table.channel_id):
                continue
            self.access.reopen(table.channel_id)
            if table.id in self.reported and not self.access.lacking(
                table.guild_id, table.channel_id, post=True, embed=True, files=True
            ):
                self.reported.discard(table.id)
                again.append(table)
        return again
