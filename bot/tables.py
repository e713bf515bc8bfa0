"""Tables: one per channel, from lobby to result, persisted action by action.

The manager knows games only through the interface of ``games.base``; it knows Discord
not at all. It owns every transition of a table, lobby included, and every store write about
tables (which message shows a table too). Whatever must be shown goes through a
:class:`Presenter` (``bot.presenter`` for Discord), which only presents. Every accepted action
is written to the store (action log + snapshot) in one transaction before anyone is told
about it, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable

from pydantic import BaseModel, ValidationError

from bot import text as user_text
from bot.league import registration
from bot.league.rules import season_options
from bot.pauses import Pause, paused_tables
from bot.lobby import check_opening, most_seats, players_wanted, seat_counts, table_options
from bot.retry import Backoff
from bot.seating import SeatedElsewhere
from bot.settings import TURN_SECONDS
from bot.shards import Shards
from bot.store import SaveFailed, StaleVersion, Store, TableExists
from games import get_game
from games.base import Event, GameBase, GameError, SeatInfo, check_range, option_error
from games.optionspec import seated_text

log = logging.getLogger(__name__)

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"
DEFAULT_STARTING_BALANCE = 1000  # season chips of a player new to the season (servers may change it)
LEFT = "You left the table."
RESIGNED = "You resigned. A bot plays your seat; the result still counts for you."
SHOWN_AGAIN = "Here is the table again ⬇️"
CHANGED_ELSEWHERE = "The table changed in the meantime; please look at it again and retry."
REDRAW_RETRIES = 4  # a redraw Discord failed (5xx, 429 after retries) is tried again after 2, 4, 8, 16 s


class Refusal(Exception):
    """Something a user asked for that cannot be done; the message is shown to them, ephemeral."""


class StaleClick(Refusal):
    """A click from a panel drawn before what that seat may do changed; the answer brings the fresh panel."""

    def __init__(self, table_id: int) -> None:
        super().__init__("That moment has passed — what you can do has changed. Here is your hand now.")
        self.table_id = table_id


Origin = Any
"""Whoever asked for a change (a Discord interaction for the Discord presenter), handed to the presenter
untouched so that it answers them; None when nobody did (bots, deadlines, a restart). Opaque here."""


class Presenter:
    """What the manager shows after each transition, and the answer to whoever asked for it. Methods
    that may post the table message anew return that message's id (the manager records it). This base
    shows nothing (tests, tools); ``bot.presenter.DiscordPresenter`` shows Discord."""

    async def table_opened(self, table: "Table", origin: Origin) -> int | None:
        return None

    async def table_changed(self, table: "Table", events: list[Event], notes: list[str]) -> int | None:
        """Called under the table lock after a change: note what happened (narration, summaries to post);
        drawing it comes later, outside the lock (``frame`` then ``draw``)."""
        return None

    def frame(self, table: "Table", *, repost: bool = False) -> Any:
        """Everything the next redraw shows, built at once under the table lock (nothing sent): the lobby, the
        game or the closed table; ``repost``: the table message posted anew (``/table``) rather than edited."""
        return None

    async def draw(self, table: "Table", frame: Any) -> int | None:
        """Show ``frame`` (outside the lock); the id of the message showing the table, if it changed."""
        return None

    async def receive(self, origin: Origin, *, private: bool = False) -> None:
        """Acknowledge ``origin`` before waiting for a busy table lock (a deferral, ``private`` for a new
        private answer), so that a busy table never makes an answer late; the answer follows."""
        return None

    async def pace(self, table: "Table") -> None:
        """Wait, if need be, before the table is framed for its next redraw (changes made meanwhile drawn at once)."""
        return None

    def redraw_wanted(self, table: "Table") -> bool:
        """Whether the last redraw did not all land (Discord failed for a while): the table is drawn again later."""
        return False

    async def remind(self, table: "Table", decisions: dict[int, int]) -> None:
        """Half the decision's time has gone: ping the seats still deciding (seat → its decision's version)."""
        return None

    async def acknowledge(self, origin: Origin, answer: str | None = None) -> None:
        """Answer who asked (a command with ``answer``, a click silently) when the table itself shows the rest."""
        return None

    def answers_in_place(self, origin: Origin) -> bool:
        """Whether a hand panel answering ``origin`` may take the place of the message it came from: only the
        clicker's own private panel may be replaced; any other answer is a new private message."""
        return origin is not None

    def panel_reply(self, table: "Table", user_id: int, origin: Origin, *, replace: bool,
                    note: str | None = None) -> Awaitable[None]:
        """The user's private hand panel, as a new message or (``replace``) in place of the clicked one:
        built now (under the lock), sent when the returned awaitable is awaited (after it)."""
        return asyncio.sleep(0)


@dataclass
class Seat:
    user_id: int | None
    name: str
    bot: bool = False
    resigned: bool = False  # a human whose seat a bot now plays
    balance: int | None = None  # season chips at the start (money games only)

    @property
    def automated(self) -> bool:
        return self.bot or self.resigned

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "bot": self.bot, "resigned": self.resigned,
                "balance": self.balance}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Seat":
        return cls(data.get("user_id"), data["name"], bool(data.get("bot")), bool(data.get("resigned")),
                   data.get("balance"))

    def info(self) -> SeatInfo:
        return SeatInfo(name=self.name, bot=self.bot, balance=self.balance)


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    game: GameBase
    options: dict[str, Any]
    host_id: int
    seats: list[Seat]
    status: str
    version: int
    turn_seconds: int
    seed: str | None = None
    state: BaseModel | None = None
    deadline: float | None = None
    message_id: int | None = None
    season_id: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    timer: asyncio.Task | None = field(default=None, repr=False)
    drawer: asyncio.Task | None = field(default=None, repr=False)  # the redraw under way, if any
    dirty: bool = field(default=False, repr=False)  # a change not drawn yet
    repost: bool = field(default=False, repr=False)  # the next redraw posts the table message anew (/table)
    redraw_failures: int = field(default=0, repr=False)  # redraws in a row that Discord did not all take
    closing: str | None = None  # why a cancelled table closed, shown on its message
    paused: Pause | None = None  # an officer stopped its clock (bot/pauses.py)
    recent: list[str] = field(default_factory=list)  # public narration lines, newest last
    acted: list[int] = field(default_factory=list)  # actions each seat has taken (from the action log)

    @property
    def is_open(self) -> bool:
        return self.status in (LOBBY, PLAYING)

    def take(self, stored: "Table") -> None:
        """Everything the database keeps of this table, from ``stored`` (the same table read again); what
        belongs to this process (its lock, timer, redraws, narration) stays."""
        for name in PERSISTED:
            setattr(self, name, getattr(stored, name))

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.bot:
                return index
        return None

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if not s.bot]

    def to_act(self) -> list[int]:
        if self.status != PLAYING or self.state is None:
            return []
        return self.game.to_act(self.state)

    def choices(self, seat: int) -> list[str]:
        """What ``seat`` may do now (nothing when it is not its turn)."""
        return self.game.legal_actions(self.state, seat) if seat in self.to_act() else []

    def seat_version(self, seat: int) -> int:
        """The version of what one seat may do, carried by the buttons of that seat's panel.

        It changes when the seat acts (so a doubled click is stale) or when its choices change, and
        not when another seat acts: three players betting at once are all counted. It depends only on
        the state and the action log, so buttons sent before a restart keep working after it.
        """
        acted = self.acted[seat] if seat < len(self.acted) else 0
        digest = zlib.crc32("\n".join([str(acted), *self.choices(seat)]).encode())
        return digest % 999_999_999 + 1  # never 0, which marks an unversioned button


PERSISTED = ("options", "host_id", "seats", "status", "version", "turn_seconds", "seed", "state", "deadline",
             "message_id", "season_id", "acted")


def saving(method):
    """A change a user asked for: when the store cannot save it, or the database refuses to seat a player
    twice in one server, they are told so, and nothing changed (every change writes to the store before it
    touches the table in memory)."""

    @functools.wraps(method)
    async def wrapper(manager: "TableManager", *args: Any, **kwargs: Any) -> Any:
        manager.changing += 1  # answered (deferred) before it is done: idle() waits for it
        try:
            return await method(manager, *args, **kwargs)
        except SaveFailed as failed:
            log.warning("%s: could not save (%s)", method.__name__, failed.reason)
            raise Refusal(str(failed)) from None
        except SeatedElsewhere as seated:
            raise Refusal(str(seated)) from None
        finally:
            manager.changing -= 1

    return wrapper


def _seats_from_row(raw: Any) -> list[Seat]:
    return [Seat.from_dict(s if isinstance(s, dict) else dict(s)) for s in raw]


class TableManager:
    """Opens, runs and restores tables. One ``asyncio.Lock`` per table orders everything."""

    def __init__(
        self,
        store: Store,
        presenter: Presenter,
        *,
        default_turn_seconds: int,
        bot_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
        shards: Shards | None = None,
        save_retry: Backoff = Backoff(),
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.default_turn_seconds = default_turn_seconds
        self.bot_delay = bot_delay
        self.clock = clock
        self.new_seed = new_seed  # tests inject fixed seeds; real tables draw from `secrets`
        self.shards = shards  # the shards whose guilds' tables this process keeps (None: every guild's)
        self.save_retry = save_retry  # the pauses before a bot's or a deadline's refused move is tried again
        self.tables: dict[int, Table] = {}
        self._tasks: set[asyncio.Task] = set()
        self._closing = False
        self.changing = 0  # changes users asked for still under way
        self.deadlines_fired = 0  # decisions whose time ran out (bot/metrics.py)

    # ---------------------------------------------------------------- loading

    def _from_row(self, row: Any) -> Table:
        game = get_game(row.game)
        table = Table(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=game,
            options=dict(row.options or {}),
            host_id=row.host_id,
            seats=_seats_from_row(row.seats),
            status=row.status,
            version=row.version,
            turn_seconds=row.turn_seconds or self.default_turn_seconds,
            seed=row.seed,
            deadline=row.deadline,
            message_id=row.message_id,
            season_id=row.season_id,
        )
        if row.snapshot:
            table.state = game.load(row.snapshot)
        return table

    def serves(self, guild_id: int) -> bool:
        """Whether this process keeps ``guild_id``'s tables (its shards' guilds; every guild unsharded)."""
        return self.shards is None or self.shards.owns(guild_id)

    async def restore(self) -> list[Table]:
        """Bring back every unfinished table of the guilds this process serves after a start; re-arm deadlines
        (those that passed while no process served it fire now) and bots."""
        restored = []
        pauses = await paused_tables(self.store)
        for row in await self.store.tables.unfinished(self.shards):  # another process's shards: it restores them
            try:
                table = self._from_row(row)
            except Exception:  # a table we cannot load must not stop the others
                log.exception("could not restore table %s", row.id)
                continue
            table.paused = pauses.get(table.id)
            restored.append(await self._bring_back(table))
        return restored

    async def load(self, table_id: int) -> Table | None:
        """The table, read from the database when this process does not hold it yet: an open table of a guild it
        serves that another process opened after this one had started (as during a deploy). None if there is none."""
        if (held := self.tables.get(table_id)) is not None:
            return held
        row = await self.store.tables.get(table_id)
        if row is None or not row.is_open or not self.serves(row.guild_id):
            return None
        return await self._bring_back(self._from_row(row))

    async def _bring_back(self, table: Table) -> Table:
        """A table read from the database taken into this process: its seats' actions counted, its deadline and
        bots going again. A table another task brought back meanwhile is kept instead."""
        if table.status == PLAYING:
            log_rows = await self.store.tables.actions(table.id)
            table.acted = acted_counts(len(table.seats), log_rows)
            last = log_rows[-1] if log_rows else None
            if last and last.source == "timeout" and decision_continues(table, last.seat, []):
                table.deadline = self.clock()  # stopped halfway through a timed-out decision: finish it
        if (held := self.tables.get(table.id)) is not None:
            return held
        self.tables[table.id] = table
        if table.status == PLAYING:
            self._arm_timer(table)
            self._spawn(self._advance(table, []))
        return table

    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        for table in self.tables.values():
            if table.channel_id == channel_id and table.is_open:
                return table
        return None

    def table_here(self, channel_id: int | None) -> Table:
        """The open table of a channel, or a Refusal saying there is none."""
        table = self.in_channel(channel_id) if channel_id is not None else None
        if table is None:
            raise Refusal("There is no table in this channel. Open one with /play.")
        return table

    @contextlib.asynccontextmanager
    async def _holding(self, table: Table, origin: Origin, *, private: bool = False) -> AsyncIterator[None]:
        """The table's lock, for a change ``origin`` asked for. When the lock is free it is taken at once and
        ``origin`` is answered directly after (one call: the answer itself); when it is busy, ``origin`` is
        acknowledged first (``presenter.receive``), so that waiting for a busy table never makes an answer late."""
        if busy(table.lock):
            await self.presenter.receive(origin, private=private)
        async with table.lock:  # nothing was awaited since the check: a free lock is taken without waiting
            try:
                yield
            except StaleVersion:  # another process changed the table: the click was made on an older table
                await self._reload(table)
                raise StaleClick(table.id) if table.status == PLAYING else Refusal(CHANGED_ELSEWHERE) from None

    async def _reload(self, table: Table) -> None:
        """The table as the database has it, in place of what this process held (under the table lock): another
        process changed it, as when two processes briefly serve one shard during a deploy (that process draws
        its own changes). Its deadline is armed anew."""
        stored = self._from_row(await self.store.tables.get(table.id))
        if stored.status == PLAYING:
            stored.acted = acted_counts(len(stored.seats), await self.store.tables.actions(table.id))
        log.warning("table %s: changed by another process (version %s, this one held %s); read again",
                    table.id, stored.version, table.version)
        table.take(stored)
        self._arm_timer(table)

    async def _catch_up(self, table: Table, origin: Origin, *, private: bool) -> bool:
        """Whether the database holds a newer version of the table than this process (another process moved
        it); if so, it is read again. For a click refused against what this process holds."""
        async with self._holding(table, origin, private=private):
            row = await self.store.tables.get(table.id)
            if row is None or row.version == table.version:
                return False
            await self._reload(table)
            return True

    async def _shown(self, table: Table, message_id: int | None) -> None:
        """Record that ``message_id`` now shows the table (None: the message showing it did not change)."""
        if message_id is not None and message_id != table.message_id:
            table.message_id = message_id
            await self.store.tables.set_message(table.id, message_id)

    async def close(self) -> None:
        self._closing = True
        for table in self.tables.values():
            if table.timer:
                table.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no background work (bots, timers that fired) is running. For tests."""
        while True:
            busy = [t for t in self._tasks if not t.done()]
            if not busy and not self.changing:
                return
            await asyncio.gather(*busy, asyncio.sleep(0.01), return_exceptions=True)

    # ---------------------------------------------------------------- lobby

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
        allowed = config.allowed_channels or []
        if allowed and channel_id not in allowed and (parent_id is None or parent_id not in allowed):
            raise Refusal(f"Tables can be opened only in {' '.join(f'<#{c}>' for c in allowed)} on this server.")
        if existing := self.in_channel(channel_id):
            raise Refusal(
                f"This channel already has a {existing.game.title} table "
                f"({'waiting for players' if existing.status == LOBBY else 'in play'}). "
                "Use /table to see it, or open a table in another channel."
            )
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
            raise Refusal(f"This channel already has a {existing.game.title if existing else 'game'} table. "
                          "Use /table to see it, or open a table in another channel.") from None
        table = self._from_row(row)
        self.tables[table.id] = table
        async with table.lock:
            await self._shown(table, await self.presenter.table_opened(table, origin))
        return table

    async def open_seated(self, *, game_name: str, guild_id: int, channel_id: int, players: list[tuple[int, str]],
                          bots: int, linked: Callable[[Any, int], Awaitable[None]] | None = None,
                          parent_id: int | None = None) -> Table:
        """A table opened with ``players`` (user id, name; the first is its host) and ``bots`` seated, then
        started as its host would start it (a league night's draw, in ``channel_id`` or a thread of
        ``parent_id``); nobody is answered."""
        taken = {name for _, name in players}
        names = [n for n in (f"Bot {k}" for k in range(1, 20)) if n not in taken][:bots]
        seats = [Seat(user, name) for user, name in players] + [Seat(None, name, bot=True) for name in names]
        host_id, host_name = players[0]
        table = await self.open_table(game_name=game_name, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                                      host_name=host_name, options={}, turn_seconds=None, seats=seats, linked=linked,
                                      parent_id=parent_id)
        return await self.start(table.id, host_id)

    def _lobby(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None or not table.is_open:
            raise Refusal("This table is closed. Open a new one with /play.")
        if table.status != LOBBY:
            raise Refusal("The game has already started.")
        return table

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
            if other.id != table_id and other.guild_id == guild_id and other.is_open and other.seat_of(user_id) is not None:
                if other.status == PLAYING and other.seats[other.seat_of(user_id)].resigned:
                    continue
                return other
        return None

    @saving
    async def leave(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self._lobby(table_id)
        async with self._holding(table, origin):
            self._lobby(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not seated at this table.")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            humans = [s for s in seats if not s.bot]
            if humans:
                await self._save_lobby(table, seats, host_id=table.host_id if user_id != table.host_id else humans[0].user_id)
            else:
                await self._cancel_locked(table, "Everyone left; the table is closed.")
        await self._show_lobby(table, origin, LEFT)
        return table

    @saving
    async def add_bot(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self._lobby(table_id)
        async with self._holding(table, origin):
            self._lobby(table_id)
            if table.seat_of(user_id) is None:
                raise Refusal("Only a seated player can add a bot.")
            if len(table.seats) >= (seats := most_seats(table.game, table.options)):
                raise Refusal(f"The table is full ({seats} seats).")
            taken = {s.name for s in table.seats}
            name = next(f"Bot {n}" for n in range(1, 20) if f"Bot {n}" not in taken)
            await self._save_lobby(table, [*table.seats, Seat(None, name, bot=True)])
        await self._show_lobby(table, origin)
        return table

    @saving
    async def remove_bot(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self._lobby(table_id)
        async with self._holding(table, origin):
            self._lobby(table_id)
            if table.seat_of(user_id) is None:
                raise Refusal("Only a seated player can remove a bot.")
            bots = [i for i, s in enumerate(table.seats) if s.bot]
            if not bots:
                raise Refusal("There is no bot to remove.")
            await self._save_lobby(table, [s for i, s in enumerate(table.seats) if i != bots[-1]])
        await self._show_lobby(table, origin)
        return table

    @saving
    async def cancel(self, table_id: int, user_id: int, *, is_admin: bool = False, name: str | None = None,
                     origin: Origin = None) -> Table:
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
                raise Refusal(f"{table.game.title} needs {players_wanted(table.game, table.options)}; "
                              f"{seated_text(count)}. {'Join or add a bot' if short else 'Someone must leave'} first.")
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
                table.id, [s.as_dict() for s in seats], seed, state.model_dump_json(), deadline, season.id, table.version
            )
            table.seats = seats
            table.status, table.version, table.seed, table.state = PLAYING, row.version, seed, state
            table.acted = [0] * len(seats)
            table.deadline, table.season_id, table.options = deadline, season.id, options
            events = table.game.opening_events(state)
            if table.game.is_over(state):  # e.g. a one-month game decided by a hand combo at the deal
                await self._finish(table, seat=None, action=None, actor_id=None, source="bot")
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
            held = await self.store.ledger.balance(table.guild_id, season_id, seat.user_id, table.game.name) if not seat.bot else 0
            seats.append(Seat(**{**seat.__dict__, "balance": start + held}))
        return seats

    # ---------------------------------------------------------------- play

    def check_turn(self, table: Table, user_id: int, version: int | None) -> int:
        """The seat of ``user_id`` if they may act now, else a Refusal saying why."""
        if table.status != PLAYING:
            raise Refusal("This game is over." if table.status == FINISHED else "This game has not started yet.")
        if table.paused is not None:
            raise Refusal(table.paused.refusal())
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not seated at this table, so you can only watch.")
        if version is not None and version != table.seat_version(seat):
            raise StaleClick(table.id)
        if seat not in table.to_act():
            waiting = ", ".join(user_text.name(table.seats[s].name) for s in public_to_act(table)) \
                or "the other players"
            raise Refusal(f"It is not your turn; waiting for {waiting}.")
        return seat

    async def show_hand(self, table_id: int, user_id: int, origin: Origin = None, *, replace: bool = False,
                        note: str | None = None) -> None:
        """A seated player's private hand panel, as a new message or (``replace``) in place of the clicked one."""
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        if table.status == LOBBY:
            raise Refusal("The game has not started yet; your hand appears once the host presses Start.")
        if table.status != PLAYING:
            raise Refusal("This game is over.")
        if table.seat_of(user_id) is None:
            raise Refusal("You are not seated at this table, so there is no hand to show. Enjoy watching!")
        replace = replace and self.presenter.answers_in_place(origin)
        async with self._holding(table, origin, private=not replace):
            reply = self.presenter.panel_reply(table, user_id, origin, replace=replace, note=note)
        await reply

    async def show_again(self, channel_id: int | None, origin: Origin = None) -> Table:
        """The channel's table posted anew (the old message scrolled away), by the redraw outside the lock."""
        table = self.table_here(channel_id)
        await self.presenter.acknowledge(origin, SHOWN_AGAIN)
        table.repost = True
        self._redraw_soon(table)
        return table

    @saving
    async def act(self, table_id: int, user_id: int, version: int | None, action: str,
                  origin: Origin = None) -> tuple[Table, list[Event]]:
        """A player's action: checked, applied, persisted; bots and the presenter follow.

        The player's own answer (their panel, in place of the one clicked when that was their panel) goes out under the table
        lock right after the action is stored, before any later change of the table.
        """
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        replace = self.presenter.answers_in_place(origin)
        try:
            self._check_action(table, user_id, version, action)  # refused at once, before any deferral
        except Refusal:  # unless another process moved the table meanwhile: then judged against its move
            if not await self._catch_up(table, origin, private=not replace):
                raise
            self._check_action(table, user_id, version, action)
        async with self._holding(table, origin, private=not replace):
            seat = self._check_action(table, user_id, version, action)  # the table may have moved meanwhile
            events = await self._apply(table, seat, action, actor_id=user_id, source="player")
            reply = self.presenter.panel_reply(table, user_id, origin, replace=replace) if origin is not None else None
        self._spawn(self._advance(table, events))
        if reply is not None:
            try:
                await reply
            except Exception:  # the action stands; the next redraw brings the panel
                log.exception("table %s: answering the player failed", table.id)
        return table, events

    def _check_action(self, table: Table, user_id: int, version: int | None, action: str) -> int:
        """The seat of ``user_id`` if it may play ``action`` now, else a Refusal saying why."""
        seat = self.check_turn(table, user_id, version)
        if table.seats[seat].resigned:
            raise Refusal("You resigned from this game; a bot plays your seat.")
        if action not in table.game.legal_actions(table.state, seat):
            raise Refusal(table.game.illegal_reason(table.state, seat, action)
                          or "That move is not allowed right now. Use the buttons of your hand panel.")
        return seat

    @saving
    async def resign(self, table_id: int, user_id: int, origin: Origin = None) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status != PLAYING:
            raise Refusal("There is no game in play here to resign from.")
        async with self._holding(table, origin, private=True):
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not seated at this table.")
            if table.seats[seat].resigned:
                raise Refusal("You have already resigned; a bot plays your seat.")
            seats = [Seat(**{**s.__dict__}) for s in table.seats]
            seats[seat].resigned = True
            row = await self.store.tables.update_seats(table.id, [s.as_dict() for s in seats], table.version)
            table.seats, table.version = seats, row.version
        who = user_text.name(table.seats[seat].name)
        self._spawn(self._advance(table, [], notes=[f"🏳️ {who} resigned; a bot plays their seat."]))
        await self.presenter.acknowledge(origin, RESIGNED)
        return table

    async def _apply(self, table: Table, seat: int, action: str, *, actor_id: int | None, source: str) -> list[Event]:
        """Apply one action and persist it; on any failure the table is left as it was."""
        game, before = table.game, table.state.model_dump_json()
        waiting = {s: table.seat_version(s) for s in table.to_act() if s != seat}
        try:
            events = game.apply(table.state, seat, action)
            if game.is_over(table.state):
                await self._finish(table, seat=seat, action=action, actor_id=actor_id, source=source)
                table.acted[seat] += 1
                return events
            deadline = self._deadline_after(table, waiting)
            row = await self.store.tables.record_action(
                table.id, seat=seat, action=action, actor_id=actor_id, source=source,
                snapshot=table.state.model_dump_json(), deadline=deadline, expected_version=table.version,
            )
        except BaseException:
            table.state = game.load(before)
            raise
        table.acted[seat] += 1
        table.version, table.deadline = row.version, deadline
        self._arm_timer(table)
        return events

    def _deadline_after(self, table: Table, waiting: dict[int, int]) -> float:
        """The deadline once an action is applied. While every seat left to act was already deciding and
        still faces the same choices (the other bettors, a pass in a shared call window), the decision
        is the same one and so is its deadline: others acting never stretches an absent player's time.
        Otherwise a new decision starts with its full time."""
        left = table.to_act()
        if table.deadline is not None and left and all(waiting.get(s) == table.seat_version(s) for s in left):
            return table.deadline
        return self.clock() + decision_seconds(table)

    async def _finish(self, table: Table, *, seat: int | None, action: str | None,
                      actor_id: int | None, source: str) -> None:
        """Store the last action, the final snapshot and the ledger entries in one transaction."""
        row = await self.store.tables.finish(
            table.id, seat=seat, action=action, actor_id=actor_id, source=source,
            snapshot=table.state.model_dump_json(), expected_version=table.version,
            results=self._ledger_results(table),
        )
        table.status, table.deadline, table.version = FINISHED, None, row.version
        if table.timer and table.timer is not asyncio.current_task():
            table.timer.cancel()

    def _ledger_results(self, table: Table) -> list[dict[str, Any]]:
        """The ledger lines of a finished game (the game's own, by default one per seat), with who sat where."""
        entries = []
        for line in table.game.ledger_entries(table.state):
            seat_no = line["seat"]
            seat = table.seats[seat_no]
            human = not seat.bot
            entries.append({
                **line,
                "participant": f"user:{seat.user_id}" if human else f"bot:{table.id}:{seat_no}",
                "user_id": seat.user_id if human else None,
                "name": seat.name,
            })
        return entries

    async def _advance(self, table: Table, events: list[Event], notes: list[str] | None = None) -> None:
        """Let automated seats play until a human must decide, then tell the presenter. The pause
        between bots comes once per decision (an exchange of 7 cards is one decision, not 7). A move the
        database refuses is tried again after a pause (``save_retry``) until it lands, the lock released
        meanwhile: nobody else would play it before the deadline."""
        notes = list(notes or [])
        failures = 0
        try:
            while not self._closing:
                try:
                    async with table.lock:
                        auto = [s for s in table.to_act() if table.seats[s].automated] if table.paused is None else []
                        if not auto:
                            break
                        try:
                            await self._play_decision(table, auto[0], source="bot", events=events)
                        except StaleVersion:  # another process moved the table: go on from where it is
                            await self._reload(table)
                except SaveFailed as failed:
                    failures += 1
                    await self._wait_to_save_again(table, failed, failures)
                    continue
                failures = self._saved_again(table, failures)
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
            async with table.lock:
                await self._shown(table, await self.presenter.table_changed(table, events, notes))
            self._redraw_soon(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: advancing failed", table.id)

    def redraw(self, table: Table) -> None:
        """Draw the table again, though it did not change (what it could not show before may be shown now)."""
        self._redraw_soon(table)

    async def _wait_to_save_again(self, table: Table, failed: SaveFailed, failures: int) -> None:
        """A bot's or a deadline's move the database refused: said once in the log, tried again after a pause."""
        if failures == 1:
            log.warning("table %s: the database refused a move (%s); trying again until it lands",
                        table.id, failed.reason)
        await asyncio.sleep(self.save_retry.delay(failures))

    @staticmethod
    def _saved_again(table: Table, failures: int) -> int:
        if failures:
            log.warning("table %s: the move was saved after %d refused attempt(s)", table.id, failures)
        return 0

    def _redraw_soon(self, table: Table) -> None:
        """Draw the table's latest state outside the lock: one redraw task per table; a change made while
        one is drawing is drawn next, all changes made meanwhile at once (a newer change supersedes)."""
        table.dirty = True
        if table.drawer is None or table.drawer.done():
            table.drawer = self._spawn(self._redraw(table))

    async def _redraw(self, table: Table) -> None:
        while table.dirty and not self._closing:
            try:
                await self.presenter.pace(table)
                table.dirty = False
                async with table.lock:
                    repost, table.repost = table.repost, False
                    frame = self.presenter.frame(table, repost=repost)
                shown = await self.presenter.draw(table, frame)
            except Exception:  # a frame that could not be built or drawn: said in the log, the next change redraws
                log.exception("table %s: redrawing failed", table.id)
                continue
            if shown is not None:
                async with table.lock:
                    await self._shown(table, shown)
            if not self.presenter.redraw_wanted(table):
                table.redraw_failures = 0
            elif table.redraw_failures < REDRAW_RETRIES:  # Discord failed for a while: try again a little later
                table.redraw_failures += 1
                self._spawn(self._redraw_later(table, 2.0 ** table.redraw_failures))

    async def _redraw_later(self, table: Table, delay: float) -> None:
        await asyncio.sleep(delay)
        self._redraw_soon(table)

    async def _play_decision(self, table: Table, seat: int, *, source: str, events: list[Event]) -> None:
        """The bot plays ``seat``'s whole decision, every step of it, under the table lock (its time ran
        out, or the seat is a bot or a resigned player): it is never left half done to wait for another
        deadline. A timed-out step plays what the game says (``timeout_action``), else the bot policy.
        Each step's events go to ``events`` as it lands (a later step the database refuses keeps them)."""
        while True:
            action = (source == "timeout" and timeout_action(table, seat)) or self._bot_action(table, seat)
            step = await self._apply(table, seat, action, actor_id=None, source=source)
            events += step
            if not decision_continues(table, seat, step):
                return

    def _bot_action(self, table: Table, seat: int) -> str:
        legal = table.game.legal_actions(table.state, seat)
        view = table.game.view(table.state, seat)
        rng = zlib.crc32(f"{table.seed}:{table.version}:{seat}".encode())
        action = table.game.bot_choose(view, legal, rng)
        return action if action in legal else legal[0]

    async def replay(self, table_id: int) -> BaseModel:
        """The table's state rebuilt from its seed and action log alone (crash checks, audits)."""
        row = await self.store.tables.get(table_id)
        game = get_game(row.game)
        seats = _seats_from_row(row.seats)
        options = game.Options(**game_options(game, row.options, len(seats)))
        state = game.new_game(options, [s.info() for s in seats], row.seed)
        for entry in await self.store.tables.actions(table_id):
            game.apply(state, entry.seat, entry.action)
        return state

    # ---------------------------------------------------------------- deadlines

    def _arm_timer(self, table: Table) -> None:
        if table.timer and not table.timer.done() and table.timer is not asyncio.current_task():
            table.timer.cancel()
        if table.status != PLAYING or table.deadline is None or table.paused is not None or self._closing:
            return
        table.timer = asyncio.get_running_loop().create_task(self._expire(table, table.version, table.deadline))

    async def _expire(self, table: Table, version: int, deadline: float) -> None:
        halfway = deadline - decision_seconds(table) / 2
        await asyncio.sleep(max(0.0, halfway - self.clock()))
        await self._remind(table, version)
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        await self.fire_deadline(table.id, version)

    async def _remind(self, table: Table, version: int) -> None:
        """Half the decision's time has gone: the humans still deciding are pinged (the presenter pings
        each once per decision, panel open or not: a private panel may have been dismissed)."""
        async with table.lock:
            if version != table.version or table.status != PLAYING or table.paused is not None:
                return
            deciding = {s: table.seat_version(s) for s in public_to_act(table)
                        if not table.seats[s].automated and table.seats[s].user_id is not None}
        if deciding:
            try:
                await self.presenter.remind(table, deciding)
            except Exception:
                log.exception("table %s: reminding failed", table.id)

    async def fire_deadline(self, table_id: int, version: int | None = None) -> bool:
        """The decision's time is up: the bot plays the whole decision of every seat still to act (all
        the steps of a multi-step one, then whoever acts next gets one new deadline). A step the database
        refuses is tried again after a pause until it lands (the steps that landed stay played)."""
        table = self.tables.get(table_id)
        if table is None or table.status != PLAYING:
            return False
        events: list[Event] = []
        notes: list[str] = []
        due: list[int] | None = None  # the seats whose time ran out, played in turn
        named: set[int] = set()
        failures = 0
        while not self._closing:
            try:
                async with table.lock:
                    if (table.status != PLAYING or (version is not None and version != table.version)
                            or table.paused is not None):
                        if due is None:
                            return False
                        break  # a player's move or another change landed while this one waited: it re-armed the time
                    if due is None:
                        self.deadlines_fired += 1
                        due, named = list(table.to_act()), set(public_to_act(table))  # a secret window's seats are not named
                    try:
                        while due:
                            seat = due[0]
                            if seat in table.to_act():  # else an earlier seat's decision closed this one's (a window)
                                await self._play_decision(table, seat, source="timeout", events=events)
                                if seat in named:
                                    who = user_text.name(table.seats[seat].name)
                                    notes.append(f"⏰ Time ran out for {who}; Parlor's bot played for them.")
                            due.pop(0)
                    except StaleVersion:  # another process moved the table: its deadline is the one that counts
                        await self._reload(table)
                    break
            except SaveFailed as failed:
                failures += 1
                version = table.version  # what landed before the refusal stays: the rest is played on the next try
                await self._wait_to_save_again(table, failed, failures)
        self._saved_again(table, failures)
        if due is None:
            return False
        task = self._spawn(self._advance(table, events, notes))
        await asyncio.shield(task)
        return True

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


def busy(lock: asyncio.Lock) -> bool:
    """Whether taking ``lock`` now would wait: it is held, or others queue for it (asyncio's lock lets a
    newcomer pass only when nobody waits)."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


def acted_counts(seats: int, log_rows: list[Any]) -> list[int]:
    """How many actions each seat has taken, from the table's action log."""
    acted = [0] * seats
    for entry in log_rows:
        if entry.seat is not None:
            acted[entry.seat] += 1
    return acted


def decision_seconds(table: Table) -> int:
    """Seconds for the decision now due: a game may shorten some (``decision_seconds(state, default)``)."""
    if table.state is None:
        return table.turn_seconds
    return table.game.decision_seconds(table.state, table.turn_seconds)


def timeout_action(table: Table, seat: int) -> str | None:
    """What a seat whose time ran out plays, if the game says (``timeout_action(state, seat)``, e.g. a
    call window passes); otherwise None and the bot policy plays for the seat."""
    action = table.game.timeout_action(table.state, seat) if table.state is not None else None
    return action if action is not None and action in table.game.legal_actions(table.state, seat) else None


def decision_continues(table: Table, seat: int, step: list[Event]) -> bool:
    """Whether ``seat``, which has just taken the step whose events are ``step``, is still in the middle
    of the same decision and acts again to finish it. The game says so (``decision_continues(state,
    seat)``: e.g. the rest of a turn, the cards of an exchange chosen one at a time); by default one
    action is one decision. A decision never runs into a new deal."""
    if seat not in table.to_act():  # to_act is empty once the game is over
        return False
    return (not any(e.type == "round_start" and e.seat is None for e in step)
            and table.game.decision_continues(table.state, seat))


def public_to_act(table: Table) -> list[int]:
    """Seats whose turn may be announced in public; a game may hide who can call (``public_to_act(state)``)."""
    if table.state is None or table.status != PLAYING:
        return table.to_act()
    return table.game.public_to_act(table.state)


def game_options(game: GameBase, options: dict[str, Any], seated: int) -> dict[str, Any]:
    """The options a game starts with: the table's, with ``players`` set to the seats taken."""
    options = dict(options)
    if "players" in game.Options.model_fields:
        options["players"] = seated
    return options


def _short_error(exc: Exception, title: str) -> str:
    return str(option_error(exc, title) if isinstance(exc, ValidationError) else exc)
