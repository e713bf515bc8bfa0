"""Koi-Koi (こいこい): rules engine, yaku evaluator and bot policy (rules/koi-koi.md).

``GAME`` implements :class:`games.base.Game`. See :mod:`games.koikoi.engine` for the
seed/shuffle protocol and the event shapes.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Result, SeatInfo
from games.koikoi import engine
from games.koikoi.engine import KoiKoiState, opening_events
from games.koikoi.options import Options, parse_options
from games.koikoi.policy import bot_choose
from games.koikoi.yaku import HAND_COMBOS, YAKU, evaluate, hand_combo

__all__ = [
    "GAME",
    "HAND_COMBOS",
    "KoiKoiGame",
    "KoiKoiState",
    "Options",
    "YAKU",
    "bot_choose",
    "evaluate",
    "hand_combo",
    "opening_events",
    "parse_options",
]


class KoiKoiGame:
    name = "koikoi"
    title = "Koi-Koi"
    min_players = 2
    max_players = 4
    Options = Options
    State = KoiKoiState

    def new_game(
        self,
        options: Options | None,
        seats: list[SeatInfo],
        seed: str,
        decks: list[list[str]] | None = None,
        order: list[int] | None = None,
    ) -> KoiKoiState:
        return engine.new_game(options, seats, seed, decks=decks, order=order)

    def load(self, snapshot: str) -> KoiKoiState:
        return engine.load(snapshot)

    def opening_events(self, state: KoiKoiState) -> list[Event]:
        return engine.opening_events(state)

    def to_act(self, state: KoiKoiState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: KoiKoiState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: KoiKoiState, seat: int, action: str) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: KoiKoiState, seat: int) -> dict[str, Any]:
        return engine.view(state, seat)

    def public_view(self, state: KoiKoiState) -> dict[str, Any]:
        return engine.public_view(state)

    def is_over(self, state: KoiKoiState) -> bool:
        return engine.is_over(state)

    def result(self, state: KoiKoiState) -> Result:
        return engine.result(state)

    def hidden_cards(self, state: KoiKoiState) -> dict[int, list[str]]:
        return engine.hidden_cards(state)

    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
        return bot_choose(view, legal, rng_seed)

    def describe_action(self, action: str) -> str:
        return engine.describe_action(action)

    def decision_continues(self, state: KoiKoiState, seat: int) -> bool:
        """A turn is one decision: after the card played the same player goes on with the flipped card's
        capture choice and the Koi-Koi or stop call."""
        return state.turn == seat and state.phase in ("choose_take", "decide")


GAME = KoiKoiGame()
