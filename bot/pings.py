"""Pings: a player whose turn it is and whose hand panel Parlor cannot update is mentioned in the channel, once per
decision."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.channel_calls import ChannelCalls
from bot.hand_panels import HandPanels
from bot.tables import Table


class Pings:
    """Who was pinged for which decision: (table, user) → that seat's version when last pinged."""

    def __init__(self, calls: ChannelCalls, panels: HandPanels, clock: Callable[[], float]) -> None:
        self.calls = calls
        self.panels = panels
        self.clock = clock
        self.pinged: dict[tuple[int, int], int] = {}

    def due(self, table: Table, decisions: dict[int, int], *, without_panel: bool) -> list[int]:
        """Users to ping now, each once per decision (``decisions``: seat → the version of its decision);
        ``without_panel``: only those whose panel cannot be updated."""
        now = self.clock()
        due = []
        for seat_no, decision in decisions.items():
            seat = table.seats[seat_no]
            if seat.automated or seat.user_id is None:
                continue
            token = self.panels.tokens.get((table.id, seat.user_id))
            if without_panel and token and token.fresh(now):
                continue
            if self.pinged.get((table.id, seat.user_id)) == decision:
                continue
            self.pinged[(table.id, seat.user_id)] = decision
            due.append(seat.user_id)
        return due

    async def remind(self, table: Table, decisions: dict[int, int]) -> None:
        await self.ping(table, self.due(table, decisions, without_panel=False))

    async def ping(self, table: Table, user_ids: list[int]) -> None:
        if user_ids:
            channel = self.calls.channel(table)
            await self.calls.call(
                table,
                "pinging players",
                lambda: channel.send(
                    f"{' '.join(f'<@{u}>' for u in user_ids)} — your turn at {table.game.title}: press **My hand** on the table.",
                    allowed_mentions=discord.AllowedMentions(users=True),
                ),
                post=True,
            )

    def forget(self, table: Table) -> None:
        for key in [k for k in self.pinged if k[0] == table.id]:
            del self.pinged[key]
