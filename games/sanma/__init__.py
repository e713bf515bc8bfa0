"""Sanma (3-player riichi mahjong): engine, scoring through ``mahjong``, bot policy (rules/sanma.md).

``GAME`` implements :class:`games.base.Game`. See :mod:`games.sanma.engine` for the seed/shuffle
protocol, the action strings and the events.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Result, SeatInfo
from games.sanma import engine
from games.sanma.engine import SanmaState
from games.sanma.options import Options, parse_options
from games.sanma.policy import bot_choose

__all__ = ["GAME", "Options", "SanmaGame", "SanmaState", "bot_choose", "parse_options"]


class SanmaGame:
    name = "sanma"
    title = "Sanma"
    min_players = 3
    max_players = 3
    Options = Options
    State = SanmaState

    def new_game(self, options: Options | None, seats: list[SeatInfo], seed: str,
                 walls: list[list[int]] | None = None) -> SanmaState:
        return engine.new_game(options, seats, seed, walls=walls)

    def load(self, snapshot: str) -> SanmaState:
        return engine.load(snapshot)

    def opening_events(self, state: SanmaState) -> list[Event]:
        return list(state.opening_events)

    def to_act(self, state: SanmaState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: SanmaState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: SanmaState, seat: int, action: str) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: SanmaState, seat: int) -> dict[str, Any]:
        return engine.view(state, seat)

    def public_view(self, state: SanmaState) -> dict[str, Any]:
        return engine.public_view(state)

    def is_over(self, state: SanmaState) -> bool:
        return engine.is_over(state)

    def result(self, state: SanmaState) -> Result:
        return engine.result(state)

    def hidden_cards(self, state: SanmaState) -> dict[int, list[str]]:
        return engine.hidden_cards(state)

    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
        return bot_choose(view, legal, rng_seed)

    def describe_action(self, action: str) -> str:
        return engine.describe_action(action)

    def decision_seconds(self, state: SanmaState, default: int) -> int:
        """Deadline of the current decision: a call window may be shorter (option ``call_seconds``)."""
        if state.phase == "respond" and state.options.call_seconds:
            return min(default, state.options.call_seconds)
        return default

    def timeout_action(self, state: SanmaState, seat: int) -> str | None:
        """A call window whose time ran out passes (``call_seconds``: "…and then passes"); a turn is
        played by the bot policy as usual."""
        return "pass" if state.phase == "respond" else None

    def decision_continues(self, state: SanmaState, seat: int) -> bool:
        """A turn is one decision: after a kita or a kan (replacement draw) or a call the same player
        goes on to the discard."""
        return state.phase == "turn" and state.turn == seat and state.draw_kind in ("replacement", "call")

    def public_to_act(self, state: SanmaState) -> list[int]:
        """Who may be named in public as the one to act: never the seats of a call window."""
        return engine.to_act(state) if state.phase == "turn" else []


GAME = SanmaGame()
