"""Black Flower (黒花): a hanafuda banking game (rules/black-flower.md).

``GAME`` implements :class:`games.base.Game` and the money-game hooks: ``uses_balances = True``
(each seat starts with its season chips) and :meth:`BlackFlowerGame.ledger_entries`.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Result, SeatInfo
from games.blackflower import engine, hands
from games.blackflower.engine import BlackFlowerState
from games.blackflower.options import Options, parse_options
from games.blackflower.policy import bot_choose

__all__ = ["GAME", "BlackFlowerGame", "BlackFlowerState", "Options", "bot_choose", "hands", "parse_options"]


class BlackFlowerGame:
    name = "blackflower"
    title = "Black Flower"
    min_players = 2
    max_players = 10
    Options = Options
    State = BlackFlowerState
    uses_balances = True

    def new_game(self, options: Options | None, seats: list[SeatInfo], seed: str,
                 decks: list[list[str]] | None = None, first_banker: int | None = None) -> BlackFlowerState:
        return engine.new_game(options, seats, seed, decks=decks, first_banker=first_banker)

    def load(self, snapshot: str) -> BlackFlowerState:
        return engine.load(snapshot)

    def opening_events(self, state: BlackFlowerState) -> list[Event]:
        return engine.opening_events(state)

    def to_act(self, state: BlackFlowerState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: BlackFlowerState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def illegal_reason(self, state: BlackFlowerState, seat: int, action: str) -> str:
        return engine.illegal_reason(state, seat, action)

    def apply(self, state: BlackFlowerState, seat: int, action: str) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: BlackFlowerState, seat: int) -> dict[str, Any]:
        return engine.view(state, seat)

    def public_view(self, state: BlackFlowerState) -> dict[str, Any]:
        return engine.public_view(state)

    def is_over(self, state: BlackFlowerState) -> bool:
        return engine.is_over(state)

    def result(self, state: BlackFlowerState) -> Result:
        return engine.result(state)

    def hidden_cards(self, state: BlackFlowerState) -> dict[int, list[str]]:
        return engine.hidden_cards(state)

    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
        return bot_choose(view, legal, rng_seed)

    def describe_action(self, action: str) -> str:
        return engine.describe_action(action)

    def ledger_entries(self, state: BlackFlowerState) -> list[dict[str, Any]]:
        return engine.ledger_entries(state)

    def decision_continues(self, state: BlackFlowerState, seat: int) -> bool:
        """A turn is one decision (§5, §8): once begun, a player plays all their hands (both hands of a
        split) and the banker their hand."""
        hand = engine.current_hand(state)
        begun = hand is not None and (hand.split or hand.hits or hand.doubled or hand.played_on)
        return state.turn == seat and bool(begun)


GAME = BlackFlowerGame()
