"""A table as this process holds it: its seats, its game's state, and what one seat may do now."""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.pauses import Pause
from games.base import GameBase, SeatInfo

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"


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
        return {
            "user_id": self.user_id,
            "name": self.name,
            "bot": self.bot,
            "resigned": self.resigned,
            "balance": self.balance,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(
            data.get("user_id"), data["name"], bool(data.get("bot")), bool(data.get("resigned")), data.get("balance")
        )

    def info(self) -> SeatInfo:
        return SeatInfo(name=self.name, bot=self.bot, balance=self.balance)


@dataclass
class Drawer:
    """What keeps one part of a table drawn on Discord (its message, or its players' hand panels): the task drawing
    it (None: none yet), whether a change is not drawn yet, and its redraws in a row that Discord did not all
    take."""

    task: asyncio.Task | None = None
    dirty: bool = False
    failures: int = 0

    def idle(self) -> bool:
        return self.task is None or self.task.done()


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
    timer_wakes: float | None = field(default=None, repr=False)  # when the timer wakes next (the manager's clock)
    drawer: Drawer = field(default_factory=Drawer, repr=False)  # keeps the table message drawn
    panel_drawer: Drawer = field(default_factory=Drawer, repr=False)  # keeps the players' panels drawn
    repost: bool = field(default=False, repr=False)  # the next redraw posts the table message anew (/table)
    closing: str | None = None  # why a cancelled table closed, shown on its message
    paused: Pause | None = None  # an officer stopped its clock (bot/pauses.py)
    late_seats: list[Any] | None = None  # bots' seats promised to late players (bot/league/late_seats.py); None: unread
    recent: list[str] = field(default_factory=list)  # public narration lines, newest last
    acted: list[int] = field(default_factory=list)  # actions each seat has taken (from the action log)

    @property
    def is_open(self) -> bool:
        return self.status in (LOBBY, PLAYING)

    def take(self, stored: Table) -> None:
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

    def seat_version(self, seat: int, choices: list[str] | None = None) -> int:
        """The version of what one seat may do, carried by the buttons of that seat's panel; ``choices``: the seat's
        :meth:`choices`, when the caller has them already.

        It changes when the seat acts (so a doubled click is stale) or when its choices change, and
        not when another seat acts: three players betting at once are all counted. It depends only on
        the state and the action log, so buttons sent before a restart keep working after it.
        """
        acted = self.acted[seat] if seat < len(self.acted) else 0
        digest = zlib.crc32("\n".join([str(acted), *(self.choices(seat) if choices is None else choices)]).encode())
        return digest % 999_999_999 + 1  # never 0, which marks an unversioned button


PERSISTED = (
    "options",
    "host_id",
    "seats",
    "status",
    "version",
    "turn_seconds",
    "seed",
    "state",
    "deadline",
    "message_id",
    "season_id",
    "acted",
)


def seats_from_row(raw: Any) -> list[Seat]:
    return [Seat.from_dict(s if isinstance(s, dict) else dict(s)) for s in raw]
