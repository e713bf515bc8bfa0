"""The lobby → play transition: the final options and seats checked, the seed drawn, the first deal stored."""

from __future__ import annotations

import logging

from pydantic import ValidationError

from bot.league.rules import season_options
from bot.lobby import players_wanted, seat_counts, table_options
from bot.tables.core import ManagerCore
from bot.tables.decisions import game_options
from bot.tables.presenter import Origin
from bot.tables.refusals import Refusal, saving
from bot.tables.table import LOBBY, PLAYING, Seat, Table
from games.base import GameError, option_error
from games.optionspec import seated_text

log = logging.getLogger(__name__)

DEFAULT_STARTING_BALANCE = 1000  # season chips of a player new to the season (servers may change it)
DEFAULT_STARTING_BALANCE = 1000  # season chips of a player new to the season (servers may change it)


class GameStart(ManagerCore):
    """Starting a lobby's game."""

    def _lobby(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None or not table.is_open:
            raise Refusal("This table is closed. Open a new one with /play.")
        if table.status != LOBBY:
            raise Refusal("The game has already started.")
        return table

    @saving
    async def start(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self._lobby(table_id)
        if user_id != table.host_id:
            raise Refusal("Only the host can start the game.")
        async with self._holding(table, origin):
            self._lobby(table_id)
            count = len(table.seats)
            counts = seat_counts(table.game, table.options)
            if counts and not counts[0] <= count <= counts[-1]:
                short = count < counts[0]
                raise Refusal(
                    f"{table.game.title} needs {players_wanted(table.game, table.options)}; "
                    f"{seated_text(count)}. {'Join or add a bot' if short else 'Someone must leave'} first."
                )
            options = game_options(table.game, table.options, count)
            season = await self.store.seasons.ensure(table.guild_id)
            try:  # rules the season fixed after the lobby opened hold too
                options = await season_options(self.store, table.guild_id, table.game.name, options, frozenset())
            except GameError as exc:
                raise Refusal(str(exc)) from None
            try:
                opts = table_options(table.game, options, count)
            except GameError as exc:
                raise Refusal(f"The game cannot start: {exc}") from None
            seats = await self._with_balances(table, season.id)
            try:
                seed = self.new_seed()
                state = table.game.new_game(opts, [s.info() for s in seats], seed)
            except (GameError, ValueError) as exc:
                raise Refusal(f"The game cannot start: {_short_error(exc, table.game.title)}") from None
            deadline = self.clock() + table.turn_seconds
            row = await self.store.tables.start(
                table.id,
                [s.as_dict() for s in seats],
                seed,
                state.model_dump_json(),
                deadline,
                season.id,
                table.version,
            )
            table.seats = seats
            table.status, table.version, table.seed, table.state = PLAYING, row.version, seed, state
            table.acted = [0] * len(seats)
            table.deadline, table.season_id, table.options = deadline, season.id, options
            events = table.game.opening_events(state)
            if table.game.is_over(state):  # e.g. a one-month game decided by a hand combo at the deal
                await self._finish(table, None)
            else:
                self._arm_timer(table)
        self._spawn(self._advance(table, events, notes=["The game begins!"]))
        await self.presenter.acknowledge(origin)  # the table message turns into the game board
        return table

    async def _with_balances(self, table: Table, season_id: int) -> list[Seat]:
        """For money games: each seat's season chips (the server's starting balance plus the ledger)."""
        if not table.game.uses_balances:
            return table.seats
        config = await self.store.config.get(table.guild_id)
        start = DEFAULT_STARTING_BALANCE if config.starting_balance is None else config.starting_balance
        seats = []
        for seat in table.seats:
            held = (
                await self.store.ledger.balance(table.guild_id, season_id, seat.user_id, table.game.name)
                if not seat.bot and seat.user_id is not None
                else 0
            )
            seats.append(Seat(**{**seat.__dict__, "balance": start + held}))
        return seats


def _short_error(exc: Exception, title: str) -> str:
    return str(option_error(exc, title) if isinstance(exc, ValidationError) else exc)
