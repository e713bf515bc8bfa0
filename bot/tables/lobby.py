"""The lobby: a table opened, joined, left, bots added and removed, cancelled, and started."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from bot import text as user_text
from bot.league import registration
from bot.league.rules import season_options
from bot.lobby import check_opening, most_seats
from bot.settings import TURN_SECONDS
from bot.store import TableExists
from bot.tables.presenter import Origin
from bot.tables.refusals import Refusal, saving
from bot.tables.starting import GameStart
from bot.tables.table import CANCELLED, LOBBY, PLAYING, Seat, Table
from games import get_game
from games.base import GameError, check_range

log = logging.getLogger(__name__)

LEFT = "You left the table."


class LobbyActions(GameStart):
    """From opening a table to its first deal."""

    @saving
    async def open_table(
        self,
        *,
        game_name: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        turn_seconds: int | None,
        origin: Origin = None,
        chosen: frozenset[str] = frozenset(),
        seats: list[Seat] | None = None,
        linked: Callable[[Any, int], Awaitable[None]] | None = None,
        parent_id: int | None = None,
    ) -> Table:
        """A new table in the channel, its host seated, shown to the channel (as the answer to ``origin``).
        ``turn_seconds`` None: the server's turn time, else the process default. The running season's rules
        set their options; one the host ``chosen`` differently is refused (``bot/league/rules.py``).
        ``seats``: every seat taken already (the host's first), as a league night's draw seats a table;
        ``linked(db, table_id)`` is written in the transaction that creates the table; ``parent_id``: the channel
        of the thread ``channel_id`` is, which counts for the server's table channels."""
        if not self.serves(guild_id):  # Discord routes a guild's interactions to its shard: never, but guard
            raise Refusal("This server's tables are kept by another Parlor process; try again in a moment.")
        config = await self.store.config.get(guild_id)
        self._check_channel(config.allowed_channels, channel_id, parent_id)
        for closed in [t.id for t in self.tables.values() if t.channel_id == channel_id and not t.is_open]:
            del self.tables[closed]  # keep memory bounded: one finished table per channel at most
        game = get_game(game_name)
        try:  # Discord's client checks the ranges too, but a forged payload skips it
            if turn_seconds is not None:
                check_range("turn_time", turn_seconds, TURN_SECONDS)
            options = await season_options(self.store, guild_id, game_name, options, chosen)
            check_opening(game, options)
        except GameError as error:
            raise Refusal(str(error)) from None
        turn_seconds = turn_seconds if turn_seconds is not None else config.turn_seconds
        if not seats:
            host_name = await self._seat_name(guild_id, host_id, host_name)
        seated = [s.as_dict() for s in seats] if seats else [Seat(host_id, host_name).as_dict()]
        try:
            async with self.store.transaction() as db:
                row = await self.store.tables.create(
                    guild_id, channel_id, game_name, options, host_id, seated, turn_seconds or self.default_turn_seconds
                )
                if linked is not None:
                    await linked(db, row.id)
        except TableExists as exists:  # opened by another process since this one started (as during a deploy)
            existing = await self.load(exists.table_id) if exists.table_id is not None else None
            raise Refusal(
                f"This channel already has a {existing.game.title if existing else 'game'} table. "
                "Use /table to see it, or open a table in another channel."
            ) from None
        table = self._from_row(row)
        self.tables[table.id] = table
        async with table.lock:
            await self._shown(table, await self.presenter.table_opened(table, origin))
        return table

    def _check_channel(self, allowed: list[int], channel_id: int, parent_id: int | None) -> None:
        """Refuse a channel the server keeps no tables in (``allowed``; a thread counts as its parent channel), or
        one with an open table already."""
        if allowed and channel_id not in allowed and (parent_id is None or parent_id not in allowed):
            raise Refusal(f"Tables can be opened only in {' '.join(f'<#{c}>' for c in allowed)} on this server.")
        if existing := self.in_channel(channel_id):
            raise Refusal(
                f"This channel already has a {existing.game.title} table "
                f"({'waiting for players' if existing.status == LOBBY else 'in play'}). "
                "Use /table to see it, or open a table in another channel."
            )

    async def open_seated(
        self,
        *,
        game_name: str,
        guild_id: int,
        channel_id: int,
        players: list[tuple[int, str]],
        bots: int,
        linked: Callable[[Any, int], Awaitable[None]] | None = None,
        parent_id: int | None = None,
    ) -> Table:
        """A table opened with ``players`` (user id, name; the first is its host) and ``bots`` seated, then
        started as its host would start it (a league night's draw, in ``channel_id`` or a thread of
        ``parent_id``); nobody is answered."""
        taken = {name for _, name in players}
        names = [n for n in (f"Bot {k}" for k in range(1, 20)) if n not in taken][:bots]
        seats = [Seat(user, name) for user, name in players] + [Seat(None, name, bot=True) for name in names]
        host_id, host_name = players[0]
        table = await self.open_table(
            game_name=game_name,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            options={},
            turn_seconds=None,
            seats=seats,
            linked=linked,
            parent_id=parent_id,
        )
        return await self.start(table.id, host_id)

    async def _save_lobby(self, table: Table, seats: list[Seat], *, host_id: int | None = None) -> None:
        """Store the lobby's new seats (shown by the redraw once the lock is released, see :meth:`_show_lobby`)."""
        row = await self.store.tables.update_lobby(table.id, [s.as_dict() for s in seats], table.version)
        table.seats, table.version = seats, row.version
        if host_id is not None:
            table.host_id = host_id

    async def _show_lobby(self, table: Table, origin: Origin, answer: str | None = None) -> None:
        """After a lobby change or its closing (outside the lock): the table message redrawn, ``origin`` answered
        (a command with ``answer``, a click silently: the lobby message itself shows the change)."""
        self._redraw_soon(table)
        await self.presenter.acknowledge(origin, answer)

    @contextlib.asynccontextmanager
    async def _lobby_change(self, table_id: int, origin: Origin, answer: str | None = None) -> AsyncIterator[Table]:
        """An open lobby changed under its lock (the block's refusals leave it as it was), then shown
        (:meth:`_show_lobby`, ``answer`` to a command)."""
        table = self._lobby(table_id)
        async with self._holding(table, origin):
            yield self._lobby(table_id)
        await self._show_lobby(table, origin, answer)

    @saving
    async def join(self, table_id: int, user_id: int, name: str, origin: Origin = None) -> Table:
        table = self._lobby(table_id)
        name = await self._seat_name(table.guild_id, user_id, name)
        async with self._holding(table, origin):
            self._lobby(table_id)
            if table.seat_of(user_id) is not None:
                raise Refusal("You are already seated at this table.")
            if len(table.seats) >= (seats := most_seats(table.game, table.options)):
                raise Refusal(f"The table is full ({seats} seats). Ask the host to remove a bot.")
            if (other := self._seated_elsewhere(user_id, table.guild_id, table.id)) is not None:
                raise Refusal(f"You are already seated at a table in <#{other.channel_id}>. Leave it first.")
            await self._save_lobby(table, [*table.seats, Seat(user_id, name)])
        await self._show_lobby(table, origin)
        return table

    async def _seat_name(self, guild_id: int, user_id: int, name: str) -> str:
        """The name a player sits under (their registered one), or a Refusal when the server seats only
        registered players (bot/league/registration.py)."""
        seated = await registration.seat_name(self.store, guild_id, user_id, name)
        if seated is None:
            raise Refusal(registration.REFUSAL)
        return seated

    def _seated_elsewhere(self, user_id: int, guild_id: int, table_id: int) -> Table | None:
        for other in self.tables.values():
            if (
                other.id != table_id
                and other.guild_id == guild_id
                and other.is_open
                and (seat := other.seat_of(user_id)) is not None
            ):
                if other.status == PLAYING and other.seats[seat].resigned:
                    continue
                return other
        return None

    @saving
    async def leave(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        async with self._lobby_change(table_id, origin, LEFT) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not seated at this table.")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            humans = [s for s in seats if not s.bot]
            if humans:
                await self._save_lobby(
                    table, seats, host_id=table.host_id if user_id != table.host_id else humans[0].user_id
                )
            else:
                await self._cancel_locked(table, "Everyone left; the table is closed.")
        return table

    @contextlib.asynccontextmanager
    async def _bots_change(self, table_id: int, user_id: int, origin: Origin, verb: str) -> AsyncIterator[Table]:
        """A lobby change to its bots, which only a seated player can make (``verb``: what they do to a bot)."""
        async with self._lobby_change(table_id, origin) as table:
            if table.seat_of(user_id) is None:
                raise Refusal(f"Only a seated player can {verb} a bot.")
            yield table

    @saving
    async def add_bot(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        async with self._bots_change(table_id, user_id, origin, "add") as table:
            if len(table.seats) >= (seats := most_seats(table.game, table.options)):
                raise Refusal(f"The table is full ({seats} seats).")
            taken = {s.name for s in table.seats}
            name = next(f"Bot {n}" for n in range(1, 20) if f"Bot {n}" not in taken)
            await self._save_lobby(table, [*table.seats, Seat(None, name, bot=True)])
        return table

    @saving
    async def remove_bot(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        async with self._bots_change(table_id, user_id, origin, "remove") as table:
            bots = [i for i, s in enumerate(table.seats) if s.bot]
            if not bots:
                raise Refusal("There is no bot to remove.")
            await self._save_lobby(table, [s for i, s in enumerate(table.seats) if i != bots[-1]])
        return table

    @saving
    async def cancel(
        self, table_id: int, user_id: int, *, is_admin: bool = False, name: str | None = None, origin: Origin = None
    ) -> Table:
        """The host (or an admin, ``is_admin``) closes the lobby; ``name``: theirs as the table says it."""
        table = self.tables.get(table_id)
        if table is None or not table.is_open:
            raise Refusal("This table is already closed.")
        if table.status != LOBBY:
            raise Refusal("The game is under way; players can /resign and a bot takes their seat.")
        if user_id != table.host_id and not is_admin:
            raise Refusal("Only the host (or someone with Manage Server) can cancel this table.")
        async with self._holding(table, origin):
            self._lobby(table_id)
            name = name or next((s.name for s in table.seats if s.user_id == user_id), "a moderator")
            await self._cancel_locked(table, f"Cancelled by {user_text.name(name)}.")
        await self._show_lobby(table, origin)
        return table

    async def _cancel_locked(self, table: Table, text: str) -> None:
        """The lobby closed, ``text`` saying why (shown on its message by the next redraw)."""
        row = await self.store.tables.cancel(table.id, table.version)
        table.status, table.closing = CANCELLED, text
        table.version = row.version
