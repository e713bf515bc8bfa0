"""Tables: one per channel, from lobby to result, persisted action by action.

The manager knows games only through the interface of ``games.base``; it knows Discord
not at all. It owns every transition of a table, lobby included, and every store write about
tables (which message shows a table too). Whatever must be shown goes through a
:class:`Presenter` (``bot.presenter`` for Discord), which only presents. Every accepted action
is written to the store (action log + snapshot) in one transaction before anyone is told
about it, so a restart loses nothing.

* :mod:`bot.tables.manager` — :class:`TableManager`, made of the concerns below on :mod:`bot.tables.core`;
* :mod:`bot.tables.lobby` — open, join, leave, bots in the lobby, cancel; :mod:`bot.tables.starting` — start;
* :mod:`bot.tables.play` — a player's move (checked, applied, saved), the hand panel, resigning;
* :mod:`bot.tables.bots` — automated seats play until a human must decide;
* :mod:`bot.tables.deadlines` — each decision's deadline, its reminder and its expiry;
* :mod:`bot.tables.redraw` — the table's message drawn again outside the lock;
* :mod:`bot.tables.loading` — tables restored at start-up, read from another process, replayed;
* :mod:`bot.tables.table`, :mod:`bot.tables.decisions`, :mod:`bot.tables.presenter`, :mod:`bot.tables.refusals`.
"""

from bot.tables.core import CHANGED_ELSEWHERE
from bot.tables.decisions import acted_counts, decision_continues, decision_seconds, game_options, public_to_act
from bot.tables.lobby import LEFT
from bot.tables.manager import TableManager
from bot.tables.play import RESIGNED, SHOWN_AGAIN
from bot.tables.presenter import Origin, Presenter
from bot.tables.refusals import Refusal, StaleClick
from bot.tables.starting import DEFAULT_STARTING_BALANCE
from bot.tables.table import CANCELLED, FINISHED, LOBBY, PLAYING, Seat, Table

__all__ = [
    "CANCELLED",
    "CHANGED_ELSEWHERE",
    "DEFAULT_STARTING_BALANCE",
    "FINISHED",
    "LEFT",
    "LOBBY",
    "PLAYING",
    "RESIGNED",
    "SHOWN_AGAIN",
    "Origin",
    "Presenter",
    "Refusal",
    "Seat",
    "StaleClick",
    "Table",
    "TableManager",
    "acted_counts",
    "decision_continues",
    "decision_seconds",
    "game_options",
    "public_to_act",
]
