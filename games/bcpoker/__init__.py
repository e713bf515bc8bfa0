"""Black Christmas Poker: rules engine, hand evaluator and bot policy (rules/black-christmas-poker.md).

``GAME`` implements :class:`games.base.Game`. See :mod:`games.bcpoker.engine` for the
seed/shuffle protocol, the actions and the event shapes.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Result, SeatInfo
from games.bcpoker import engine
from games.bcpoker.engine import BCState
from games.bcpoker.hands import PATTERNS, evaluate, waits
from games.bcpoker.options import Options, parse_options
from games.bcpoker.policy import bot_choose

__all__ = ["GAME", "BCState", "BlackChristmasPoker", "Options", "PATTERNS", "bot_choose", "evaluate",
           "parse_options", "waits"]


class BlackChristmasPoker:
    name = "bcpoker"
    title = "Black Christmas Poker"
    min_players = 2
    max_players = 7
    Options = Options
    State = BCState

    def new_game(self, options: Options | None, seats: list[SeatInfo], seed: str,
                 decks: list[list[str]] | None = None, lead: int | None = None) -> BCState:
        return engine.new_game(options, seats, seed, decks=decks, lead=lead)

    def load(self, snapshot: str) -> BCState:
        return engine.load(snapshot)

    def opening_events(self, state: BCState) -> list[Event]:
        return engine.opening_events(state)

    def to_act(self, state: BCState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: BCState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: BCState, seat: int, action: str) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: BCState, seat: int) -> dict[str, Any]:
        return engine.view(state, seat)

    def public_view(self, state: BCState) -> dict[str, Any]:
        return engine.public_view(state)

    def public_to_act(self, state: BCState) -> list[int]:
        return engine.public_to_act(state)

    def decision_continues(self, state: BCState, seat: int) -> bool:
        """A turn is one decision (§3, §6): after its draw the player goes on — win, chain or exchange,
        every card of the exchange, the discard — until the discard ends it."""
        return state.turn == seat and state.phase in ("discard", "hit_decide", "hit_riichi", "exchange")

    def is_over(self, state: BCState) -> bool:
        return engine.is_over(state)

    def result(self, state: BCState) -> Result:
        return engine.result(state)

    def hidden_cards(self, state: BCState) -> dict[int, list[str]]:
        return engine.hidden_cards(state)

    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
        return bot_choose(view, legal, rng_seed)

    def describe_action(self, action: str) -> str:
        return engine.describe_action(action)


GAME = BlackChristmasPoker()
